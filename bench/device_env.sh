# Sourced by the device scripts: libraries the GPU machine lacks, unpacked from Debian packages
# under .deps/root (dpkg -x), found by CMake and the loader.
if [ -d .deps/root ]; then
  export CMAKE_PREFIX_PATH=$PWD/.deps/root/usr
  export LD_LIBRARY_PATH=$PWD/.deps/root/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
fi
