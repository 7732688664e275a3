#!/bin/bash
# Runs scripts/tsunami_map.py and scripts/runup_plot.py on a synthetic map file and survey:
# each must write a PNG, runup_plot.py must print the known Aida K and kappa, and a missing
# field, file or bad --range must exit with status 2.
#   tests/scripts/test_tsunami_plots.sh          (TEST_OUT=DIR keeps the files in DIR)
# Needs python3 with numpy, h5py and matplotlib (PYTHON=... picks the interpreter).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
py=${PYTHON:-/usr/bin/python3}
if [[ -n ${TEST_OUT:-} ]]; then
  tmp=$TEST_OUT
  mkdir -p "$tmp"
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi

fail() { echo "FAIL: $*" >&2; exit 1; }

# A round island (bed above 0 m within about 8 km of 42.13 N 139.47 E) in 100 m deep water,
# with fields as `tridg maps` writes them: NaN where there is no value, text attributes as
# fixed-length strings. Survey points on its coast, computed = observed / 2 where reached
# (K = 2, kappa = 1), not reached at three points; the shifted file has observed / 4 (K = 4).
"$py" - "$tmp" <<'EOF'
import sys
import h5py
import numpy as np

out = sys.argv[1]
lat = np.linspace(42.0, 42.25, 101)
lon = np.linspace(139.3, 139.65, 141)
LON, LAT = np.meshgrid(lon, lat)
r = np.hypot((LON - 139.47) * 82.6, (LAT - 42.13) * 111.1)  # km
bed = 150.0 * (1.0 - (r / 8.0) ** 2)
bed[bed < -100.0] = -100.0
height = 1.0 + 3.0 * np.exp(-(((LON - 139.40) * 82.6) ** 2) / 50.0)
height[bed > height] = np.nan  # dry land
arrival = 60.0 * np.hypot((LON - 139.3) * 82.6, (LAT - 42.0) * 111.1)
arrival[bed > 2.0] = np.nan
outside = (LON > 139.6) & (LAT < 42.04)  # a corner off the mesh
for v in (bed, height, arrival):
    v[outside] = np.nan

with h5py.File(f"{out}/maps.nc", "w") as f:
    f.attrs["Conventions"] = np.bytes_("CF-1.8")
    f["lat"], f["lon"] = lat, lon
    f["lat"].attrs["units"] = np.bytes_("degrees_north")
    f["lon"].attrs["units"] = np.bytes_("degrees_east")
    for name, v, long_name, units in (
            ("max_height", height, "highest water surface above the still level", "m"),
            ("arrival_time", arrival, "first time the surface rose above the arrival "
             "threshold", "s"),
            ("bed", bed, "bed elevation (element mean)", "m")):
        f[name] = v
        f[name].attrs["long_name"] = np.bytes_(long_name)
        f[name].attrs["units"] = np.bytes_(units)
        f[name].attrs["_FillValue"] = np.nan

rng = np.random.default_rng(1)
teams = ["tohoku"] * 12 + ["ujnr"] * 6 + ["tsuji"] * 4
angle = np.linspace(0.0, 2.0 * np.pi, len(teams), endpoint=False)
obs = np.round(rng.uniform(2.0, 30.0, len(teams)), 2)
missed = {3, 10, 17}
for name, div in (("survey", 2.0), ("shifted", 4.0)):
    with open(f"{out}/{name}.csv", "w") as f:
        f.write("team,name,lon,lat,observed,computed\n")
        for i, (t, a, o) in enumerate(zip(teams, angle, obs)):
            comp = ("" if i % 2 else "nan") if i in missed else f"{o / div:.4f}"
            f.write(f"{t},{t}_{i},{139.47 + 8.0 / 82.6 * np.cos(a):.6f},"
                    f"{42.13 + 8.0 / 111.1 * np.sin(a):.6f},{o},{comp}\n")
EOF

check_png() {
  [[ -f $1 ]] || fail "$1 not written"
  [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "$1 not a PNG"
  (( $(stat -c %s "$1") > 10240 )) || fail "$1 smaller than 10 kB"
}

map="$repo/scripts/tsunami_map.py"
"$py" "$map" "$tmp/maps.nc" -f max_height -o "$tmp/max_height.png" --range 0,4 \
  --survey "$tmp/survey.csv"
check_png "$tmp/max_height.png"
"$py" "$map" "$tmp/maps.nc" -f arrival_time --minutes -o "$tmp/arrival.png" \
  --box 139.35,139.6,42.02,42.24 --survey "$tmp/survey.csv" --title "Arrival time, synthetic"
check_png "$tmp/arrival.png"

table=$("$py" "$repo/scripts/runup_plot.py" "$tmp/survey.csv" -o "$tmp/runup.png")
echo "$table"
check_png "$tmp/runup.png"
# 22 points, 19 reached, K = 2, kappa = 1 exactly (tohoku: 12 points, 10 reached).
grep -Eq '^ +all +19 +22 +2\.00 +1\.00$' <<<"$table" || fail "K, kappa over all points"
grep -Eq '^ +tohoku +10 +12 +2\.00 +1\.00$' <<<"$table" || fail "K, kappa for tohoku"
table=$("$py" "$repo/scripts/runup_plot.py" "$tmp/survey.csv" --offset "$tmp/shifted.csv" \
  -o "$tmp/runup_offset.png")
check_png "$tmp/runup_offset.png"
grep -Eq '^ +all +19 +22 +4\.00 +1\.00$' <<<"$table" || fail "K, kappa of the shifted file"

# Errors: status 2 and a one-line message.
expect_2() {
  local rc=0 err
  err=$("$@" 2>&1 >/dev/null) || rc=$?
  (( rc == 2 )) || fail "status $rc, not 2: $*"
  [[ $(wc -l <<<"$err") == 1 ]] || fail "not a one-line message: $err"
  echo "  exit 2: $err"
}
expect_2 "$py" "$map" "$tmp/maps.nc" -f max_depth -o "$tmp/x.png"
grep -q "arrival_time, bed, max_height" <<<"$("$py" "$map" "$tmp/maps.nc" -f max_depth \
  -o "$tmp/x.png" 2>&1 || true)" || fail "missing field: fields present not listed"
expect_2 "$py" "$map" "$tmp/none.nc" -f max_height -o "$tmp/x.png"
expect_2 "$py" "$map" "$tmp/maps.nc" -f max_height -o "$tmp/x.png" --range 4,0
expect_2 "$py" "$map" "$tmp/maps.nc" -f max_height -o "$tmp/x.png" --box 139,140,42
expect_2 "$py" "$repo/scripts/runup_plot.py" "$tmp/none.csv" -o "$tmp/x.png"
[[ ! -e $tmp/x.png ]] || fail "a PNG written despite an error"
echo "PASS"
