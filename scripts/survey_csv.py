"""The run-up survey CSV that tridg writes (runup_survey.csv: team,name,lon,lat,observed,computed),
read for tsunami_map.py and runup_plot.py."""
import csv

import numpy as np


def read_survey(path, fail):
    """Columns team, name (str arrays), lon, lat, observed, computed (float arrays; NaN where
    empty); calls fail(message) on an unreadable or malformed file."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    try:
        d = {k: np.array([r[k] for r in rows]) for k in ("team", "name")}
        for k in ("lon", "lat", "observed", "computed"):
            d[k] = np.array([float(r[k] or "nan") for r in rows])
    except (KeyError, TypeError, ValueError):
        fail(f"{path}: need a header and columns team,name,lon,lat,observed,computed")
    return d
