#!/usr/bin/python3
"""Draws one field of a tsunami map file written by `tridg maps` (CF-1.8 NetCDF-4) as a PNG.

    scripts/tsunami_map.py out/okushiri/maps.nc -f max_height -o max_height.png \\
        --range 0,4 --box 139.3,139.65,42.0,42.25 --survey runup_computed.csv

The map shows the field on its longitude-latitude grid (x-y in metres for a planar run) with
the aspect of the ground (longitude scaled by the cosine of the mean latitude), places without
a value light grey, the coastline (0 m contour of `bed`) black and a colour bar. With --survey,
surveyed run-up points (CSV: team,name,lon,lat,observed,computed) are drawn over it, coloured
by their observed height on the map's scale when the field is max_height.
Needs numpy, h5py and matplotlib (Debian: python3-numpy python3-h5py python3-matplotlib).
"""
import argparse
import survey_csv  # the run-up CSV, shared with the other plotting script
import math
import sys
import textwrap

import h5py
import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: E402

TITLES = {"max_height": "Maximum wave height", "max_depth": "Maximum flow depth",
          "inundation_depth": "Inundation depth", "arrival_time": "Arrival time",
          "bed": "Bed elevation"}
MARKERS = "os^DvPX*"  # one per survey team, in the order the teams first appear


def fail(msg):
    print(f"tsunami_map.py: error: {msg}", file=sys.stderr)
    sys.exit(2)


def numbers(text, n, what):
    """Parses n comma-separated numbers, each pair ascending (LO<HI, LON0<LON1, ...)."""
    try:
        v = [float(s) for s in text.split(",")]
    except ValueError:
        v = []
    if len(v) != n or not all(map(math.isfinite, v)) or any(
            v[i] >= v[i + 1] for i in range(0, n, 2)):
        fail(f"bad {what} '{text}': need {n} comma-separated numbers, each pair ascending")
    return v


def text(attrs, key):
    """A text attribute: netCDF writes fixed-length strings, which h5py returns as bytes."""
    v = attrs.get(key, "")
    return v.decode() if isinstance(v, (bytes, np.bytes_)) else str(v)


def read_map(path, field):
    """Returns (x, y, values, bed or None, long_name, units, geographic), axes ascending."""
    try:
        f = h5py.File(path, "r")
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except OSError as e:
        fail(f"{path}: not a NetCDF-4/HDF5 file ({e})")
    with f:
        geographic = "lat" in f and "lon" in f
        yn, xn = ("lat", "lon") if geographic else ("y", "x")
        if yn not in f or xn not in f:
            fail(f"{path}: no coordinates lat/lon or y/x")
        y, x = f[yn][()].astype(float), f[xn][()].astype(float)
        fields = sorted(n for n, d in f.items()
                        if isinstance(d, h5py.Dataset) and d.shape == (len(y), len(x)))
        if field not in fields:
            fail(f"{path}: no field '{field}'; fields present: {', '.join(fields) or 'none'}")

        def grid(name):
            d = f[name]
            v = d[()].astype(float)
            fill = d.attrs.get("_FillValue")
            if fill is not None and np.isfinite(fill):
                v[v == fill] = np.nan
            return v

        values = grid(field)
        bed = grid("bed") if "bed" in fields else None
        long_name = text(f[field].attrs, "long_name") or field
        units = text(f[field].attrs, "units")
    # Sort both axes ascending so that imshow's extent and the box selection are simple.
    iy, ix = np.argsort(y), np.argsort(x)
    sel = np.ix_(iy, ix)
    return x[ix], y[iy], values[sel], None if bed is None else bed[sel], long_name, units, \
        geographic


def read_survey(path):
    """Returns a list of (team, lon, lat, observed) from a run-up CSV."""
    d = survey_csv.read_survey(path, fail)
    return list(zip(d["team"], d["lon"], d["lat"], d["observed"]))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Exit status 2 for a missing file or field or a bad --range/--box.")
    ap.add_argument("maps", metavar="MAPS.nc", help="map file written by `tridg maps`")
    ap.add_argument("-f", "--field", required=True,
                    help="max_height, max_depth, inundation_depth, arrival_time or bed")
    ap.add_argument("-o", "--output", required=True, metavar="OUT.png", help="PNG to write")
    ap.add_argument("--range", metavar="LO,HI",
                    help="colour range in the field's units (minutes with --minutes); "
                         "default: the range of the values shown")
    ap.add_argument("--box", metavar="LON0,LON1,LAT0,LAT1",
                    help="draw only this part (x0,x1,y0,y1 in metres for a planar map)")
    ap.add_argument("--survey", metavar="SURVEY.csv",
                    help="run-up points to draw, columns team,name,lon,lat,observed,computed")
    ap.add_argument("--title", metavar="TEXT", help="title (default: the field's name)")
    ap.add_argument("--minutes", action="store_true", help="show times (units s) in minutes")
    a = ap.parse_args()
    rng = numbers(a.range, 2, "--range") if a.range else None
    box = numbers(a.box, 4, "--box") if a.box else None

    x, y, v, bed, long_name, units, geographic = read_map(a.maps, a.field)
    if a.minutes and units == "s":
        v, units = v / 60.0, "min"
    if box:
        kx = (x >= box[0]) & (x <= box[1])
        ky = (y >= box[2]) & (y <= box[3])
        x, y, v = x[kx], y[ky], v[np.ix_(ky, kx)]
        bed = None if bed is None else bed[np.ix_(ky, kx)]
    if len(x) < 2 or len(y) < 2:
        fail(f"{a.maps}: fewer than 2 grid points a side" + (" in --box" if box else ""))
    if not np.isfinite(v).any() and not rng:
        fail(f"{a.maps}: '{a.field}' has no values" + (" in --box" if box else ""))
    lo, hi = rng if rng else (np.nanmin(v), np.nanmax(v))
    survey = read_survey(a.survey) if a.survey else []

    # Ground aspect: a degree of longitude is cos(latitude) as long as a degree of latitude.
    aspect = 1.0 / math.cos(math.radians(0.5 * (y[0] + y[-1]))) if geographic else 1.0
    dx, dy = x[1] - x[0], y[1] - y[0]  # `tridg maps` grids are regular
    extent = (x[0] - dx / 2, x[-1] + dx / 2, y[0] - dy / 2, y[-1] + dy / 2)
    ratio = (extent[3] - extent[2]) * aspect / (extent[1] - extent[0])
    fig, ax = plt.subplots(figsize=(7.0, min(max(7.0 * ratio, 3.0), 12.0)))
    cmap = plt.get_cmap("plasma_r" if a.field == "arrival_time" else "viridis").copy()
    cmap.set_bad("0.85")  # light grey where there is no value
    im = ax.imshow(np.ma.masked_invalid(v), origin="lower", extent=extent, aspect=aspect,
                   cmap=cmap, vmin=lo, vmax=hi, interpolation="nearest")
    if bed is not None and (bed < 0).any() and (bed > 0).any():  # NaN compares false
        ax.contour(x, y, np.ma.masked_invalid(bed), levels=[0.0], colors="k", linewidths=0.6)

    shown = v[np.isfinite(v)]
    if survey and a.field == "max_height":
        shown = np.concatenate([shown, [s[3] for s in survey if np.isfinite(s[3])]])
    # The colour bar gets an arrow at an end where values lie beyond the range.
    extend = ("neither", "min", "max", "both")[(shown < lo).any() + 2 * (shown > hi).any()]
    # An inset in axes coordinates follows the axes' box after the aspect has shrunk it.
    cax = ax.inset_axes([1.03, 0.0, 0.04, 1.0])
    label = f"{long_name} ({units})" if units else long_name
    fig.colorbar(im, cax=cax, extend=extend).set_label(textwrap.fill(label, 50))

    if survey:
        teams = list(dict.fromkeys(s[0] for s in survey))
        handles = []
        for i, team in enumerate(teams):
            marker = MARKERS[i % len(MARKERS)]
            pts = np.array([s[1:] for s in survey if s[0] == team])
            face = dict(c=pts[:, 2], cmap=cmap, vmin=lo, vmax=hi) \
                if a.field == "max_height" else dict(color="white")
            ax.scatter(pts[:, 0], pts[:, 1], marker=marker, s=28, edgecolors="k",
                       linewidths=0.6, zorder=3, **face)
            handles.append(Line2D([], [], ls="", marker=marker, mfc="white", mec="k",
                                  label=f"{team} ({len(pts)})"))
        ax.legend(handles=handles, title="run-up survey", loc="best", fontsize=8,
                  title_fontsize=8, framealpha=0.9)

    ax.set_xlim(extent[:2])  # survey points outside the map must not widen it
    ax.set_ylim(extent[2:])
    if geographic:
        ax.set_xlabel("Longitude (°E)")
        ax.set_ylabel("Latitude (°N)")
        deg = FuncFormatter(lambda t, _: f"{t:g}°")
        ax.xaxis.set_major_formatter(deg)
        ax.yaxis.set_major_formatter(deg)
    else:
        ax.set_xlabel("x (m)")
        ax.set_ylabel("y (m)")
        ax.ticklabel_format(style="plain", useOffset=False)
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_major_locator(MaxNLocator(6, steps=[1, 2, 2.5, 5, 10]))  # labels apart
    ax.set_title(a.title or TITLES.get(a.field, a.field.replace("_", " ")))
    ax.tick_params(direction="out", labelsize=9)
    fig.savefig(a.output, dpi=200, bbox_inches="tight")
    print(f"{a.output}: {a.field} from {lo:g} to {hi:g} {units}")


if __name__ == "__main__":
    main()
