#!/usr/bin/env bash
# Prepares the side-by-side run against PyFR (bench/pyfr/side_by_side.sh) on a machine with Gmsh
# (python3-gmsh) and a built tridg: the isentropic vortex's periodic square meshed by Gmsh and
# refined uniformly three and four times (94,848 and 379,392 triangles), written
#   bench/meshes/vortex_99k.h5            tridg's prepared mesh of the three-times refined mesh
#   bench/meshes/vortex_{99k,379k}_pyfr.msh.gz  the same meshes for PyFR's importer: periodic
#                                         pairs and the fluid named as PyFR expects
# tridg refines the 99k mesh once more at load for the larger size (the same 1 -> 4 split).
set -euo pipefail
cd "$(dirname "$0")/../.."
TRIDG=${TRIDG:-build/bin/tridg}
mkdir -p bench/meshes
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for refine in 3 4; do
  python3 - meshes/isentropic_vortex.geo 0.32 "$refine" "$work/v$refine.msh" <<'PY'
import sys
import gmsh
geo, factor, refine, out = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
gmsh.initialize()
gmsh.option.setNumber("General.Terminal", 0)
gmsh.open(geo)
gmsh.option.setNumber("Mesh.MeshSizeFactor", factor)
gmsh.model.mesh.generate(2)
for _ in range(refine):
    gmsh.model.mesh.refine()
gmsh.option.setNumber("Mesh.MshFileVersion", 2.2)
gmsh.write(out)
gmsh.finalize()
PY
  name=$([ "$refine" = 3 ] && echo 99k || echo 379k)
  sed -e 's/"bottom"/"periodic_1_l"/; s/"top"/"periodic_1_r"/' \
    -e 's/"left"/"periodic_0_l"/; s/"right"/"periodic_0_r"/; s/"domain"/"fluid"/' \
    "$work/v$refine.msh" | gzip -9 > "bench/meshes/vortex_${name}_pyfr.msh.gz"
done
"$TRIDG" import "$work/v3.msh" -o bench/meshes/vortex_99k.h5
ls -l bench/meshes/vortex_*
