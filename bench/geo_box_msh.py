#!/usr/bin/env python3
"""Writes a Gmsh 2.2 mesh of a longitude-latitude box split into NX x NY cells of two triangles
each, its sides one physical group "wall": a coarse geographic mesh whose element count is a
chosen multiple of 2, for refinements to sizes between the powers of 4 of the prepared meshes.

    geo_box_msh.py OUT.msh NX NY [LON0 LON1 LAT0 LAT1]   (default: the box 139-140 E, 42-43 N
    of cases/lake_at_rest_geographic.toml)
"""
import sys


def main():
    out, nx, ny = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    x0, x1, y0, y1 = (float(a) for a in (sys.argv[4:8] or (139, 140, 42, 43)))
    node = lambda i, j: 1 + j * (nx + 1) + i
    nodes = [(node(i, j), x0 + (x1 - x0) * i / nx, y0 + (y1 - y0) * j / ny)
             for j in range(ny + 1) for i in range(nx + 1)]
    sides = [(node(i, 0), node(i + 1, 0)) for i in range(nx)]
    sides += [(node(nx, j), node(nx, j + 1)) for j in range(ny)]
    sides += [(node(i + 1, ny), node(i, ny)) for i in reversed(range(nx))]
    sides += [(node(0, j + 1), node(0, j)) for j in reversed(range(ny))]
    tris = []
    for j in range(ny):
        for i in range(nx):
            a, b, c, d = node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)
            # alternate diagonals, so that no direction is preferred
            tris += [(a, b, c), (a, c, d)] if (i + j) % 2 == 0 else [(a, b, d), (b, c, d)]
    with open(out, "w") as f:
        f.write("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n")
        f.write('$PhysicalNames\n2\n1 1 "wall"\n2 2 "domain"\n$EndPhysicalNames\n')
        f.write(f"$Nodes\n{len(nodes)}\n")
        f.writelines(f"{n} {x!r} {y!r} 0\n" for n, x, y in nodes)
        f.write(f"$EndNodes\n$Elements\n{len(sides) + len(tris)}\n")
        k = 0
        for a, b in sides:
            k += 1
            f.write(f"{k} 1 2 1 1 {a} {b}\n")
        for a, b, c in tris:
            k += 1
            f.write(f"{k} 2 2 2 1 {a} {b} {c}\n")
        f.write("$EndElements\n")
    print(f"{out}: {len(tris)} triangles, {len(sides)} boundary edges")


if __name__ == "__main__":
    main()
