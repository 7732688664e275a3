#!/usr/bin/env python3
"""Converts data/okushiri/FieldData.xlsx (the 1993 Okushiri survey and tide-gauge sheets) to
plain CSV files beside it, with the Python standard library only (an .xlsx is a zip of XML):

  runup.csv        team, name, lat_deg, lon_deg, height_m, height_min_m, height_max_m, note
  tide_esashi.csv  time_min, eta_m
  tide_iwanai.csv  time_min, eta_m

Run-up positions in degrees-minutes(-seconds) become decimal degrees. Tohoku: "Corrected Z"
(cm, corrected for the tide) in m. UJNR: "Ver. Runup (m)" (rows without one, or without a
position, are left out). Tsuji: "Tsunami Height" in m, a range "a-b" kept as its ends and its
mean. Usage: scripts/okushiri_field_data.py [data/okushiri]
"""
import csv
import re
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def sheets(path):
    z = zipfile.ZipFile(path)
    shared = []
    if "xl/sharedStrings.xml" in z.namelist():
        for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS):
            shared.append("".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])))
    rels = {r.get("Id"): r.get("Target")
            for r in ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))}
    out = {}
    for s in ET.fromstring(z.read("xl/workbook.xml")).find("m:sheets", NS):
        rows = []
        for r in ET.fromstring(z.read("xl/" + rels[s.get(REL)])).iter("{%s}row" % NS["m"]):
            row = {}
            for c in r.findall("m:c", NS):
                col = 0
                for ch in re.match(r"[A-Z]+", c.get("r")).group():
                    col = col * 26 + ord(ch) - 64
                v = c.find("m:v", NS)
                if v is None:
                    text = "".join(t.text or "" for t in c.iter("{%s}t" % NS["m"]))
                else:
                    text = shared[int(v.text)] if c.get("t") == "s" else v.text
                row[col - 1] = text.strip()
            if row:
                rows.append([row.get(i, "") for i in range(max(row) + 1)])
        out[s.get("name")] = rows
    return out


def num(s):
    try:
        return float(s)
    except ValueError:
        return None


def dms(d, m, s="0"):
    d, m, s = num(d), num(m), num(s or "0")
    return None if d is None or m is None or s is None else d + m / 60 + s / 3600


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "data/okushiri")
    book = sheets(folder / "FieldData.xlsx")
    runup = []
    for i, r in enumerate(book["Tohoku"][1:], 1):
        z, lat, lon = num(r[3]), dms(*r[4:7]), dms(*r[7:10])
        # 99999 (cm) is the sheet's code for a height not measured (its quality is 99999 too).
        if z is not None and z != 99999 and lat is not None and lon is not None:
            h = z / 100
            runup.append(["tohoku", "tohoku_%d" % i, lat, lon, h, h, h, "quality " + r[0]])
    for r in book["UJNR"][1:]:
        h, lat, lon = num(r[8]), dms(r[3], r[4]), dms(r[5], r[6])
        if h is not None and lat is not None and lon is not None:
            name = "ujnr_" + re.sub(r"[^0-9A-Za-z]", "_", r[0])
            runup.append(["ujnr", name, lat, lon, h, h, h, r[11] if len(r) > 11 else ""])
    for r in book["Tsuji"][1:]:
        ends = [num(x) for x in re.findall(r"[0-9.]+", r[2])] if len(r) > 2 else []
        ends = [e for e in ends if e is not None]
        lat, lon = (dms(*r[3:6]), dms(*r[6:9])) if len(r) > 8 else (None, None)
        if ends and lat is not None and lon is not None:
            name = "tsuji_" + re.sub(r"[^0-9A-Za-z]+", "_", r[0]).strip("_").lower()
            runup.append(["tsuji", name, lat, lon, sum(ends) / len(ends), min(ends), max(ends),
                          r[9] if len(r) > 9 else ""])
    with open(folder / "runup.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["team", "name", "lat_deg", "lon_deg", "height_m", "height_min_m",
                    "height_max_m", "note"])
        for row in runup:
            w.writerow([row[0], row[1], "%.6f" % row[2], "%.6f" % row[3]] +
                       ["%.3f" % x for x in row[4:7]] + [row[7]])
    for sheet, name in (("Esashi", "tide_esashi.csv"), ("Iwanai", "tide_iwanai.csv")):
        with open(folder / name, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["time_min", "eta_m"])
            for r in book[sheet][1:]:
                if num(r[0]) is not None and num(r[1]) is not None:
                    w.writerow(["%.5f" % num(r[0]), "%.4f" % num(r[1])])
    print("%d run-up points, tide records of Esashi and Iwanai in %s" % (len(runup), folder))


if __name__ == "__main__":
    main()
