#!/usr/bin/env python3
"""Builds data/okushiri/grids/strip_41_42_138_140.xyz: the sea south of 42 N and west of 140 E,
where the benchmark's 500 m quadrant 40-42 N x 138-140 E is missing, filled by extending the
nearest data southwards: at each longitude (every 0.01 degree) the median depth of the
soundings of depth42_138.txt within 0.01 degree of it between 42.00 and 42.06 N, held constant
from 41.60 to 42.00 N (longitudes without soundings there take their nearest neighbour's).
A constructed grid, not data: it keeps the southern edge of the domain open sea instead of a
wall. Usage: scripts/okushiri_south_strip.py [data/okushiri]
"""
import statistics
import sys
from pathlib import Path

folder = Path(sys.argv[1] if len(sys.argv) > 1 else "data/okushiri")
pts = []
for line in open(folder / "grids" / "depth42_138.txt"):
    f = line.split()
    if len(f) == 4:
        lat, lon, d = float(f[1]), float(f[2]), float(f[3])
        if 42.0 <= lat <= 42.06:
            pts.append((lon, d))
lons = [round(138.0 + 0.01 * i, 2) for i in range(201)]
depth = []
for L in lons:
    near = [d for lon, d in pts if abs(lon - L) <= 0.01]
    depth.append(statistics.median(near) if near else None)
known = [i for i, d in enumerate(depth) if d is not None]
for i, d in enumerate(depth):
    if d is None:
        depth[i] = depth[min(known, key=lambda k: abs(k - i))]
with open(folder / "grids" / "strip_41_42_138_140.xyz", "w") as f:
    f.write("# lon lat depth: constructed, see scripts/okushiri_south_strip.py\n")
    for j in range(9):
        lat = 41.60 + 0.05 * j
        for L, d in zip(lons, depth):
            f.write("%.2f %.2f %.1f\n" % (L, lat, d))
print("%d longitudes, depths %.0f-%.0f m" % (len(lons), min(depth), max(depth)))
