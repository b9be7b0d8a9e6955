#!/usr/bin/env python3
"""Runs Adams datasets with mbsim and compares their REQUESTs with the results
Adams itself computed for them (Project Chrono's joint tests: a directory with
adams_models/test_<Name>_CaseNN.adm and, in subdirectories,
<Name>_CaseNN_ADAMS_<Quantity>.txt, tab-separated, '#' header lines, first
column time). Nothing is copied: the datasets run as they are.

    tools/adams_reference.py REFERENCE_DIR [--mbsim build/mbsim] [--keep DIR] [--rtol R]

For each dataset and quantity it prints the largest difference over all
output times, absolute and relative to the largest magnitude of Adams' column
(the accuracy Adams' own output allows: 7 significant digits). The requests
are found by their comments, as Chrono's datasets write them: DISPLACEMENT
(Pos), VELOCITY (Vel, Avel), ACCELERATION (Acc, Aacc), EULER PARAMETERS
(Quat), RForce (Rforce, Rtorque); the first of each, i.e. the first body's.
"""
import csv
import glob
import io
import os
import re
import subprocess
import sys
import tempfile

# quantity -> (request comment, columns)
QUANTITIES = {
    "Pos": ("DISPLACEMENT", ["x", "y", "z"]),
    "Vel": ("VELOCITY", ["vx", "vy", "vz"]),
    "Avel": ("VELOCITY", ["wx", "wy", "wz"]),
    "Acc": ("ACCELERATION", ["ax", "ay", "az"]),
    "Aacc": ("ACCELERATION", ["wdx", "wdy", "wdz"]),
    "Quat": ("EULER PARAMETERS", ["f2", "f3", "f4", "f6"]),
    "Rforce": ("RFORCE", [("f2", "fx"), ("f3", "fy"), ("f4", "fz")]),
    "Rtorque": ("RFORCE", [("f6", "tx"), ("f7", "ty"), ("f8", "tz")]),
}


def statements(path):
    """The dataset's statements, continuation lines joined (comments dropped)."""
    out, cur = [], None
    with open(path) as f:
        lines = f.read().splitlines()[1:]
    for line in lines:
        line = line.split("!")[0]
        if not line.strip():
            continue
        if line.lstrip().startswith(","):
            cur += " " + line.strip()
        else:
            if cur:
                out.append(cur)
            cur = line.strip()
    if cur:
        out.append(cur)
    return out


def requests(path):
    """[(id, comment upper-cased)] of the dataset's REQUESTs."""
    found = []
    for s in statements(path):
        m = re.match(r"REQUEST/0*(\d+)", s, re.I)
        if m:
            c = re.search(r"(?:,\s*C\s*=|COMMENT\s*=)\s*([^,]*)", s, re.I)
            found.append((int(m.group(1)), c.group(1).upper() if c else ""))
    return found


def read_reference(path):
    times, rows = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.split()
            if parts[0].lower() == "time":
                continue
            values = [float(v) for v in parts]
            times.append(values[0])
            rows.append(values[1:])
    return times, rows


def export(mbsim, h5, sensor):
    text = subprocess.run([mbsim, "export", h5, sensor, "--csv"], check=True, capture_output=True,
                          text=True).stdout
    r = list(csv.reader(io.StringIO(text)))
    names = [re.sub(r"^[^.]*\.| \[.*\]$", "", h) for h in r[0]]
    return names, [[float(v) for v in row] for row in r[1:]]


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    ref = args[0]
    mbsim = args[args.index("--mbsim") + 1] if "--mbsim" in args else "build/mbsim"
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    tolerance = ["--rtol", args[args.index("--rtol") + 1]] if "--rtol" in args else []
    work = keep or tempfile.mkdtemp(prefix="adams_reference.")
    os.makedirs(work, exist_ok=True)
    print("%-24s %-8s %12s %12s %12s" % ("dataset", "quantity", "max |diff|", "max |Adams|", "relative"))
    worst = 0.0
    for adm in sorted(glob.glob(os.path.join(ref, "adams_models", "*.adm"))):
        case = os.path.basename(adm)[len("test_"):-len(".adm")]
        files = glob.glob(os.path.join(ref, "*", case + "_ADAMS_*.txt"))
        if not files:
            files = glob.glob(os.path.join(ref, "*", case.replace("Trans", "Tran") + "_ADAMS_*.txt"))
        h5 = os.path.join(work, case + ".h5")
        end, step = 5.0, 0.01
        if files:
            times, _ = read_reference(files[0])
            end, step = times[-1], times[1] - times[0]
        run = subprocess.run([mbsim, "run", adm, "-o", h5, "--quiet", "--end-time", repr(end), "--print-interval",
                              repr(step)] + tolerance, capture_output=True, text=True)
        if run.returncode != 0:
            print("%-24s did not run: %s" % (case, run.stderr.strip().splitlines()[:1]))
            worst = float("inf")
            continue
        if not files:
            print("%-24s runs (no Adams results to compare with)" % case)
            continue
        reqs = requests(adm)
        for path in sorted(files):
            quantity = re.search(r"_ADAMS_(\w+)\.txt$", path).group(1)
            if quantity not in QUANTITIES:
                continue
            key, cols = QUANTITIES[quantity]
            req = next((n for n, c in reqs if c.startswith(key) or key in c.replace(" ", "")), None)
            if req is None:
                print("%-24s %-8s no request" % (case, quantity))
                continue
            names, rows = export(mbsim, h5, "REQUEST_%d" % req)
            idx = []
            for c in cols:
                options = c if isinstance(c, tuple) else (c,)
                idx.append(next(names.index(o) for o in options if o in names))
            times, ref_rows = read_reference(path)
            by_time = {round(r[0], 9): r for r in rows}
            diff = scale = 0.0
            for t, rr in zip(times, ref_rows):
                r = by_time.get(round(t, 9))
                if r is None:
                    diff = float("inf")
                    continue
                # Euler parameters q and -q are one rotation: mbsim's have e0 >= 0, Adams' are continuous
                sign = 1.0
                if quantity == "Quat" and sum(r[i] * rr[k] for k, i in enumerate(idx)) < 0:
                    sign = -1.0
                for k, i in enumerate(idx):
                    diff = max(diff, abs(sign * r[i] - rr[k]))
                    scale = max(scale, abs(rr[k]))
            # columns that are zero but for rounding (|Adams| < 1e-9): no relative figure
            rel = diff / scale if scale > 1e-9 else 0.0
            worst = max(worst, rel)
            print("%-24s %-8s %12.3e %12.3e %12.3e" % (case, quantity, diff, scale, rel))
    print("worst relative difference: %.3e" % worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
