#!/usr/bin/env bash
# The fuzz tests (ctest -L fuzz: hostile and damaged inputs) under the address and
# undefined-behaviour sanitizers (CMake preset "asan", CPU only, order 1 to keep the build short):
# every input must end with a documented exit code and no sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
cmake --preset asan -DTRIDG_ORDERS=1 > /dev/null
cmake --build --preset asan --target tridg test_fuzz_inputs test_fuzz_run_inputs
ctest --preset asan -L fuzz
