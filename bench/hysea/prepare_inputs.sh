#!/usr/bin/env bash
# Prepares, on a Debian 12 machine with GDAL (gdal-bin), xz and a built tridg, everything that the
# GPU machine (no NetCDF, no GDAL, no Gmsh, nothing to download) needs to run Tsunami-HySEA and
# tridg side by side (bench/hysea/hysea_gpu.sh). All of it goes to git-ignored folders:
#   .deps/netcdf        NetCDF 4.9.0 and the serial HDF5 1.10.8 it was built against (headers,
#                       libraries named by their sonames, ncdump and ncgen), unpacked from the
#                       Debian 12 packages (the apt cache, or apt-get download)
#   .deps/root          toml++, muParser, nlohmann-json and nanoflann for tridg's build
#   .deps/hysea_inputs  HySEA's inputs and tridg's, from the same data (bench/hysea/inputs.py):
#                       okushiri_24s_bathy.nc (OK24's cells in the box), okushiri_24s_hno.nc
#                       (HNO1993 on those cells), okushiri_24s_{okada,hno}.txt (parameter files),
#                       points.txt, points.csv; okushiri_24s{,_hno}.toml (tridg's case reading
#                       OK24.xyz and HNO1993.xyz, "x y z" text, xz-compressed) and the mesh
#                       okushiri_24s.h5.xz (tridg region, 640 m triangles; also kept uncompressed
#                       as meshes/okushiri_24s.h5 for runs here); for the accuracy-against-cost
#                       study (bench/hysea/study_gpu.sh): HySEA's 12" and 6" grids
#                       okushiri_{12,6}s_bathy.nc.xz (OK24 bilinear, inputs.py --resolution) and
#                       their parameter files okushiri_{12,6}s_okada.txt, and the 1280 m mesh
#                       okushiri_1280m.h5.xz (tridg region --size-factor 2; also kept as
#                       meshes/okushiri_1280m.h5)
# The HySEA source itself is not fetched: put a snapshot (git archive of a Tsunami-HySEA
# checkout, a .tar.gz or a folder) under .deps/hysea/ (bench/hysea/README.md).
#   bench/hysea/prepare_inputs.sh            (TRIDG=path/to/tridg if not build*/bin/tridg)
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
die() { echo "prepare_inputs: $*" >&2; exit 1; }
for t in gdal_translate gdalwarp gdalinfo python3 xz dpkg; do
  command -v "$t" > /dev/null || die "$t is needed here (gdal-bin, python3, xz-utils, dpkg)"
done
TRIDG=${TRIDG:-}
if [ -z "$TRIDG" ]; then
  for t in build/bin/tridg build-dev/bin/tridg; do [ -x "$t" ] && TRIDG=$t && break; done
fi
{ [ -n "$TRIDG" ] && [ -x "$TRIDG" ]; } || die "no tridg executable (build it, or set TRIDG)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A Debian package's .deb: from the apt cache, else downloaded.
deb() {
  local f
  f=$(ls /var/cache/apt/archives/"$1"_*_{amd64,all}.deb 2> /dev/null | head -1)
  if [ -z "$f" ]; then
    (cd "$tmp" && apt-get download "$1" > /dev/null 2>&1) || die "cannot get the Debian package $1"
    f=$(ls "$tmp/$1"_*_{amd64,all}.deb 2> /dev/null | head -1)
  fi
  [ -n "$f" ] || die "cannot find the Debian package $1"
  echo "$f"
}

# 1. NetCDF for the GPU machine: plain files named by their sonames (no symbolic links).
nc=.deps/netcdf
if [ ! -f "$nc/lib/libnetcdf.so.19" ] || [ ! -x "$nc/bin/ncdump" ]; then
  rm -rf "$nc" "$tmp/nc"
  mkdir -p "$nc/include" "$nc/lib" "$nc/bin" "$nc/doc"
  for p in libnetcdf19 libnetcdf-dev netcdf-bin libhdf5-103-1 libhdf5-hl-100 libsz2 libaec0; do
    f=$(deb "$p") || exit 1
    dpkg -x "$f" "$tmp/nc" || die "dpkg -x $f failed"
    basename "$f" >> "$nc/doc/packages.txt"
    cp "$tmp/nc/usr/share/doc/$p/copyright" "$nc/doc/$p.copyright"
  done
  cp "$tmp"/nc/usr/include/netcdf*.h "$nc/include/"
  L=$tmp/nc/usr/lib/x86_64-linux-gnu
  for so in libnetcdf.so.19 libhdf5_serial.so.103 libhdf5_serial_hl.so.100 libsz.so.2 libaec.so.0; do
    cp -L "$L/$so" "$nc/lib/$so" || die "$so is not in the packages"
  done
  cp "$tmp/nc/usr/bin/ncdump" "$tmp/nc/usr/bin/ncgen" "$nc/bin/"
  strip --strip-unneeded "$nc"/lib/*.so* "$nc"/bin/* 2> /dev/null
fi
export LD_LIBRARY_PATH=$PWD/$nc/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
v=$("$nc/bin/ncdump" 2>&1)
grep -q "netcdf library version" <<< "$v" || die "$nc/bin/ncdump does not run here: $v"

# 2. The header and library packages of tridg's build that the GPU machine lacks
# (bench/device_env.sh points CMake and the loader at .deps/root).
if [ ! -f .deps/root/usr/include/muParser.h ] || [ ! -d .deps/root/usr/include/toml++ ] ||
  [ ! -f .deps/root/usr/include/nlohmann/json.hpp ] || [ ! -f .deps/root/usr/include/nanoflann.hpp ]; then
  for p in libtomlplusplus-dev libmuparser-dev libmuparser2v5 nlohmann-json3-dev libnanoflann-dev; do
    f=$(deb "$p") || exit 1
    dpkg -x "$f" .deps/root || die "dpkg -x $f failed"
  done
  rm -rf .deps/root/usr/share/doc/*/examples .deps/root/usr/share/doc/libnanoflann-dev/html
fi

# 3. The inputs of both codes.
in=.deps/hysea_inputs
mkdir -p "$in"
NCGEN=$nc/bin/ncgen python3 bench/hysea/inputs.py bench/hysea/okushiri_24s.toml "$in" ||
  die "bench/hysea/inputs.py failed"
# The study's finer HySEA grids, compressed: the 6" grid is 5.6 MB of float32 and 2.5 MB as .xz,
# small enough to carry, and made here by the same GDAL interpolation as the rest (the GPU
# machine has no GDAL).
for r in 12 6; do
  NCGEN=$nc/bin/ncgen python3 bench/hysea/inputs.py bench/hysea/okushiri_24s.toml "$in" \
    --resolution "$r" || die "bench/hysea/inputs.py --resolution $r failed"
  xz -T1 -6 -f "$in/okushiri_${r}s_bathy.nc" || die "xz of the ${r}\" grid failed"
done

# 4. tridg's mesh: 640 m triangles over the box.
mkdir -p meshes
if [ ! -f meshes/okushiri_24s.h5 ]; then
  "$TRIDG" region bench/hysea/okushiri_24s.toml -o meshes/okushiri_24s.h5 ||
    die "tridg region failed"
fi
xz -T1 -6 -c meshes/okushiri_24s.h5 > "$in/okushiri_24s.h5.xz" || die "xz of the mesh failed"
# The study's coarsest mesh: the same case with every size doubled, 1280 m (about 50,000
# triangles). The 320 m and 160 m meshes are the 640 m one refined at load (tridg run --refine).
if [ ! -f meshes/okushiri_1280m.h5 ]; then
  "$TRIDG" region bench/hysea/okushiri_24s.toml --size-factor 2 -o meshes/okushiri_1280m.h5 ||
    die "tridg region (1280 m) failed"
fi
xz -T1 -6 -c meshes/okushiri_1280m.h5 > "$in/okushiri_1280m.h5.xz" ||
  die "xz of the 1280 m mesh failed"
# Meshes graded as `tridg region` grades by default: the wave's share of its wavelength offshore
# (sqrt(g d) x 300 s / points_per_wavelength, up to 20 km) and a coast size in shallow water,
# named g{points per wavelength}_{coast size}: okushiri_g10_320.h5 (about 47,000 triangles),
# g20_320 (84,000), g30_320 (121,000), g20_160 (151,000), g30_160 (236,000). The case's [region]
# is edited into a copy beside it (its grid paths are relative to it).
for g in 10:320 20:320 30:320 20:160 30:160; do
  ppw=${g%%:*} coast=${g##*:} name=okushiri_g${ppw}_$coast
  if [ ! -f "meshes/$name.h5" ]; then
    sed -e "s/^points_per_wavelength = .*/points_per_wavelength = $ppw/" \
      -e "s/^min_size = .*/min_size = $coast/" -e "s/^coast_size = .*/coast_size = $coast/" \
      -e "s/^max_size = .*/max_size = 20000/" bench/hysea/okushiri_24s.toml \
      > bench/hysea/.graded.toml || die "cannot write bench/hysea/.graded.toml"
    "$TRIDG" region bench/hysea/.graded.toml -o "meshes/$name.h5" ||
      { rm -f bench/hysea/.graded.toml; die "tridg region ($name) failed"; }
    rm -f bench/hysea/.graded.toml
  fi
  xz -T1 -6 -c "meshes/$name.h5" > "$in/$name.h5.xz" || die "xz of $name failed"
done
rm -f "$in"/*.xyz "$in"/*.aux.xml # only the compressed texts travel

echo "carry (bench/hysea/README.md): .deps/hysea .deps/netcdf .deps/hysea_inputs .deps/root"
du -sh .deps/hysea .deps/netcdf .deps/hysea_inputs .deps/root 2> /dev/null
du -sch .deps/hysea .deps/netcdf .deps/hysea_inputs .deps/root 2> /dev/null | tail -1
ls -la "$in"
