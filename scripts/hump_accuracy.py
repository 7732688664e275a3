#!/usr/bin/env python3
"""Accuracy against cost for the Gaussian hump on the sphere (bench/hump_accuracy_gpu.sh).

Compares each run's gauges (1 and 2 degrees of arc east, north and south of the hump) with the
exact solution of the linear wave equation in the plane at the same great-circle distance,
eta(r, t) = A s^2 int_0^inf exp(-k^2 s^2 / 2) J0(k r) cos(c k t) k dk, and prints, per run, the
triangles, steps, the time loop and the RMS difference over the gauges and the 45 minutes
(relative to the hump's 0.1 m). The plane's linear solution is not the sphere's nonlinear one:
the errors stop falling where that difference takes over (about 8e-6 of the amplitude here).
With -o it draws the error against the time loop.

    scripts/hump_accuracy.py FOLDER [-o docs/images/hump_accuracy_cost.png]
"""
import argparse
import csv
import math
import pathlib
import re

import numpy as np
from scipy.special import j0

A, H, G, R = 0.1, 1000.0, 9.81, 6371000.0
S = 0.15 * math.pi / 180 * R  # the hump's width, metres
C = math.sqrt(G * H)
GAUGES = {"east1": 1, "east2": 2, "north1": 1, "north2": 2, "south1": 1, "south2": 2}


def exact(r, t):
    """eta at distance r [m] for the times t [s] (Simpson's rule in k up to 8 / s)."""
    n = 4000
    k = np.linspace(0, 8 / S, n + 1)
    w = np.ones(n + 1)
    w[1:-1:2], w[2:-1:2] = 4, 2
    kernel = w * np.exp(-k * k * S * S / 2) * j0(k * r) * k * (k[1] - k[0]) / 3
    return A * S * S * np.cos(C * np.outer(t, k)) @ kernel


def read_run(folder, name):
    rows = list(csv.reader(open(folder / name / "gauges.csv")))
    head, data = rows[0], np.array([[float(x) for x in r] for r in rows[1:]])
    log = (folder / f"{name}.log").read_text()
    elems = int(re.search(r"(\d+) elements, p", log).group(1))
    steps = int(re.search(r"steps\s+(\d+)", log).group(1))
    m = re.search(r"time loop ([\d.]+)s", log)
    return head, data, elems, steps, float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=pathlib.Path)
    ap.add_argument("-o", "--output", type=pathlib.Path)
    a = ap.parse_args()
    cache, rows = {}, []
    for p in (1, 2):
        for r in range(5):
            name = f"p{p}_r{r}"
            if not (a.folder / name / "gauges.csv").exists():
                continue
            head, data, elems, steps, loop = read_run(a.folder, name)
            t = data[:, 0]
            sq = []
            for g, arc in GAUGES.items():
                d = arc * math.pi / 180 * R
                if (arc, len(t)) not in cache:
                    cache[(arc, len(t))] = exact(d, t)
                sq.append((data[:, head.index(g)] - cache[(arc, len(t))]) ** 2)
            err = math.sqrt(np.mean(sq)) / A
            rows.append((p, r, elems, steps, loop, err))
    print("| p | refinements | triangles | steps | time loop [s] | RMS error / A |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for p, r, elems, steps, loop, err in rows:
        print(f"| {p} | {r} | {elems:,} | {steps:,} | {loop:.1f} | {err:.2e} |")
    if a.output:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6.4, 4.6))
        for p, mark in ((1, "o-"), (2, "s-")):
            pts = [(loop, err, elems) for q, _, elems, _, loop, err in rows if q == p]
            if not pts:
                continue
            ax.loglog([x[0] for x in pts], [x[1] for x in pts], mark, label=f"p = {p}")
            for loop, err, elems in pts:
                ax.annotate(f"{elems:,}", (loop, err), fontsize=7, xytext=(4, 3),
                            textcoords="offset points")
        ax.set_xlabel("time loop on one H200 [s]")
        ax.set_ylabel("RMS gauge error / hump amplitude")
        ax.set_title("Gaussian hump on the sphere, 45 min: error against cost\n"
                     "(labels: triangles)")
        ax.grid(True, which="both", lw=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(a.output, dpi=150)
        print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
