#!/usr/bin/env python3
"""Pictures of a tridg solution file without Gmsh: matplotlib on the /viz sub-cell mesh.

    scripts/plot_h5.py out/sod/final.h5 rho [-o rho.png] [--range 0.1 1]

Lists the fields when the one asked for is missing. Needs h5py, numpy and matplotlib
(Debian: python3-h5py python3-matplotlib)."""
import argparse
import sys

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.tri as mtri  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("field", nargs="?", default="rho")
    ap.add_argument("-o", "--output")
    ap.add_argument("--range", nargs=2, type=float)
    ap.add_argument("--cell", action="store_true", help="element averages")
    a = ap.parse_args()
    with h5py.File(a.file, "r") as f:
        fields = [n.decode() for n in f["viz/fields"][()]]
        if a.field not in fields:
            sys.exit(f"{a.file}: no field '{a.field}'; it has {', '.join(fields)}")
        xy, tri = f["viz/nodes"][()], f["viz/triangles"][()]
        values = f[("viz/cell/" if a.cell else "viz/point/") + a.field][()]
        time = f["solution"].attrs["time"]
    t = mtri.Triangulation(xy[:, 0], xy[:, 1], tri)
    w = xy[:, 0].max() - xy[:, 0].min()
    h = xy[:, 1].max() - xy[:, 1].min()
    fig, ax = plt.subplots(figsize=(10, max(2.5, 10 * h / w + 1)))
    lo, hi = a.range if a.range else (None, None)
    if a.cell:
        m = ax.tripcolor(t, facecolors=values, vmin=lo, vmax=hi, cmap="jet")
    else:
        m = ax.tripcolor(t, values, shading="gouraud", vmin=lo, vmax=hi, cmap="jet")
    ax.set_aspect("equal")
    ax.set_title(f"{a.field}, t = {time:g}")
    fig.colorbar(m, ax=ax, orientation="horizontal", fraction=0.08)
    out = a.output or a.file.rsplit(".", 1)[0] + f"_{a.field}.png"
    fig.savefig(out, dpi=120, bbox_inches="tight")
    print(out)


if __name__ == "__main__":
    main()
