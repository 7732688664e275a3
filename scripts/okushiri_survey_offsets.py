#!/usr/bin/python3
"""One position offset per survey team of the Okushiri run-up survey, fitted to the topography.

A surveyed run-up height is the elevation of the ground the water reached, so at the right
position the grids' elevation z is close to the surveyed height h. For each team this finds the
shift (dlon, dlat), on a 0.0005 degree lattice within 0.02 degrees, that minimises the median of
|z - h| over the team's points, z from the finest grid with a value (MB05, MO01, AO15, then
OK03). It uses the topography only, never a model result.

    scripts/okushiri_survey_offsets.py [data/okushiri]

needs gdal_translate (gdal-bin) for OK03.tif, numpy and scipy.
"""
import csv
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from scipy.interpolate import RegularGridInterpolator


def grid(path):
    a = np.loadtxt(path)
    xs, ys = np.unique(a[:, 0]), np.unique(a[:, 1])
    z = np.full((len(ys), len(xs)), np.nan)
    z[np.searchsorted(ys, a[:, 1]), np.searchsorted(xs, a[:, 0])] = a[:, 2]
    return RegularGridInterpolator((ys, xs), z, bounds_error=False, fill_value=np.nan)


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "data/okushiri")
    with tempfile.TemporaryDirectory() as tmp:
        ok03 = Path(tmp) / "OK03.xyz"
        subprocess.run(["gdal_translate", "-q", "-of", "XYZ", str(folder / "grids/OK03.tif"),
                        str(ok03)], check=True)
        grids = [grid(folder / "grids" / f"{n}.xyz") for n in ("MB05", "MO01", "AO15")]
        grids.append(grid(ok03))

    def elevation(lon, lat):
        z = np.full(lon.shape, np.nan)
        for g in grids:  # finest first
            v = g(np.c_[lat, lon])
            fill = np.isnan(z) & ~np.isnan(v)
            z[fill] = v[fill]
        return z

    rows = list(csv.DictReader(open(folder / "runup.csv")))
    steps = np.arange(-0.02, 0.02 + 1e-9, 0.0005)
    print("team     points  median|z-h| as given  offset [dlon, dlat] deg  (m east, m north)"
          "  median|z-h| shifted")
    for team in sorted({r["team"] for r in rows}):
        pts = [r for r in rows if r["team"] == team]
        lon = np.array([float(r["lon_deg"]) for r in pts])
        lat = np.array([float(r["lat_deg"]) for r in pts])
        h = np.array([float(r["height_m"]) for r in pts])
        cost = lambda dx, dy: np.nanmedian(np.abs(elevation(lon + dx, lat + dy) - h))
        best = min((cost(dx, dy), dx, dy) for dy in steps for dx in steps)
        m_per_deg = 111195.0
        print(f"{team:8s} {len(pts):6d}  {cost(0, 0):20.1f}  [{best[1]:.4f}, {best[2]:.4f}]"
              f"  ({best[1] * m_per_deg * np.cos(np.radians(42.1)):.0f}, {best[2] * m_per_deg:.0f})"
              f"  {best[0]:.1f}")


if __name__ == "__main__":
    main()
