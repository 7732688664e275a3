#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test that needs no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
scripts/build.sh
cd build
ctest --output-on-failure -LE gpu -j "$(nproc)"
