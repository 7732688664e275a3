#!/usr/bin/env python3
"""One table row from a tridg run's summary.json, for the bench scripts.

usage: summary_row.py SUMMARY NAME EXIT_CODE KEY...

Each KEY is a summary.json key; a dotted key reaches into an object (solver.gmres_iterations,
l2_error.rho). A key the run did not write prints as '-'; a missing or unreadable summary prints
the run's exit code instead of the row.
"""
import json
import sys


def lookup(summary, key):
    value = summary
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return "-"
        value = value[part]
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    path, name, rc, keys = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    try:
        with open(path) as f:
            summary = json.load(f)
    except (OSError, ValueError):
        print(f"{name:<24} exit {rc}, no summary")
        return
    print(f"{name:<24} " + " ".join(f"{lookup(summary, k):>11}" for k in keys))


if __name__ == "__main__":
    main()
