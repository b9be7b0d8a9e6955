#!/usr/bin/env python3
"""Two builds of mbsim, CPU time side by side: each model of the command line
in each formulation, run by the new build and then the old, REPEAT times in
turn (default 20), the least CPU time (user + system) of each kept. Single
runs of these small models vary by a third on a busy machine; the least of
twenty varies by about 2 %, and which build runs first in each pair moved the
ratio by 1 to 2 % on 2026-11-28 (new first is the order here).

usage: bench/ab_cpu.py OLD_MBSIM NEW_MBSIM MODEL...   (REPEAT, FORMULATIONS)"""
import os, resource, subprocess, sys, tempfile

if len(sys.argv) < 4:
    sys.exit(__doc__)
old, new, models = sys.argv[1], sys.argv[2], sys.argv[3:]
repeat = int(os.environ.get("REPEAT", "20"))
forms = os.environ.get("FORMULATIONS", "absolute joint").split()
out = os.path.join(tempfile.mkdtemp(), "run.h5")


def cpu(binary, model, form):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "run", model, "-q", "--formulation", form, "-o", out], check=True,
                   stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


print("%-22s %-8s %9s %9s %8s" % ("model", "form", "old_cpu_s", "new_cpu_s", "new/old"))
for model in models:
    for form in forms:
        o = n = float("inf")
        for _ in range(repeat):
            n = min(n, cpu(new, model, form))
            o = min(o, cpu(old, model, form))
        print("%-22s %-8s %9.3f %9.3f %8.3f" % (os.path.basename(model)[:-4], form, o, n, n / o))
os.remove(out)
