#!/usr/bin/python3
"""Compares computed with surveyed tsunami run-up heights and prints Aida's K and kappa.

    scripts/runup_plot.py runup_computed.csv [--offset runup_shifted.csv] -o runup.png

SURVEY.csv has a header and columns team,name,lon,lat,observed,computed (heights in m;
computed empty or NaN where the water did not reach the point). --offset names a second file
with the same points, computed with the survey positions shifted; it is drawn in grey and
gets its own K and kappa. Panel (a): computed against observed run-up (log-log, 1:1 line and
factors 1/1.45 and 1.45; points not reached as open markers on the bottom axis). Panel (b):
observed and computed run-up against latitude. Points outside 0.5-50 m are named on stdout and
left out of (a). Aida's K and kappa are over the reached points, with r = log(obs/comp):
K = exp(mean(r)), kappa = exp(sqrt(mean(r^2) - mean(r)^2)).
Needs numpy and matplotlib (Debian: python3-numpy python3-matplotlib).
"""
import argparse
import survey_csv  # the run-up CSV, shared with the other plotting script
import sys

import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter  # noqa: E402

LIM = (0.5, 50.0)  # m, both axes of (a) and the height axis of (b)
TICKS = (0.5, 1, 2, 5, 10, 20, 50)
FACTOR = 1.45
MARKERS = "os^DvPX*"  # one per team, in the order the teams first appear


def fail(msg):
    print(f"runup_plot.py: error: {msg}", file=sys.stderr)
    sys.exit(2)


def read_survey(path):
    d = survey_csv.read_survey(path, fail)
    if not len(d["observed"]) or not (d["observed"] > 0).all():
        fail(f"{path}: need at least one point, each with an observed height > 0")
    return d


def aida(obs, comp):
    """(K, kappa) over the reached points, NaN when none is reached."""
    r = np.log(obs / comp)
    # np.std is sqrt(mean(r^2) - mean(r)^2) computed without cancellation, so kappa = 1
    # exactly when every ratio is the same.
    return (np.exp(r.mean()), np.exp(r.std())) if len(r) else (np.nan, np.nan)


def table(d, heading):
    """Prints K, kappa and the counts per team and over all points."""
    print(heading)
    print(f"  {'team':<10} {'reached':>7} {'total':>5} {'K':>6} {'kappa':>6}")
    for team in list(dict.fromkeys(d["team"])) + ["all"]:
        k = (d["team"] == team) | (team == "all")
        hit = k & (d["computed"] > 0)  # NaN (not reached) compares false
        K, kappa = aida(d["observed"][hit], d["computed"][hit])
        print(f"  {team:<10} {hit.sum():>7} {k.sum():>5} {K:>6.2f} {kappa:>6.2f}")


def summary(d):
    hit = d["computed"] > 0
    K, kappa = aida(d["observed"][hit], d["computed"][hit])
    return f"K = {K:.2f}, κ = {kappa:.2f}, reached {hit.sum()}/{len(hit)}"


def within(v):
    return (v >= LIM[0]) & (v <= LIM[1])


def draw(ax_a, ax_b, d, style, grey):
    """Draws the points of one file: coloured per team, or grey for the shifted positions."""
    hit = d["computed"] > 0  # NaN (not reached) compares false
    for team, (marker, colour) in style.items():
        k = d["team"] == team
        colour = "0.55" if grey else colour
        ax_a.plot(d["observed"][k & hit], d["computed"][k & hit], marker, color=colour,
                  ms=4 if grey else 5, mec=colour if grey else "k", mew=0.5)
        # Not reached: open markers on the bottom axis (clip_on off so they show whole).
        k &= ~hit & within(d["observed"])
        ax_a.plot(d["observed"][k], np.full(k.sum(), LIM[0]), marker,
                  mfc="none", color=colour, ms=5, mew=0.8, clip_on=False)
    colour = "0.55" if grey else "tab:red"
    if not grey:
        ax_b.plot(d["lat"], d["observed"], "o", mfc="none", mec="k", ms=4, mew=0.8)
    ax_b.plot(d["lat"][hit], d["computed"][hit], "s" if grey else "o", color=colour,
              ms=3.5 if grey else 4, mew=0)
    ax_b.plot(d["lat"][~hit], np.full((~hit).sum(), LIM[0]), "x", color=colour, ms=4,
              clip_on=False)


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Exit status 2 for a missing or malformed CSV file.")
    ap.add_argument("survey", metavar="SURVEY.csv",
                    help="run-up points: team,name,lon,lat,observed,computed")
    ap.add_argument("--offset", metavar="OTHER.csv",
                    help="the same points computed with the survey positions shifted")
    ap.add_argument("-o", "--output", default="runup.png", metavar="OUT.png",
                    help="PNG to write (default runup.png)")
    a = ap.parse_args()
    d = read_survey(a.survey)
    other = read_survey(a.offset) if a.offset else None

    table(d, f"{a.survey}: Aida's K and kappa over the reached points")
    if other:
        table(other, f"{a.offset}: shifted positions")
    hit = d["computed"] > 0
    out = ~within(d["observed"]) | (hit & ~within(d["computed"]))
    if out.any():
        print(f"{out.sum()} points outside {LIM[0]:g}-{LIM[1]:g} m are not drawn in (a): "
              + ", ".join(d["name"][out]))

    teams = list(dict.fromkeys(d["team"]))
    style = {t: (MARKERS[i % len(MARKERS)], f"C{i}") for i, t in enumerate(teams)}
    # (a) square, (b) 1.4 times as wide and as high as (a).
    fig, (ax_a, ax_b) = plt.subplots(1, 2, figsize=(11.0, 5.0),
                                     gridspec_kw=dict(width_ratios=(1, 1.4)))
    ax_a.set_box_aspect(1.0)
    ax_b.set_box_aspect(1.0 / 1.4)
    if other:
        draw(ax_a, ax_b, other, style, grey=True)
    draw(ax_a, ax_b, d, style, grey=False)

    ax_a.set_xscale("log")
    ax_a.set_yscale("log")
    ax_a.plot(LIM, LIM, "k-", lw=0.8)
    for f in (1 / FACTOR, FACTOR):
        ax_a.plot(LIM, np.multiply(LIM, f), "k--", lw=0.6)
    ax_a.set_xlim(LIM)
    ax_a.set_ylim(LIM)
    ax_a.set_xlabel("Observed run-up (m)")
    ax_a.set_ylabel("Computed run-up (m)")
    title = "(a) " + summary(d)
    if other:
        title += "\nshifted positions: " + summary(other)
    ax_a.set_title(title, fontsize=10)
    handles = [Line2D([], [], ls="", marker=m, mfc=c, mec="k", mew=0.5, label=t)
               for t, (m, c) in style.items()]
    handles.append(Line2D([], [], ls="", marker="o", mfc="none", mec="k",
                          label="not reached"))
    if other:
        handles.append(Line2D([], [], ls="", marker="o", color="0.55", label="shifted"))
    handles.append(Line2D([], [], color="k", lw=0.8, label="1:1"))
    handles.append(Line2D([], [], color="k", ls="--", lw=0.6, label=f"×1/{FACTOR}, ×{FACTOR}"))
    # Legends below the panels, where they cannot hide points.
    below = dict(loc="upper center", bbox_to_anchor=(0.5, -0.13), fontsize=8)
    ax_a.legend(handles=handles, ncol=3, **below)

    ax_b.set_yscale("log")
    ax_b.set_ylim(LIM)
    ax_b.set_xlabel("Latitude (°N)")
    ax_b.set_ylabel("Run-up height (m)")
    ax_b.set_title("(b) Run-up along the coast, by latitude", fontsize=10)
    handles = [Line2D([], [], ls="", marker="o", mfc="none", mec="k", label="observed"),
               Line2D([], [], ls="", marker="o", color="tab:red", label="computed"),
               Line2D([], [], ls="", marker="x", color="tab:red",
                      label="computed: not reached")]
    if other:
        handles.append(Line2D([], [], ls="", marker="s", color="0.55",
                              label="computed, shifted positions"))
    ax_b.legend(handles=handles, ncol=2, **below)
    for axis in (ax_a.xaxis, ax_a.yaxis, ax_b.yaxis):
        # Plain numbers at 0.5, 1, 2, 5, ... rather than 10^0 on the log axes.
        axis.set_major_locator(FixedLocator(TICKS))
        axis.set_major_formatter(FuncFormatter(lambda t, _: f"{t:g}"))
        axis.set_minor_formatter(NullFormatter())
    for ax in (ax_a, ax_b):
        ax.grid(True, which="major", lw=0.3, color="0.8")
        ax.tick_params(labelsize=9)
    fig.tight_layout()
    fig.savefig(a.output, dpi=200, bbox_inches="tight")
    print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
