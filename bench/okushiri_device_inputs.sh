#!/usr/bin/env bash
# Prepares the Okushiri benchmark for a GPU machine that has neither Gmsh nor GDAL: the region's
# mesh (tridg region, here), and the case's rasters written by GDAL as gridded "x y z" text,
# which any build of tridg reads, with a copy of each case that names them: .deps/okushiri/; the
# meshes (the case's, and --size-factor 2's for the resolution study) compressed in
# .deps/meshes/ (both git-ignored). The device call carries .deps/okushiri, .deps/meshes and
# .deps/root (toml++, muParser, nlohmann-json and nanoflann: dpkg -x of their Debian packages).
#   bench/okushiri_device_inputs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
T=${TRIDG:-build/bin/tridg}
out=.deps/okushiri
mkdir -p "$out"
# OK24 cropped to the region with a margin; OK03 and HNO1993 whole.
gdal_translate -q -of XYZ -projwin 138.3 43.8 140.8 41.2 data/okushiri/grids/OK24.tif "$out/OK24.xyz"
gdal_translate -q -of XYZ data/okushiri/grids/OK03.tif "$out/OK03.xyz"
gdal_translate -q -of XYZ data/okushiri/HNO1993.tif "$out/HNO1993.xyz"
for f in "$out"/*.xyz; do xz -T1 -f -6 "$f"; done
for c in okushiri_1993 okushiri_1993_tanioka; do
  sed -e 's|"../data/okushiri/grids/OK24.tif"|"OK24.xyz"|' \
      -e 's|"../data/okushiri/grids/OK03.tif"|"OK03.xyz"|' \
      -e 's|"../data/okushiri/HNO1993.tif"|"HNO1993.xyz"|' \
      -e 's|"\.\./|"../../|' "cases/$c.toml" > "$out/$c.toml"
done
[ -f meshes/okushiri.h5 ] || "$T" region cases/okushiri_1993.toml -o meshes/okushiri.h5
[ -f meshes/okushiri_coarse.h5 ] ||
  "$T" region cases/okushiri_1993.toml -o meshes/okushiri_coarse.h5 --size-factor 2
# The libraries the GPU machine lacks, unpacked from their Debian packages (bench/device_env.sh).
if [ ! -f .deps/root/usr/include/muParser.h ] || [ ! -f .deps/root/usr/include/nanoflann.hpp ]; then
  (mkdir -p .deps/debs && cd .deps/debs &&
    apt-get download libtomlplusplus-dev libmuparser-dev libmuparser2v5 nlohmann-json3-dev \
      libnanoflann-dev)
  for f in .deps/debs/*.deb; do dpkg -x "$f" .deps/root; done
fi
mkdir -p .deps/meshes
for m in okushiri okushiri_coarse; do xz -T1 -6 -c "meshes/$m.h5" > ".deps/meshes/$m.h5.xz"; done
ls -la "$out" .deps/meshes
