#!/usr/bin/env python3
"""profile_overhead.py — what `--profile-gen` costs and how well its figures
match an uninstrumented run (issue 5: the instrumentation must not distort
the figures it records by more than 2%).

Usage:
    python3 benchmarks/profile_overhead.py --bambooc PATH/TO/bambooc [--runs N]

For fractal and series (at the sizes below) it builds the program twice with
`bambooc -O2 --no-bounds-checks`, once plain and once with `--profile-gen`,
runs the two alternately N times (default 5) and prints the median CPU time
(user + sys) and wall time of each, the overhead of the profiling build, and
the profile's summed task-body time (`task_ns`, wall-clock time inside task
bodies, CLOCK_MONOTONIC) as a share of the plain run's wall time (the rest
is start-up, scheduling and collection, which the profile leaves out on
purpose; on a loaded machine both include time the process was descheduled).

It then times benchmarks/profile/tick.bb (10^6 invocations of a task with a
nearly empty body) plain and profiled: the difference in CPU time per
invocation is the cost of the profiler's hooks (two clock readings and the
counter updates), and the profile's mean `tick` time shows how much of a
clock reading is left in each recorded duration after the calibrated
overhead is subtracted.

CPU times are taken with getrusage(RUSAGE_CHILDREN), so they are steadier
than wall time on a loaded machine. Exit status 1 if a build fails or the
outputs of the two builds differ.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from bench.build import build
from bench.run import run_cmd

HERE = Path(__file__).resolve().parent
CASES = [
    ("fractal", HERE / "fractal" / "fractal.bb", ["1600", "1600"]),
    ("series", HERE / "series" / "series.bb", ["20000"]),
]
TICK = HERE / "profile" / "tick.bb"
TICKS = 1_000_000


def build_bb(bambooc, src, out, profile):
    cmd = [bambooc, "-O2", "--no-bounds-checks", str(src), "-o", str(out)]
    if profile:
        cmd.insert(1, "--profile-gen")
    if not build(cmd):
        sys.exit(f"building {src} failed")


def timed(exe, args, env):
    try:
        wall, cpu, out = run_cmd([str(exe)] + args, env=env)
    except RuntimeError as e:
        sys.exit(str(e))
    return cpu, wall, out


def compare(name, plain, prof, args, runs, tmp):
    env = dict(os.environ)
    profile_file = tmp / f"{name}.profile"
    env["BAMBOO_PROFILE_OUT"] = str(profile_file)
    times = {"plain": [], "prof": []}
    task_ns = []
    outputs = set()
    for _ in range(runs):
        for kind, exe in (("plain", plain), ("prof", prof)):
            cpu, wall, out = timed(exe, args, env)
            outputs.add(out)
            times[kind].append((cpu, wall))
            if kind == "prof":
                task_ns.append(json.loads(profile_file.read_text())["task_ns"])
    if len(outputs) != 1:
        sys.exit(f"{name}: the profiling build prints something else")
    med = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v)) for k, v in times.items()}
    return med, statistics.median(task_ns), json.loads(profile_file.read_text())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bambooc", required=True)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        print(f"medians of {a.runs} alternating runs; CPU = user + sys")
        print(f"{'program':<22} {'plain cpu':>10} {'prof cpu':>10} {'overhead':>9} {'plain wall':>11} {'prof wall':>10} {'task_ns/plain wall':>19}")
        for name, src, args in CASES:
            plain, prof = tmp / name, tmp / f"{name}_prof"
            build_bb(a.bambooc, src, plain, False)
            build_bb(a.bambooc, src, prof, True)
            med, task_ns, _ = compare(name, plain, prof, args, a.runs, tmp)
            (pc, pw), (qc, qw) = med["plain"], med["prof"]
            label = f"{name} {' '.join(args)}"
            print(f"{label:<22} {pc:>9.3f}s {qc:>9.3f}s {100 * (qc / pc - 1):>+8.2f}% {pw:>10.3f}s {qw:>9.3f}s {100 * task_ns / 1e9 / pw:>18.1f}%")
        plain, prof = tmp / "tick", tmp / "tick_prof"
        build_bb(a.bambooc, TICK, plain, False)
        build_bb(a.bambooc, TICK, prof, True)
        med, _, profile = compare("tick", plain, prof, [str(TICKS)], a.runs, tmp)
        invocations = profile["invocations"]
        per = (med["prof"][0] - med["plain"][0]) / invocations * 1e9
        tick = next(t for t in profile["tasks"] if t["task"] == "tick")
        loop = next(e for e in tick["exits"] if e["exit"] == 1)
        print(f"tick {TICKS}: plain {med['plain'][0] * 1e9 / invocations:.1f} ns/invocation, "
              f"profiled {med['prof'][0] * 1e9 / invocations:.1f} ns/invocation: hooks cost {per:.1f} ns per invocation")
        print(f"tick body as recorded: mean {loop['time_mean_ns']:.1f} ns (after subtracting a clock overhead of "
              f"{profile['clock_overhead_ns']} ns)")


if __name__ == "__main__":
    main()
