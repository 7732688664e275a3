#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs the double Mach reflection
# (p = 1, Barth-Jespersen limiter, SSP-RK2, t = 0.2) on a mesh that takes under a minute on two
# cores (under a second on a GPU). Extra arguments go to `tridg run` (e.g. --set mesh.size=0.5).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
scripts/build.sh
out=out/double_mach
build/bin/tridg run cases/double_mach.toml --output "$out" "$@"
cat <<MSG

Double Mach reflection finished. Output in $out/:
  final.h5, solution_*.h5     HDF5 snapshots (mesh, modal coefficients, cell averages, case)
  time_series.xdmf, *.xdmf    for ParaView
  final.msh, solution_*.msh   for Gmsh (one view per field)
  summary.json                steps, time, conservation, timing
View: paraview $out/time_series.xdmf   or   gmsh $out/final.msh
PNG:  build/bin/tridg plot $out/final.h5 -f rho --crop 0,3,0,1
MSG
