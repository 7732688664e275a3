#!/usr/bin/env python3
"""Tsunami-HySEA's gauges against tridg's (bench/hysea/hysea_gpu.sh), Python's standard library.

    compare.py --points points.csv --hysea HYSEA_DIR [--tridg TRIDG_DIR]... [--window 1800]

HYSEA_DIR holds HySEA's time series (*_ts.cdl, ncdump's text of *_ts.nc; else *_ts.nc read
through ncdump, named by $NCDUMP or found on PATH, or h5py), its log (hysea.log or .xz: cells,
steps, "Runtime") and time.txt (process_seconds, from /usr/bin/time). Each TRIDG_DIR holds a
run's gauges.csv, summary.json and time.txt. points.csv names HySEA's points in order.

Prints per gauge and run: the first crest (height and time: the highest surface of the first
rise above a quarter of the larger of the two codes' highest surface in the window, at least
2 cm) for HySEA and tridg, their differences, and the RMS difference of the surface over the
window (HySEA's samples, taken at the first step past each multiple of its interval,
interpolated linearly to tridg's exact times); then the table of cells or triangles, steps, time
loop and whole process.
"""
import argparse
import csv
import glob
import json
import lzma
import math
import os
import re
import shutil
import subprocess
import sys


def cdl_arrays(text):
    """The arrays of the data section of ncdump's text: {name: [float]} ('_' -> NaN)."""
    data = text.split("\ndata:", 1)[-1]
    out = {}
    for m in re.finditer(r"^\s*(\w+)\s*=\s*(.*?);", data, re.S | re.M):
        vals = [v.strip() for v in m.group(2).replace("\n", " ").split(",")]
        out[m.group(1)] = [math.nan if v in ("_", "") else float(v.rstrip("f")) for v in vals]
    return out


def hysea_series(d, npoints):
    """times [s] and eta[point][time] of HySEA's time series in folder d."""
    cdl = sorted(glob.glob(os.path.join(d, "*_ts.cdl")))
    if cdl:
        text = open(cdl[0]).read()
    else:
        nc = sorted(glob.glob(os.path.join(d, "*_ts.nc")))
        if not nc:
            raise SystemExit(f"compare.py: no *_ts.cdl or *_ts.nc in {d}")
        ncdump = os.environ.get("NCDUMP") or shutil.which("ncdump")
        text = None
        if ncdump:
            r = subprocess.run([ncdump, "-v", "time,eta", nc[0]], capture_output=True, text=True)
            text = r.stdout if r.returncode == 0 else None
        if text is None:
            try:
                import h5py  # a NetCDF-4 file is an HDF5 file
            except ImportError:
                raise SystemExit(f"compare.py: cannot read {nc[0]}: no ncdump, no h5py")
            with h5py.File(nc[0], "r") as f:
                t = [float(v) for v in f["time"][:]]
                e = f["eta"][:]
                return t, [[float(e[k][i]) for k in range(len(t))] for i in range(npoints)]
    a = cdl_arrays(text)
    t, e = a["time"], a["eta"]
    if len(e) != len(t) * npoints:
        raise SystemExit(f"compare.py: HySEA's eta has {len(e)} values, not {len(t)} x {npoints}")
    eta = [[e[k * npoints + i] for k in range(len(t))] for i in range(npoints)]
    for row in eta:  # points outside the grid are -9999
        row[:] = [math.nan if v <= -9998 else v for v in row]
    return t, eta


def read_text(path):
    if os.path.exists(path):
        return open(path, errors="replace").read()
    if os.path.exists(path + ".xz"):
        return lzma.open(path + ".xz", "rt", errors="replace").read()
    return ""


def process_seconds(d):
    m = re.search(r"process_seconds ([\d.]+)", read_text(os.path.join(d, "time.txt")))
    return float(m.group(1)) if m else math.nan


def hysea_row(d):
    log = read_text(os.path.join(d, "hysea.log"))
    cells = re.search(r"Volumes: (\d+) x (\d+) = (\d+)", log)
    steps = len(re.findall(r"^Iteration", log, re.M))
    loop = re.search(r"^Runtime: ([\d.eE+-]+) sec", log, re.M)
    version = re.search(r"open source v([\d.]+)", log)
    return {
        "code": "Tsunami-HySEA" + (f" {version.group(1)}" if version else "") +
                (f", {cells.group(1)} x {cells.group(2)} grid" if cells else ""),
        "size": f"{int(cells.group(3)):,} cells" if cells else "?",
        "steps": steps or math.nan,
        "loop": float(loop.group(1)) if loop else math.nan,
        "process": process_seconds(d),
    }


def tridg_run(d):
    times, eta = [], {}
    with open(os.path.join(d, "gauges.csv")) as f:
        r = csv.reader(row for row in f if not row.startswith("#"))
        head = next(r)
        for name in head[1:]:
            eta[name.strip()] = []
        for row in r:
            times.append(float(row[0]))
            for name, v in zip(head[1:], row[1:]):
                eta[name.strip()].append(float(v) if v.strip() else math.nan)
    s = {}
    if os.path.exists(os.path.join(d, "summary.json")):
        s = json.load(open(os.path.join(d, "summary.json")))
    row = {
        "code": f"tridg p = {s.get('order', '?')}",
        "size": f"{s['elements']:,} triangles" if "elements" in s else "?",
        "steps": s.get("steps", math.nan),
        "loop": s.get("loop_seconds", math.nan),
        "process": process_seconds(d),
    }
    return times, eta, row


def interp(t, y, tq):
    """y(t) at tq, linear; NaN outside t."""
    out, k = [], 0
    for q in tq:
        while k + 1 < len(t) and t[k + 1] < q:
            k += 1
        if k + 1 >= len(t) or q < t[0]:
            out.append(y[-1] if t and abs(q - t[-1]) < 1e-9 else math.nan)
            continue
        a = (q - t[k]) / (t[k + 1] - t[k]) if t[k + 1] > t[k] else 0.0
        out.append(y[k] + a * (y[k + 1] - y[k]))
    return out


def crest_threshold(peak):
    """The level whose first excursion above is the first crest: a quarter of the highest
    surface in the window (peak, m), at least 2 cm."""
    return max(0.02, 0.25 * peak)


def first_crest(t, y, thr):
    """(time, height) of the highest point of the first excursion above thr, or None."""
    i0 = next((i for i, v in enumerate(y) if v > thr), None)
    if i0 is None:
        return None
    i1 = next((i for i in range(i0, len(y)) if not y[i] > thr), len(y))
    k = max(range(i0, i1), key=lambda i: y[i])
    return t[k], y[k]


def fmt(v, spec):
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else format(v, spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--points", required=True)
    ap.add_argument("--hysea", required=True)
    ap.add_argument("--tridg", action="append", default=[])
    ap.add_argument("--window", type=float, default=1800.0, help="seconds (default 1800)")
    a = ap.parse_args()
    with open(a.points) as f:
        names = [row["name"] for row in csv.DictReader(f)]
    rows = []
    hysea = None
    try:
        ht, he = hysea_series(a.hysea, len(names))
        hysea = dict(zip(names, he))
    except SystemExit as e:
        print(e)
    if os.path.isdir(a.hysea):
        row = hysea_row(a.hysea)
        if not math.isnan(row["loop"]):  # a run that went through
            rows.append(row)
    runs = []
    for d in a.tridg:
        try:
            t, e, row = tridg_run(d)
        except (OSError, ValueError, StopIteration) as err:
            print(f"compare.py: {d}: {err}")
            continue
        runs.append((row["code"], t, e))
        rows.append(row)

    w = a.window
    print(f"First crest (time s, height m) and the RMS difference of the surface over "
          f"0-{w:g} s")
    print(f"{'gauge':16s} {'run':10s} {'HySEA':>16s} {'tridg':>16s} {'dt s':>7s} "
          f"{'dh %':>7s} {'RMS m':>7s} {'RMS %':>6s}")
    for n in names:
        hy = hysea.get(n) if hysea else None
        for label, t, e in runs or [("-", [], {})]:
            ty = e.get(n)
            hw = [(s, v) for s, v in zip(ht, hy) if s <= w + 1e-9] if hy else []
            tw = [(s, v) for s, v in zip(t, ty) if s <= w + 1e-9] if ty else []
            peak = max([v for _, v in hw + tw if not math.isnan(v)], default=math.nan)
            thr = crest_threshold(peak) if not math.isnan(peak) else math.nan
            ch = first_crest([s for s, _ in hw], [v for _, v in hw], thr) if hw else None
            ct = first_crest([s for s, _ in tw], [v for _, v in tw], thr) if tw else None
            rms = rel = math.nan
            if hw and tw:
                hq = interp([s for s, _ in hw], [v for _, v in hw], [s for s, _ in tw])
                d = [x - v for x, (_, v) in zip(hq, tw) if not (math.isnan(x) or math.isnan(v))]
                if d:
                    rms = math.sqrt(sum(x * x for x in d) / len(d))
                    top = max(abs(v) for _, v in hw if not math.isnan(v))
                    rel = 100 * rms / top if top > 0 else math.nan
            hs = f"{ch[0]:6.0f} {ch[1]:8.3f}" if ch else "-"
            ts = f"{ct[0]:6.0f} {ct[1]:8.3f}" if ct else "-"
            dt = ct[0] - ch[0] if ch and ct else math.nan
            dh = 100 * (ct[1] / ch[1] - 1) if ch and ct and ch[1] != 0 else math.nan
            print(f"{n:16s} {label.replace('tridg ', ''):10s} {hs:>16s} {ts:>16s} "
                  f"{fmt(dt, '7.0f'):>7s} {fmt(dh, '7.1f'):>7s} {fmt(rms, '7.3f'):>7s} "
                  f"{fmt(rel, '6.1f'):>6s}")
    print()
    print("| code | cells / triangles | steps | time loop | whole process |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for r in rows:
        steps = f"{r['steps']:,}" if isinstance(r["steps"], int) else fmt(r["steps"], ",.0f")
        print(f"| {r['code']} | {r['size']} | {steps} | {fmt(r['loop'], '.2f')} s | "
              f"{fmt(r['process'], '.1f')} s |")


if __name__ == "__main__":
    sys.exit(main())
