#!/usr/bin/env python3
"""Writes Tsunami-HySEA's inputs, and tridg's for a machine without GDAL, from one tridg case.

    inputs.py CASE.toml OUT_DIR [--hno RASTER] [--resolution ARCSEC]

(Python's standard library, GDAL's command-line tools, and ncgen, named by $NCGEN or found on
PATH.) From the case's [region] box, its one [[bathymetry.grid]], its [source.subfaults.*] and
its [gauges] points, writes to OUT_DIR:

  okushiri_24s_bathy.nc  HySEA's bed: the grid's cells whose centres lie in the box, unchanged
                         (HySEA's grid is those cells: no resampling). NetCDF with dimensions
                         lon, lat, double lon(lon) and lat(lat) ascending, float z(lat, lon):
                         elevation in metres, positive up (HySEA takes depth = -z).
  okushiri_24s_hno.nc    the HNO1993 sea surface [m] on the same cells (bilinear), 0 outside it:
                         HySEA's initial state file (same layout, z = the surface).
  okushiri_24s_okada.txt HySEA's parameter file: the case's subfaults as HySEA's "standard Okada"
                         (time, centroid longitude and latitude, centroid depth km, length km,
                         width km, strike, dip, rake, slip m), no cropping of small uplift, open
                         sides, the case's end time, no grid output, the gauges every
                         [gauges].interval, CFL 0.5, Manning [physics].manning.
  okushiri_24s_hno.txt   the same, started from okushiri_24s_hno.nc instead of the fault.
  points.txt, points.csv HySEA's points file (count, then "lon lat" per line), and name,lon,lat.
  okushiri_24s.toml      the case reading OK24.xyz ("x y z" text: a build of tridg without GDAL)
  okushiri_24s_hno.toml  the same started from HNO1993.xyz, without the fault
  OK24.xyz.xz, HNO1993.xyz.xz  those texts, over the box and 0.1 degrees around it

--resolution ARCSEC (an integer divisor of the grid's cell, 12 or 6 for OK24's 24"): HySEA's grid
at that finer resolution instead, for the accuracy-against-cost study (bench/hysea/README.md):
each of the grid's cells split into k x k cells, those whose centres lie in the box, the bed the
grid's bilinear interpolation at their centres (gdalwarp -r bilinear: the same bed as the 24"
run, only sampled more finely, so that the grids differ in resolution alone). Only
okushiri_{ARCSEC}s_bathy.nc and okushiri_{ARCSEC}s_okada.txt are written (the same settings as
the 24" file; the time series then go to okushiri_{ARCSEC}s_ts.nc); the points, tridg's cases
and the HNO1993 files do not depend on HySEA's resolution.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import tomllib

NAME = "okushiri_24s"  # the 24" grid's files; okushiri_{ARCSEC}s at --resolution ARCSEC
# HySEA's parameters that tridg's case does not set: its own example's values.
HYSEA = {
    "cfl": 0.5,
    "epsilon_h": 5e-3,   # m: dry below this depth
    "waf_threshold": 20.0,  # m: the 2s+WAF scheme's threshold
    "stability": 0.2,    # stability coefficient
    "vmax": 100.0,       # m/s: the largest velocity allowed
    "L": 100000.0,       # m: typical length (scaling)
    "H": 1000.0,         # m: typical depth (scaling)
    "arrival": 1e-6,     # m: threshold of arrival times (unused: no grid output)
}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"inputs.py: {' '.join(cmd)} failed:\n{r.stderr}")
    return r.stdout


def read_xyz(path):
    rows = {}
    with open(path) as f:
        for line in f:
            x, y, z = line.split()
            rows.setdefault(float(y), []).append((float(x), float(z)))
    return rows


def write_nc(path, lon, lat, z, title, z_attrs):
    """NetCDF (classic) through ncgen: z[j][i] at (lon[i], lat[j]), lat ascending."""
    ncgen = os.environ.get("NCGEN", "ncgen")
    with tempfile.NamedTemporaryFile("w", suffix=".cdl", delete=False) as c:
        c.write(f"netcdf {os.path.splitext(os.path.basename(path))[0]} {{\n")
        c.write(f"dimensions:\n  lon = {len(lon)} ;\n  lat = {len(lat)} ;\n")
        c.write("variables:\n  double lon(lon) ;\n    lon:units = \"degrees_east\" ;\n")
        c.write("  double lat(lat) ;\n    lat:units = \"degrees_north\" ;\n")
        c.write("  float z(lat, lon) ;\n")
        for k, v in z_attrs.items():
            c.write(f"    z:{k} = \"{v}\" ;\n")
        c.write(f"\n// global attributes:\n  :title = \"{title}\" ;\n")
        c.write("data:\n")
        c.write(" lon = " + ", ".join(repr(v) for v in lon) + " ;\n")
        c.write(" lat = " + ", ".join(repr(v) for v in lat) + " ;\n")
        c.write(" z =\n")
        c.write(",\n".join(", ".join(repr(v) for v in row) for row in z))
        c.write(" ;\n}\n")
        cdl = c.name
    try:
        run([ncgen, "-k", "classic", "-o", path, cdl])
    finally:
        os.unlink(cdl)


def grid_of(xyz, nx, ny, what):
    """The rows of an XYZ file (north first, as GDAL writes them) as z[lat ascending][lon]."""
    rows = read_xyz(xyz)
    if len(rows) != ny or any(len(r) != nx for r in rows.values()):
        sys.exit(f"inputs.py: {what}: expected {nx} x {ny} values")
    z = [[v for _, v in rows[y]] for y in sorted(rows)]
    bad = sum(1 for r in z for v in r if not math.isfinite(v) or abs(v) > 1e5)
    if bad:
        sys.exit(f"inputs.py: {what}: {bad} cells without a value in the box")
    return z


def table_lines(text, drop, replace):
    """The case's text without the tables named in drop (and their subtables), and with the
    tables in replace given new bodies."""
    out, skip = [], False
    for line in text.splitlines():
        m = re.match(r"^\s*\[\[?([^\]]+)\]\]?\s*$", line)
        if m:
            name = m.group(1).strip()
            skip = any(name == d or name.startswith(d + ".") for d in drop)
            if skip:  # the comments just above a dropped table go with it
                while out and out[-1].lstrip().startswith("#"):
                    out.pop()
            if name in replace:
                out.append(line)
                out.extend(replace[name])
                skip = True
        if not skip:
            out.append(line)
    return "\n".join(out) + "\n"


def write_params(case, name, out):
    """HySEA's parameter files for the grid name_bathy.nc: name_okada.txt (the case's subfaults)
    and, for the 24" grid, name_hno.txt (the HNO1993 surface of name_hno.nc)."""
    # The fault: HySEA's Okada takes each subfault's centroid, depth in km, as tridg's default.
    subs = case["source"]["subfaults"]
    lines = []
    for sub, s in subs.items():
        if s.get("anchor", "centroid") != "centroid":
            sys.exit(f"inputs.py: subfault {sub}: HySEA takes centroids")
        lines.append(f"{s.get('rupture_time', 0.0):g} {s['x']:.6f} {s['y']:.6f} "
                     f"{s['depth'] / 1e3:.6f} {s['length'] / 1e3:.6f} {s['width'] / 1e3:.6f} "
                     f"{s['strike']:g} {s['dip']:g} {s['rake']:g} {s['slip']:g}")
    if case["source"].get("poisson", 0.25) != 0.25:
        sys.exit("inputs.py: HySEA's Okada has Poisson's ratio 0.25")

    end = case["time"]["end"]
    every = case["gauges"]["interval"]
    manning = case["physics"]["manning"]

    def params(start):
        h = HYSEA
        return "\n".join([
            f"{name:<24s} # Problem name",
            f"{name + '_bathy.nc':<24s} # Bathymetry file (z: elevation, positive up)",
            *start,
            f"{name:<24s} # NetCDF file prefix ({name}_ts.nc: the time series)",
            f"{1:<24d} # Number of levels",
            f"{1:<24d} # Upper border condition (1: open, -1: wall)",
            f"{1:<24d} # Lower border condition (1: open, -1: wall)",
            f"{1:<24d} # Left border condition  (1: open, -1: wall, 2: periodic)",
            f"{1:<24d} # Right border condition (1: open, -1: wall, 2: periodic)",
            f"{end:<24g} # Simulation time (s)",
            f"{-1:<24d} # Saving time of NetCDF files (s) (-1: do not save)",
            f"{1:<24d} # Read points from file (0: no, 1: yes)",
            f"{'points.txt':<24s} # File with points",
            f"{every:<24g} # Saving time of time series (s)",
            f"{h['cfl']:<24g} # CFL",
            f"{h['epsilon_h']:<24g} # Epsilon h (m)",
            f"{h['waf_threshold']:<24g} # Threshold for the 2s+WAF scheme (m)",
            f"{h['stability']:<24g} # Stability coefficient",
            f"{manning:<24g} # Water-bottom friction (Manning coefficient)",
            f"{h['vmax']:<24g} # Maximum allowed velocity of water",
            f"{h['L']:<24g} # L (typical length)",
            f"{h['H']:<24g} # H (typical depth)",
            f"{h['arrival']:<24g} # Threshold for arrival times (m)",
        ]) + "\n"

    okada = [f"{1:<24d} # Initialization type (0: sea surface from file, 1: standard Okada)",
             f"{len(lines):<24d} # Number of faults",
             "# Time(s) Lon Lat Depth(km) Length(km) Width(km) Strike Dip Rake Slip(m)",
             *lines,
             f"{0:<24d} # Crop deformations (0: no, 1: relative, 2: absolute)"]
    with open(os.path.join(out, name + "_okada.txt"), "w") as f:
        f.write(params(okada))
    if name != NAME:
        return
    start = [f"{0:<24d} # Initialization type (0: sea surface from file, 1: standard Okada)",
             f"{name + '_hno.nc':<24s} # Initial state file (z: the sea surface, m)"]
    with open(os.path.join(out, name + "_hno.txt"), "w") as f:
        f.write(params(start))


def main():
    args = sys.argv[1:]
    hno = "data/okushiri/HNO1993.tif"
    if "--hno" in args:
        i = args.index("--hno")
        hno = args[i + 1]
        del args[i:i + 2]
    res = None
    if "--resolution" in args:
        i = args.index("--resolution")
        res = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    case_path, out = args
    os.makedirs(out, exist_ok=True)
    case_dir = os.path.dirname(os.path.abspath(case_path))
    with open(case_path, "rb") as f:
        case = tomllib.load(f)
    text = open(case_path).read()
    lon0, lon1 = case["region"]["lon"]
    lat0, lat1 = case["region"]["lat"]
    grids = case["bathymetry"]["grid"]
    if len(grids) != 1 or grids[0].get("values") != "elevation":
        sys.exit("inputs.py: the case must have one [[bathymetry.grid]] of elevations")
    grid_rel = grids[0]["file"]
    grid = os.path.normpath(os.path.join(case_dir, grid_rel))

    # HySEA's cells: the grid's cells whose centres lie in the box; at --resolution, the
    # grid's cells split k x k, those whose centres lie in the box.
    info = json.loads(run(["gdalinfo", "-json", grid]))
    x0, dx, _, y0, _, dy = info["geoTransform"]
    width, height = info["size"]
    k = 1
    if res is not None:
        k = round(abs(dx) * 3600 / res)
        if k < 1 or abs(k * res - abs(dx) * 3600) > 1e-2:
            sys.exit(f"inputs.py: --resolution {res:g}: not the grid's {abs(dx) * 3600:g}\" "
                     "divided by an integer")
    name = NAME if k == 1 else f"okushiri_{res:g}s"
    dx, dy = dx / k, dy / k
    eps = 1e-7
    cols = [i for i in range(width * k) if lon0 - eps <= x0 + (i + 0.5) * dx <= lon1 + eps]
    rows = [j for j in range(height * k) if lat0 - eps <= y0 + (j + 0.5) * dy <= lat1 + eps]
    nx, ny = len(cols), len(rows)
    if nx < 2 or ny < 2 or dy >= 0:
        sys.exit(f"inputs.py: {grid}: no north-up cells in the box")
    with tempfile.TemporaryDirectory() as tmp:
        xyz = os.path.join(tmp, "bed.xyz")
        if k == 1:  # the grid's own cells, unchanged
            run(["gdal_translate", "-q", "-of", "XYZ", "-srcwin", str(cols[0]), str(rows[0]),
                 str(nx), str(ny), grid, xyz])
        else:  # bilinear between the grid's cell centres, at the finer cells' centres
            te = [x0 + cols[0] * dx, y0 + (rows[-1] + 1) * dy, x0 + (cols[-1] + 1) * dx,
                  y0 + rows[0] * dy]
            warped = os.path.join(tmp, "bed.tif")
            run(["gdalwarp", "-q", "-overwrite", "-te", *map(repr, te), "-ts", str(nx), str(ny),
                 "-r", "bilinear", "-ot", "Float32", grid, warped])
            run(["gdal_translate", "-q", "-of", "XYZ", warped, xyz])
        z = grid_of(xyz, nx, ny, grid)
        lon = [x0 + (i + 0.5) * dx for i in cols]
        lat = [y0 + (j + 0.5) * dy for j in reversed(rows)]
        how = ("the cells with centres in" if k == 1 else
               f"bilinear at the centres of its cells split {k} x {k}, those in")
        write_nc(os.path.join(out, name + "_bathy.nc"), lon, lat, z,
                 f"{os.path.basename(grid)}: {how} {lon0}-{lon1} E, {lat0}-{lat1} N",
                 {"units": "m", "long_name": "elevation, positive up"})
        wet = sum(1 for r in z for v in r if v < 0)
        print(f"inputs.py: HySEA's grid: {nx} x {ny} = {nx * ny} cells ({wet} below sea level), "
              f"lon {lon[0]:.6f}-{lon[-1]:.6f}, lat {lat[0]:.6f}-{lat[-1]:.6f}")
        if k > 1:
            write_params(case, name, out)
            print(f"inputs.py: wrote {name}_bathy.nc and {name}_okada.txt in {out}")
            return

        # The HNO1993 surface on the same cells: edges of the cells, bilinear, 0 outside.
        te = [x0 + cols[0] * dx, y0 + (rows[-1] + 1) * dy, x0 + (cols[-1] + 1) * dx,
              y0 + rows[0] * dy]
        warped = os.path.join(tmp, "hno.tif")
        run(["gdalwarp", "-q", "-overwrite", "-te", *map(repr, te), "-ts", str(nx), str(ny),
             "-r", "bilinear", "-dstnodata", "0", "-wo", "INIT_DEST=0", "-ot", "Float64", hno,
             warped])
        run(["gdal_translate", "-q", "-of", "XYZ", warped, xyz])
        eta = grid_of(xyz, nx, ny, hno)
        write_nc(os.path.join(out, NAME + "_hno.nc"), lon, lat, eta,
                 f"{os.path.basename(hno)} on the cells of {NAME}_bathy.nc",
                 {"units": "m", "long_name": "initial sea surface"})
        print(f"inputs.py: HNO1993 on those cells: {min(min(r) for r in eta):.2f} to "
              f"{max(max(r) for r in eta):.2f} m")

        # tridg's rasters as "x y z" text over the box and 0.1 degrees around it (within each
        # raster: no cells without a value).
        for src, name in ((grid, "OK24.xyz"), (hno, "HNO1993.xyz")):
            g = json.loads(run(["gdalinfo", "-json", src]))
            gx0, gdx, _, gy0, _, gdy = g["geoTransform"]
            gx1, gy1 = gx0 + g["size"][0] * gdx, gy0 + g["size"][1] * gdy
            win = [max(lon0 - 0.1, gx0), min(lat1 + 0.1, gy0), min(lon1 + 0.1, gx1),
                   max(lat0 - 0.1, gy1)]
            run(["gdal_translate", "-q", "-of", "XYZ", "-projwin", *map(repr, win), src,
                 os.path.join(tmp, name)])
            run(["xz", "-T1", "-6", "-f", os.path.join(tmp, name)])
            os.replace(os.path.join(tmp, name + ".xz"), os.path.join(out, name + ".xz"))

    pts = case["gauges"]["points"]
    with open(os.path.join(out, "points.txt"), "w") as f:
        f.write(f"{len(pts)}\n")
        f.writelines(f"{p[0]:.6f} {p[1]:.6f}\n" for p in pts.values())
    with open(os.path.join(out, "points.csv"), "w") as f:
        f.write("name,lon,lat\n")
        f.writelines(f"{n},{p[0]:.6f},{p[1]:.6f}\n" for n, p in pts.items())
    for n, p in pts.items():
        i = min(range(nx), key=lambda k: abs(lon[k] - p[0]))
        j = min(range(ny), key=lambda k: abs(lat[k] - p[1]))
        print(f"inputs.py: point {n}: HySEA's nearest cell ({lon[i]:.5f}, {lat[j]:.5f}) at "
              f"{z[j][i]:.1f} m")

    write_params(case, NAME, out)

    # tridg's cases for the GPU machine: the rasters as text beside them.
    head = (f"# Written by bench/hysea/inputs.py from {os.path.basename(case_path)}: the grid "
            "as \"x y z\" text.\n")
    dev = text.replace(f'"{grid_rel}"', '"OK24.xyz"')
    if dev == text:
        sys.exit(f"inputs.py: {case_path}: cannot find the grid's file name")
    with open(os.path.join(out, NAME + ".toml"), "w") as f:
        f.write(head + dev)
    hno_case = table_lines(dev, ["source"], {"initial": [
        'type = "level"', 'surface = "HNO1993.xyz"', "surface_outside = 0.0", ""]})
    with open(os.path.join(out, NAME + "_hno.toml"), "w") as f:
        f.write(head.replace("text.", "text, started from the HNO1993 surface instead of "
                             "the fault.") + hno_case)
    print(f"inputs.py: wrote {out}: " + " ".join(sorted(os.listdir(out))))


if __name__ == "__main__":
    main()
