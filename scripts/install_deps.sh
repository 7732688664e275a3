#!/usr/bin/env bash
# Installs the Debian packages tridg needs; does nothing when they are all present.
set -euo pipefail
# libhdf5-openmpi-dev and libnetcdf-mpi-dev (with libblosc-dev, which its CMake targets name):
# with MPI the build takes the parallel HDF5 and the NetCDF built on it.
pkgs=(cmake ninja-build g++ libgmsh-dev gmsh libhdf5-dev libcli11-dev doctest-dev libspdlog-dev
      libfmt-dev zlib1g-dev libtomlplusplus-dev libmuparser-dev nlohmann-json3-dev libnanoflann-dev
      libmetis-dev libnetcdf-dev libopenmpi-dev openmpi-bin libhdf5-openmpi-dev libnetcdf-mpi-dev
      libblosc-dev xvfb xauth python3-h5py python3-numpy python3-matplotlib libgdal-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "installing: ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
