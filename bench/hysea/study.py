#!/usr/bin/env python3
"""Accuracy against cost, Tsunami-HySEA and tridg on the Okushiri region: the runs of
bench/hysea/study_gpu.sh measured against the reference run.

    study.py RESULTS... [--ref p2_320] [--window 1800] [--plot PATH] [--time loop|process]
    study.py --self-test

RESULTS: study_gpu.sh's work folder or its study_runs.tar.xz (several: the calls of a study split
over two calls; a run found twice is taken from the last). Each run is a folder named as in
study_gpu.sh: hysea24, hysea12, hysea6 (HySEA's *_ts.cdl, hysea.log.xz, time.txt), p1_1280 ...
p2_320 (tridg's gauges.csv, summary.json, time.txt). points.csv (the gauges' names in HySEA's
order) is read from the results, else from --points.

For each run and gauge, against the reference (tridg p = 2 on the 640 m mesh refined once,
320 m, unless --ref names another run), over the first --window seconds (30 minutes):
  RMS     the root mean square of (run - reference) at the reference's samples (every 5 s); a
          HySEA series (sampled at its first step past each 5 s) is interpolated linearly to
          those times, as compare.py does;
  RMS %   that RMS over the reference's largest |surface| in the window (its peak), in percent:
          the error as a fraction of the wave;
  dh %    the first crest's height against the reference's, in percent; dt s its time less the
          reference's. The first crest is compare.py's (first_crest, crest_threshold): the
          highest point of the first excursion above a quarter of the reference's highest
          surface in the window, at least 2 cm; the same level for every run at that gauge.
Then per run: the offshore gauges' mean RMS % (aonae_offshore, monai_offshore, lab_edge: 26-51 m
deep), the coastal gauges' (esashi, iwanai: the tide gauges' points, 10-14 m deep), the mean
|dh| % and |dt| s over the gauges, beside the time loop (HySEA's "Runtime", tridg's
loop_seconds) and the whole process (/usr/bin/time).

--plot PATH draws those four errors against the wall time (log-log; the crest's time error on a
linear axis), one curve per code and order, the time loop solid and the whole process dotted
(--time loop or process: only that one; --machine names the machine on the time axis).
--self-test checks the metrics on synthetic series with known answers and exits.
"""
import argparse
import csv
import math
import os
import sys
import tarfile
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import crest_threshold, first_crest, hysea_row, hysea_series, tridg_run  # noqa: E402

OFFSHORE = ("aonae_offshore", "monai_offshore", "lab_edge")
COASTAL = ("esashi", "iwanai")
# study_gpu.sh's runs: name -> (curve, resolution label, order along the curve)
RUNS = {
    "hysea24": ("Tsunami-HySEA", '24"', 24), "hysea12": ("Tsunami-HySEA", '12"', 12),
    "hysea6": ("Tsunami-HySEA", '6"', 6),
    "p1_1280": ("tridg p = 1", "1280 m", 1280), "p1_640": ("tridg p = 1", "640 m", 640),
    "p1_320": ("tridg p = 1", "320 m", 320), "p1_160": ("tridg p = 1", "160 m", 160),
    "p2_1280": ("tridg p = 2", "1280 m", 1280), "p2_640": ("tridg p = 2", "640 m", 640),
    "p2_320": ("tridg p = 2", "320 m", 320),
    # Graded as tridg region grades: N points per wavelength offshore, C metres at the coast.
    "p1_g10_320": ("tridg p = 1, graded", "g10, 320 m", 4),
    "p1_g20_320": ("tridg p = 1, graded", "g20, 320 m", 3),
    "p1_g30_320": ("tridg p = 1, graded", "g30, 320 m", 2.5),
    "p1_g20_160": ("tridg p = 1, graded", "g20, 160 m", 2),
    "p1_g30_160": ("tridg p = 1, graded", "g30, 160 m", 1),
    "p2_g20_320": ("tridg p = 2, graded", "g20, 320 m", 3),
}


# ---- the metrics -------------------------------------------------------------------------------
def window(t, y, w):
    """The samples of (t, y) at 0 <= t <= w, finite, as arrays."""
    t, y = np.asarray(t, float), np.asarray(y, float)
    k = (t <= w + 1e-9) & np.isfinite(y)
    return t[k], y[k]


def gauge_errors(ref_t, ref_y, t, y, w):
    """Errors of the series (t, y) against the reference (ref_t, ref_y) over [0, w]:
    {rms (m), rel (% of the reference's peak |surface|), dh (%), dt (s)}; NaN where undefined."""
    rt, ry = window(ref_t, ref_y, w)
    t, y = np.asarray(t, float), np.asarray(y, float)
    ok = np.isfinite(y)
    out = {"rms": math.nan, "rel": math.nan, "dh": math.nan, "dt": math.nan}
    if len(rt) == 0 or ok.sum() < 2:
        return out
    t, y = t[ok], y[ok]
    inside = (rt >= t[0] - 1e-9) & (rt <= t[-1] + 1e-9)  # no extrapolation
    if inside.any():
        d = np.interp(rt[inside], t, y) - ry[inside]
        out["rms"] = float(np.sqrt(np.mean(d * d)))
        top = float(np.max(np.abs(ry)))
        out["rel"] = 100 * out["rms"] / top if top > 0 else math.nan
    thr = crest_threshold(float(np.max(ry)))
    cr = first_crest(list(rt), list(ry), thr)
    tw, yw = window(t, y, w)
    cy = first_crest(list(tw), list(yw), thr) if len(tw) else None
    if cr and cy:
        out["dt"] = cy[0] - cr[0]
        out["dh"] = 100 * (cy[1] / cr[1] - 1) if cr[1] != 0 else math.nan
    return out


def mean(values):
    v = [x for x in values if not math.isnan(x)]
    return sum(v) / len(v) if v else math.nan


# ---- the results -------------------------------------------------------------------------------
def find_runs(paths, tmp):
    """{run name: folder}, the last path winning, and the first points.csv found."""
    runs, points = {}, None
    for p in paths:
        if os.path.isfile(p) and ".tar" in os.path.basename(p):
            d = os.path.join(tmp, str(len(os.listdir(tmp))))
            os.makedirs(d)
            with tarfile.open(p) as t:  # the safe filter where this Python has it
                if hasattr(tarfile, "data_filter"):
                    t.extractall(d, filter="data")
                else:
                    t.extractall(d)
            p = d
        if not os.path.isdir(p):
            raise SystemExit(f"study.py: {p}: neither a folder nor a .tar.xz")
        for name in RUNS:
            if os.path.isdir(os.path.join(p, name)):
                runs[name] = os.path.join(p, name)
        if points is None and os.path.isfile(os.path.join(p, "points.csv")):
            points = os.path.join(p, "points.csv")
    return runs, points


def load(name, d, names):
    """(times, {gauge: series}, row) of run name in folder d, or None when it has no series."""
    try:
        if name.startswith("hysea"):
            t, eta = hysea_series(d, len(names))
            return t, dict(zip(names, eta)), hysea_row(d)
        t, eta, row = tridg_run(d)
        return t, eta, row
    except (SystemExit, OSError, ValueError, StopIteration, KeyError) as e:
        print(f"study.py: {name}: no series ({e})")
        return None


def fmt(v, spec):
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else format(v, spec)


def table(runs, names, ref, w):
    """Prints the tables; returns the rows {name, curve, res, key, loop, process, off, coast,
    dh, dt} of the runs measured against the reference."""
    data = {n: load(n, d, names) for n, d in sorted(runs.items())}
    data = {n: v for n, v in data.items() if v}
    if ref not in data:
        print(f"study.py: no reference run {ref} among {', '.join(data) or 'none'}: times only")
    rt, re_ = (data[ref][0], data[ref][1]) if ref in data else (None, None)
    rows = []
    order = sorted(data, key=lambda n: (RUNS[n][0], -RUNS[n][2]))
    if rt is not None:
        print(f"Errors against the reference ({ref}, {RUNS[ref][0]} at {RUNS[ref][1]}) over "
              f"0-{w:g} s: RMS (m and % of the reference's peak), first crest height (%) and "
              "time (s)")
        print(f"{'gauge':16s} {'run':9s} {'ref crest':>15s} {'RMS m':>8s} {'RMS %':>6s} "
              f"{'dh %':>7s} {'dt s':>6s}")
        for g in names:
            if g not in re_:
                continue
            ct, cy = window(rt, re_[g], w)
            cr = first_crest(list(ct), list(cy), crest_threshold(float(np.max(cy)))) \
                if len(ct) else None
            crs = f"{cr[0]:5.0f} s {cr[1]:6.3f} m" if cr else "-"
            for n in order:
                if n == ref:
                    continue
                t, eta, _ = data[n]
                e = gauge_errors(rt, re_[g], t, eta.get(g, []), w)
                print(f"{g:16s} {n:9s} {crs:>15s} {fmt(e['rms'], '8.4f'):>8s} "
                      f"{fmt(e['rel'], '6.2f'):>6s} {fmt(e['dh'], '7.1f'):>7s} "
                      f"{fmt(e['dt'], '6.0f'):>6s}")
        print()
    print("| run | code | resolution | cells / triangles | steps | time loop | whole process "
          "| offshore RMS % | coastal RMS % | crest height % | crest time s |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in order:
        t, eta, row = data[n]
        e = {}
        if rt is not None and n != ref:
            e = {g: gauge_errors(rt, re_[g], t, eta.get(g, []), w) for g in names if g in re_}
        off = mean([e[g]["rel"] for g in OFFSHORE if g in e])
        coast = mean([e[g]["rel"] for g in COASTAL if g in e])
        dh = mean([abs(v["dh"]) for v in e.values()])
        dt = mean([abs(v["dt"]) for v in e.values()])
        steps = row["steps"]
        steps = f"{steps:,}" if isinstance(steps, int) else fmt(steps, ",.0f")
        label = "reference" if n == ref else n
        print(f"| {label} | {row['code']} | {RUNS[n][1]} | {row['size']} | {steps} | "
              f"{fmt(row['loop'], '.2f')} s | {fmt(row['process'], '.1f')} s | "
              f"{fmt(off, '.2f')} | {fmt(coast, '.2f')} | {fmt(dh, '.1f')} | {fmt(dt, '.1f')} |")
        if n != ref and rt is not None:
            rows.append({"name": n, "curve": RUNS[n][0], "res": RUNS[n][1], "key": RUNS[n][2],
                         "loop": row["loop"], "process": row["process"], "off": off,
                         "coast": coast, "dh": dh, "dt": dt})
    return rows


# ---- the plot ----------------------------------------------------------------------------------
def plot(rows, path, times, ref, w, machine):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [("off", "offshore gauges: RMS error, % of the peak", True),
              ("coast", "coastal gauges: RMS error, % of the peak", True),
              ("dh", "first crest: |height error|, %", True),
              ("dt", "first crest: |time error|, s", False)]
    style = {"Tsunami-HySEA": ("tab:red", "s"), "tridg p = 1": ("tab:blue", "o"),
             "tridg p = 2": ("tab:green", "^"), "tridg p = 1, graded": ("tab:purple", "D"),
             "tridg p = 2, graded": ("tab:olive", "v")}
    fig, axes = plt.subplots(2, 2, figsize=(11, 8.5), constrained_layout=True)
    for ax, (key, title, logy) in zip(axes.flat, panels):
        for curve in sorted({r["curve"] for r in rows}):
            pts = sorted((r for r in rows if r["curve"] == curve), key=lambda r: -r["key"])
            color, marker = style.get(curve, ("black", "x"))
            for which, ls in (("loop", "-"), ("process", ":")):
                if which not in times:
                    continue
                xy = [(r[which], r[key], r["res"]) for r in pts
                      if not (math.isnan(r[which]) or math.isnan(r[key]))
                      and (r[key] > 0 or not logy)]
                if not xy:
                    continue
                lab = curve + ("" if len(times) == 1 else
                               " (time loop)" if which == "loop" else " (whole process)")
                ax.plot([p[0] for p in xy], [p[1] for p in xy], ls, color=color, marker=marker,
                        mfc=color if which == "loop" else "none", label=lab)
                if which == times[0]:
                    for x, y, res in xy:
                        ax.annotate(res, (x, y), textcoords="offset points", xytext=(4, 4),
                                    fontsize=7, color=color)
        ax.set_xscale("log")
        if logy:
            ax.set_yscale("log")
        ax.set_xlabel(f"wall time on {machine}, s")
        ax.set_title(title, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    fig.suptitle(f"Okushiri 1993, the first {w / 60:.3g} minutes at five gauges: error against the "
                 f"reference ({RUNS[ref][0]}, {RUNS[ref][1]}) and wall time", fontsize=11)
    fig.savefig(path, dpi=110)
    print(f"study.py: wrote {path}")


# ---- the self-test -----------------------------------------------------------------------------
def self_test():
    """The metrics on series whose answers are known."""
    fails = []

    def check(what, got, want, tol):
        if not abs(got - want) <= tol:
            fails.append(f"{what}: {got} instead of {want}")

    # A sine and the same sine shifted by s: the difference 2 sin(phi/2) cos(...) has RMS
    # sqrt(2) |sin(phi/2)| over whole periods, phi = 2 pi s / T.
    T, a, s, w = 600.0, 0.5, 20.0, 1800.0
    t = np.arange(0, 3600 + 1e-9, 5.0)
    ref = a * np.sin(2 * np.pi * t / T)
    run = a * np.sin(2 * np.pi * (t - s) / T)
    e = gauge_errors(t, ref, t, run, w - 5)  # 360 samples: whole periods
    want = a * math.sqrt(2) * abs(math.sin(math.pi * s / T))
    check("shifted sine: RMS", e["rms"], want, 1e-12)
    check("shifted sine: RMS %", e["rel"], 100 * want / a, 1e-9)
    check("shifted sine: crest time", e["dt"], s, 1e-9)
    check("shifted sine: crest height", e["dh"], 0.0, 1e-9)
    # A Gaussian pulse 10 % lower and 30 s later, sampled off the reference's times (as HySEA's
    # first step past each 5 s), in finer steps so the interpolation error is small.
    g = lambda t, t0, h: h * np.exp(-(((t - t0) / 60.0) ** 2))  # noqa: E731
    tr = np.arange(0, 1800 + 1e-9, 5.0)
    th = np.arange(0.7, 1900, 1.3)
    e = gauge_errors(tr, g(tr, 900, 1.0), th, g(th, 930, 0.9), 1800)
    check("pulse: crest height %", e["dh"], -10.0, 0.1)
    check("pulse: crest time s", e["dt"], 30.0, 1.31)
    ex = np.sqrt(np.mean((g(tr, 930, 0.9) - g(tr, 900, 1.0)) ** 2))
    # (linear interpolation over 1.3 s of a 60 s pulse: about 1e-4 m, 0.15 % of the RMS)
    check("pulse: RMS against the exact difference", e["rms"], ex, 3e-3 * ex)
    # The same series: no error. A constant offset c: RMS c.
    e = gauge_errors(tr, g(tr, 900, 1.0), tr, g(tr, 900, 1.0), 1800)
    check("same series: RMS", e["rms"], 0.0, 0.0)
    e = gauge_errors(tr, g(tr, 900, 1.0), tr, g(tr, 900, 1.0) + 0.03, 1800)
    check("offset: RMS", e["rms"], 0.03, 1e-12)
    # Only the window counts: a difference after it changes nothing.
    late = g(tr, 900, 1.0) + np.where(tr > 1000, 1.0, 0.0)
    e = gauge_errors(tr, g(tr, 900, 1.0), tr, late, 1000)
    check("window: RMS", e["rms"], 0.0, 0.0)
    # A dry sample (NaN) is left out, not counted as zero.
    wet = g(tr, 900, 1.0).copy()
    wet[10] = math.nan
    e = gauge_errors(tr, g(tr, 900, 1.0), tr, wet, 1800)
    check("NaN sample: RMS", e["rms"], 0.0, 1e-12)
    # The whole reading path on made-up run folders in study_gpu.sh's layout: HySEA's series as
    # ncdump text (eta[time][point], sampled just past each 5 s), tridg's gauges.csv.
    names = ["esashi", "iwanai", "aonae_offshore", "monai_offshore", "lab_edge"]
    pulse = {n: (600.0 + 200 * i, 0.5 + 0.25 * i) for i, n in enumerate(names)}
    with tempfile.TemporaryDirectory() as tmp:
        def tridg(name, order, scale):
            d = os.path.join(tmp, name)
            os.makedirs(d)
            with open(os.path.join(d, "gauges.csv"), "w") as f:
                f.write("time," + ",".join(names) + "\n")
                for x in tr:
                    f.write(f"{x:g}," + ",".join(repr(scale * float(g(x, *pulse[n])))
                                                   for n in names) + "\n")
            with open(os.path.join(d, "summary.json"), "w") as f:
                f.write(f'{{"elements": 1000, "order": {order}, "steps": 100, '
                        '"loop_seconds": 2.5}')
            with open(os.path.join(d, "time.txt"), "w") as f:
                f.write("process_seconds 3.0\n")
        tridg("p2_320", 2, 1.0)
        tridg("p1_640", 1, 0.9)
        d = os.path.join(tmp, "hysea24")
        os.makedirs(d)
        th = np.arange(0, 1800, 5.0) + 0.4
        eta = [float(g(x, *pulse[n])) + 0.03 for x in th for n in names]
        with open(os.path.join(d, "okushiri_24s_ts.cdl"), "w") as f:
            f.write("netcdf okushiri_24s_ts {\ndata:\n\n time = " +
                    ", ".join(f"{x:g}" for x in th) + " ;\n\n eta =\n  " +
                    ",\n  ".join(f"{v!r}" for v in eta) + " ;\n}\n")
        with open(os.path.join(d, "hysea.log"), "w") as f:
            f.write("Volumes: 10 x 10 = 100\nRuntime: 0.5 sec\n")
        with open(os.path.join(d, "time.txt"), "w") as f:
            f.write("process_seconds 1.0\n")
        with open(os.path.join(tmp, "points.csv"), "w") as f:
            f.write("name,lon,lat\n" + "".join(f"{n},0,0\n" for n in names))
        runs, points = find_runs([tmp], tmp)
        check("folders: runs found", len(runs), 3, 0)
        check("folders: points.csv found", points is not None, True, 0)
        with open(os.devnull, "w") as null:
            old, sys.stdout = sys.stdout, null
            try:
                rows = {r["name"]: r for r in table(runs, names, "p2_320", 1800.0)}
            finally:
                sys.stdout = old
        h, p1 = rows.get("hysea24", {}), rows.get("p1_640", {})
        # HySEA: 3 cm above the reference everywhere (and 0.4 s late: a little more RMS)
        want = mean([100 * 0.03 / pulse[n][1] for n in OFFSHORE])
        check("folders: HySEA's offshore RMS %", h.get("off", math.nan), want, 0.05 * want)
        check("folders: HySEA's time loop", h.get("loop", math.nan), 0.5, 0)
        check("folders: p = 1's crest height %", p1.get("dh", math.nan), 10.0, 1e-9)  # mean |dh|
        check("folders: p = 1's crest time s", p1.get("dt", math.nan), 0.0, 0)
        want = mean([10.0 * np.sqrt(np.mean(g(tr, *pulse[n]) ** 2)) / pulse[n][1]
                     for n in COASTAL])
        check("folders: p = 1's coastal RMS %", p1.get("coast", math.nan), want, 1e-9)
        check("folders: process time", p1.get("process", math.nan), 3.0, 0)
    for f in fails:
        print("FAILED:", f)
    print(f"study.py --self-test: {len(fails)} checks failed" if fails else
          "study.py --self-test: passed")
    return 1 if fails else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", nargs="*", help="study_gpu.sh's work folder or study_runs.tar.xz")
    ap.add_argument("--ref", default="p2_320", choices=sorted(RUNS))
    ap.add_argument("--window", type=float, default=1800.0, help="seconds (default 1800)")
    ap.add_argument("--points", help="points.csv, when the results lack it")
    ap.add_argument("--plot", help="the figure to write (.png)")
    ap.add_argument("--time", choices=("loop", "process"), help="only this wall time")
    ap.add_argument("--machine", default="one H200 (fp64)", help="for the time axis's label")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if not a.results:
        ap.error("no results")
    with tempfile.TemporaryDirectory() as tmp:
        runs, points = find_runs(a.results, tmp)
        points = points or a.points
        if not points:
            raise SystemExit("study.py: no points.csv in the results: give --points")
        with open(points) as f:
            names = [row["name"] for row in csv.DictReader(f)]
        if not runs:
            raise SystemExit("study.py: no runs in " + " ".join(a.results))
        rows = table(runs, names, a.ref, a.window)
    if a.plot:
        if not rows:
            raise SystemExit("study.py: nothing to plot (no reference, or no run beside it)")
        plot(rows, a.plot, (a.time,) if a.time else ("loop", "process"), a.ref, a.window,
             a.machine)
    return 0


if __name__ == "__main__":
    sys.exit(main())
