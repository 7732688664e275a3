#!/usr/bin/python3
"""Compares a Monai valley run's gauges with the laboratory measurements.

Usage: scripts/monai_plot.py [OUTPUT_DIR] [-o PNG]

Reads OUTPUT_DIR/gauges.csv (written by `tridg run cases/monai.toml`, default out/monai) and
data/monai/gauges_measured.csv (centimetres), prints per gauge the RMS difference over 0-25 s and
the peaks (height and arrival time), the maximum run-up from gauges_summary.json, and draws the
computed and measured water levels into a PNG (default OUTPUT_DIR/monai_gauges.png).

Two times per gauge: the arrival (the first time the level rises above ARRIVAL_CM) and the peak
(the time of the highest level), each computed against measured.
"""
import argparse
import csv
import json
import os
import sys

import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAUGES = {"g5": "gauge5_cm", "g7": "gauge7_cm", "g9": "gauge9_cm"}
WINDOW = (0.0, 25.0)
ARRIVAL_CM = 1.0  # arrival: first exceedance of this level (cm), about 1/4 of the peaks; the
# measured series fluctuate by up to 0.5 cm before the wave comes


def first_exceedance(t, eta, level):
    """The first time eta rises above level (linear between samples), or NaN."""
    above = np.nonzero(eta > level)[0]
    if len(above) == 0:
        return float("nan")
    i = above[0]
    if i == 0:
        return float(t[0])
    return float(t[i - 1] + (level - eta[i - 1]) * (t[i] - t[i - 1]) / (eta[i] - eta[i - 1]))


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    names = [n.strip() for n in rows[0]]
    data = np.array([[float(v) for v in r] for r in rows[1:] if r], dtype=float)
    return {n: data[:, i] for i, n in enumerate(names)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("output_dir", nargs="?", default=os.path.join(REPO, "out", "monai"))
    ap.add_argument("-o", "--png", help="image to write (default OUTPUT_DIR/monai_gauges.png)")
    args = ap.parse_args()
    comp_path = os.path.join(args.output_dir, "gauges.csv")
    if not os.path.exists(comp_path):
        sys.exit(f"{comp_path}: not found (run: tridg run cases/monai.toml)")
    comp = read_csv(comp_path)
    meas = read_csv(os.path.join(REPO, "data", "monai", "gauges_measured.csv"))
    tc, tm = comp["time"], meas["time_s"]
    t1 = min(WINDOW[1], tc[-1])
    sel = (tm >= WINDOW[0]) & (tm <= t1)

    fig, axes = plt.subplots(3, 1, figsize=(8, 8), sharex=True)
    print(f"{'gauge':6} {'RMS (cm)':>9} {'peak (cm)':>10} {'at (s)':>7} {'measured':>9} "
          f"{'at (s)':>7} {'height':>8} {'peak t':>8} {'arrival':>8} {'measured':>9} "
          f"{'diff':>7}")
    for ax, (g, col) in zip(axes, GAUGES.items()):
        eta_m = meas[col][sel]  # cm
        eta_c = 100 * np.interp(tm[sel], tc, comp[g])
        rms = np.sqrt(np.mean((eta_c - eta_m) ** 2))
        im, ic = np.argmax(eta_m), np.argmax(eta_c)
        dh = 100 * (eta_c[ic] / eta_m[im] - 1)
        dt = tm[sel][ic] - tm[sel][im]
        ta_c = first_exceedance(tc, 100 * comp[g], ARRIVAL_CM)
        ta_m = first_exceedance(tm[sel], eta_m, ARRIVAL_CM)
        print(f"{g:6} {rms:9.3f} {eta_c[ic]:10.2f} {tm[sel][ic]:7.2f} {eta_m[im]:9.2f} "
              f"{tm[sel][im]:7.2f} {dh:+7.1f}% {dt:+7.2f}s {ta_c:7.2f}s {ta_m:8.2f}s "
              f"{ta_c - ta_m:+6.2f}s")
        ax.plot(tm[sel], eta_m, "k-", lw=1.2, label="measured")
        ax.plot(tc[tc <= t1], 100 * comp[g][tc <= t1], "r-", lw=1.2, label="tridg")
        ax.set_ylabel(f"{g}: $\\eta$ (cm)")
        ax.text(0.01, 0.85, f"RMS {rms:.2f} cm, peak {dh:+.0f} %, {dt:+.2f} s",
                transform=ax.transAxes, fontsize=9)
        ax.grid(alpha=0.3)
    axes[0].legend(loc="upper left", bbox_to_anchor=(0.0, 0.8), fontsize=9)
    axes[-1].set_xlabel("t (s)")
    summary = os.path.join(args.output_dir, "gauges_summary.json")
    title = "Monai valley: water level at gauges 5, 7, 9"
    if os.path.exists(summary):
        with open(summary) as f:
            s = json.load(f)
        if "runup" in s:
            r = s["runup"]
            print(f"maximum run-up near (5.16, 1.88): {100 * r['elevation']:.1f} cm at "
                  f"t = {r['time']:.2f} s (measured about 9 cm)")
            title += f"  (max run-up {100 * r['elevation']:.1f} cm, measured ~9 cm)"
    fig.suptitle(title)
    fig.tight_layout()
    png = args.png or os.path.join(args.output_dir, "monai_gauges.png")
    fig.savefig(png, dpi=120)
    print(f"wrote {png}")


if __name__ == "__main__":
    main()
