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

# changed after Adams computed its results (the reference's README)
CHANGED = ("RotSpring_Case01", "TransSpring_Case01")

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


def rk4(f, y, t_end, dt, every):
    """y(t) at multiples of `every` by the classical Runge-Kutta method."""
    out, t, n = [list(y)], 0.0, int(round(every / dt))
    while t < t_end - 1e-12:
        for _ in range(n):
            k1 = f(y)
            k2 = f([a + 0.5 * dt * b for a, b in zip(y, k1)])
            k3 = f([a + 0.5 * dt * b for a, b in zip(y, k2)])
            k4 = f([a + dt * b for a, b in zip(y, k3)])
            y = [a + dt / 6 * (b + 2 * c + 2 * d + e) for a, b, c, d, e in zip(y, k1, k2, k3, k4)]
        t += every
        out.append(list(y))
    return out


def changed(mbsim, work):
    """The two datasets changed after Adams' run, against an independent
    integration of their equations (RK4, dt = 1e-4 s):
      TransSpring_Case01  a free body pulled by a spring-damper through its
        centre of mass from the ground origin (k 100, c 1, free length 2) under
        gravity: a point mass in the y-z plane
      RotSpring_Case01  a rod on a revolute joint about +y, centre of mass 2 m
        out, I_O = 0.1 + 1 * 2^2, a torsion spring-damper k = 180/pi N m/rad,
        c = 0.05 k: I_O th'' = m g d cos th - k th - c th'."""
    g = 9.80665

    def spring(y):
        py, pz, vy, vz = y
        l = (py * py + pz * pz) ** 0.5
        vr = (py * vy + pz * vz) / l
        f = -100.0 * (l - 2.0) - 1.0 * vr
        return [vy, vz, f * py / l, f * pz / l - g]

    k = 180 / 3.141592653589793

    def rot(y):
        th, w = y
        return [w, (1 * g * 2 * __import__("math").cos(th) - k * th - 0.05 * k * w) / 4.1]

    for case, f, y0, cols in (("TransSpring_Case01", spring, [2.0, 0.0, 0.0, 0.0], ("y", "z")),
                              ("RotSpring_Case01", rot, [0.0, 0.0], ("x", "z"))):
        h5 = os.path.join(work, case + ".h5")
        if not os.path.exists(h5):
            continue
        names, rows = export(mbsim, h5, "REQUEST_1")
        ref = rk4(f, y0, rows[-1][0], 1e-4, rows[1][0] - rows[0][0])
        diff = 0.0
        for r, y in zip(rows, ref):
            if case.startswith("Trans"):
                want = (y[0], y[1])
            else:
                want = (2 * __import__("math").cos(y[0]), -2 * __import__("math").sin(y[0]))
            for c, w in zip(cols, want):
                diff = max(diff, abs(r[names.index(c)] - w))
        print("%-24s %-8s %12.3e  (against an independent RK4 integration)" % (case, "Pos", diff))


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
            note = ""
            if case in CHANGED:
                note = "  (dataset changed after Adams' run: see below)"
            else:
                worst = max(worst, rel)
            print("%-24s %-8s %12.3e %12.3e %12.3e%s" % (case, quantity, diff, scale, rel, note))
    print("worst relative difference (datasets as Adams ran them): %.3e" % worst)
    changed(mbsim, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
