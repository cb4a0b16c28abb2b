#!/usr/bin/env python3
"""metg.py — Task Bench's minimum effective task granularity (METG, Slaughter
et al., SC'20) on 2 cores for each dependency pattern: Bamboo's
shared-memory and MPI builds of taskbench.bb beside Task Bench's own MPI
(mpi/nonblock.cc) and OpenMP (openmp/main.cc) implementations (issue 32).

Usage:
    python3 benchmarks/metg.py [--bambooc PATH] [--source FILE] [--quick]
        [--cores N] [--width W] [--steps S] [--runs R] [--peers DIR]
        [--systems NAME,...] [--json FILE] [--from FILE] [PATTERN ...]

    PATTERN     Task Bench patterns (default: all ten taskbench.bb covers)
    --source F  the Bamboo program to measure (default taskbench/taskbench.bb;
                another version of it, to compare)
    --quick     a tiny sweep (steps 8, -iter 1, 16, 256): tests the tooling
    --cores N   cores, MPI ranks and OpenMP workers (default 2)
    --width W   points per timestep (default: the cores, as Task Bench's
                METG runs do)
    --steps S   timesteps (default 1000)
    --runs R    runs per task size; the fastest is kept (default 3)
    --peers DIR Task Bench's sources (default ../shared/peers/task-bench
                beside the repository)
    --from FILE print the table again from a --json file (no runs)

Task Bench is built from a temporary copy of the peers folder (core, then
mpi/nonblock and openmp/main with its own Makefiles); taskbench.bb with
`bambooc -O2 --no-bounds-checks --cores N` and `--mpi` (run as N ranks of
one core). Before timing, each pattern runs once on every system at a tiny
size and Bamboo's counts of tasks, dependencies and FLOPs must equal Task
Bench's (and no input may be wrong): the graphs and the kernel's FLOPs are
the same. Then -iter is swept over powers of 2 from 2^14 (tasks of about
0.1-1 ms) down to 1 (256, 16 and 1 in quick mode), stopping after three
sizes in a row below 50% efficiency; the systems take turns within each round
of runs, and each size keeps its fastest run. For each size: granularity
= elapsed time x cores / tasks (the program's own "Elapsed Time", which
leaves out start-up), efficiency = FLOP/s over the highest FLOP/s of the
sweep: the largest tasks' on a quiet machine, and on a busy one the least
disturbed estimate of the peak, since other work only slows a run down
(and a large size, timed for longer, more often). METG is the granularity at
which the efficiency crosses 50%, interpolated linearly between the two
sizes around the crossing; "<X" when even the smallest task measured (X us)
stays above 50%, "-" when no size reaches 50%.

Prints a table of METG (microseconds) per pattern and system and, with
--json, writes every measurement. Task Bench's figures are local
measurements on this machine (its authors ask that results obtained with
it be labelled so). Time on a loaded machine is noisy: print and quote the
load average with the figures. Exit status 1 if a build, a run or a check
fails. Python 3 standard library only.
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
from bench.build import build
from bench.run import load, mpi_env, run_cmd

# Every pattern taskbench.bb implements (core/core.cc's DependenceType
# without random_nearest and random_spread, whose edges come from
# core_random.c's SipHash).
PATTERNS = ["trivial", "no_comm", "stencil_1d", "stencil_1d_periodic", "dom", "tree",
            "fft", "all_to_all", "nearest", "spread"]
SYSTEMS = ["Bamboo shared", "Bamboo MPI", "Task Bench MPI", "Task Bench OpenMP"]
RADIX = 3
# The smallest width at which Task Bench's App::check accepts a pattern
# (below it, stencil_1d_periodic and spread name one dependency twice, and
# fft has no dependence set).
MIN_WIDTH = {"stencil_1d_periodic": 3, "spread": RADIX, "fft": 2}
# Counts both programs print, which must agree.
COUNTS = ["Total Tasks", "Total Dependencies", "Total FLOPs"]


def graph_args(pattern: str, width: int, steps: int, iters: int) -> list:
    """The options of one task graph, for Task Bench and taskbench.bb alike.
    spread needs a period of at most ceil(width / radix) (App::check)."""
    args = ["-type", pattern, "-width", str(width), "-steps", str(steps), "-iter", str(iters)]
    if pattern == "spread":
        args += ["-radix", str(RADIX), "-period", str(min(3, -(-width // RADIX)))]
    return args


def build_all(a, out: Path) -> dict | None:
    """Builds the four systems; {system: (command prefix, extra args, env)}."""
    tb = out / "task-bench"
    shutil.copytree(a.peers, tb)
    bb = [a.bambooc, "-O2", "--no-bounds-checks"]
    src = a.source
    steps = [
        ["make", "-C", str(tb / "core"), "-j2"],
        ["make", "-C", str(tb / "mpi"), "nonblock"],
        ["make", "-C", str(tb / "openmp"), "main"],
        [*bb, "--cores", str(a.cores), src, "-o", str(out / "taskbench_shared")],
        [*bb, "--mpi", src, "-o", str(out / "taskbench_mpi")],
    ]
    for cmd in steps:
        print(f"  building: {' '.join(cmd[:4])} ...", flush=True)
        if not build(cmd):
            return None
    env = mpi_env()
    mpirun = ["mpirun", "--oversubscribe", "-np", str(a.cores)]
    kernel = ["-kernel", "compute_bound"]
    return {
        "Bamboo shared": ([str(out / "taskbench_shared")], ["-time"], dict(os.environ, BAMBOO_CORES=str(a.cores))),
        "Bamboo MPI": ([*mpirun, "-x", "BAMBOO_CORES", str(out / "taskbench_mpi")], ["-time"],
                       dict(env, BAMBOO_CORES="1")),
        "Task Bench MPI": ([*mpirun, str(tb / "mpi" / "nonblock")], kernel, env),
        "Task Bench OpenMP": ([str(tb / "openmp" / "main")], [*kernel, "-worker", str(a.cores)], None),
    }


def parse(stdout: str) -> dict:
    """The counts, elapsed seconds and FLOP/s a run printed."""
    found = {}
    for key in COUNTS:
        m = re.search(rf"^{key} (\d+)$", stdout, re.M)
        if m:
            found[key] = int(m.group(1))
    m = re.search(r"^Elapsed Time (\S+) seconds$", stdout, re.M)
    if m:
        found["elapsed"] = float(m.group(1))
    m = re.search(r"^FLOP/s (\S+)$", stdout, re.M)
    if m:
        found["flops"] = float(m.group(1))
    m = re.search(r" errors (\d+) ", stdout)
    if m:
        found["errors"] = int(m.group(1))
    return found


def check_counts(systems: dict, pattern: str, width: int) -> str | None:
    """Runs a tiny graph of `pattern` on every system; None if Bamboo's
    counts equal Task Bench's and no input was wrong, else the difference."""
    args = graph_args(pattern, width, 6, 3)
    seen = {}
    for name, (cmd, extra, env) in systems.items():
        got = parse(run_cmd([*cmd, *args, *extra], env=env)[2])
        if any(k not in got for k in COUNTS):
            return f"{name} printed no counts for {' '.join(args)}"
        if got.get("errors", 0):
            return f"{name}: {got['errors']} wrong inputs for {' '.join(args)}"
        seen[name] = tuple(got[k] for k in COUNTS)
    if len(set(seen.values())) != 1:
        return f"counts ({', '.join(COUNTS)}) differ for {' '.join(args)}: {seen}"
    return None


def metg(points: list) -> tuple:
    """METG from [(granularity, efficiency)] sorted by decreasing task size:
    (value, bound), bound "=" (interpolated between the smallest size at or
    above 50% and the next one), "<" (the smallest size measured is at or
    above 50%: its granularity) or "-" (no size is). The smallest size at
    or above 50% is taken, not the first crossing, so that a large size
    slowed by other work does not end the search."""
    above = [k for k, (_, e) in enumerate(points) if e >= 0.5]
    if not above:
        return None, "-"
    k = above[-1]
    if k == len(points) - 1:
        return points[k][0], "<"
    (g0, e0), (g, e) = points[k], points[k + 1]
    return g0 + (g - g0) * (e0 - 0.5) / (e0 - e), "="


def sweep(a, systems: dict, pattern: str) -> tuple:
    """Times -iter from the largest size down on every system, the systems
    taking turns within each round so that they share the machine's
    conditions; keeps each size's fastest run (other work only slows a run
    down). Returns ({system: [(iter, elapsed, FLOP/s, tasks)]}, {system:
    error}); a system stops after three sizes in a row below 50% efficiency
    (a shared host's slow spell of a few seconds can put two large sizes
    below 50%, which ended the sweep far above the real METG)."""
    rows = {name: [] for name in systems}
    errors = {}
    below = dict.fromkeys(systems, 0)  # sizes in a row below 50%
    for iters in a.iters:
        active = [n for n in systems if n not in errors and below[n] < 3]
        if not active:
            break
        runs = {n: [] for n in active}
        for _ in range(a.runs):
            for name in active:
                if name in errors:
                    continue
                cmd, extra, env = systems[name]
                try:
                    got = parse(run_cmd([*cmd, *graph_args(pattern, a.width, a.steps, iters), *extra], env=env)[2])
                    runs[name].append((got["elapsed"], got["flops"], got["Total Tasks"]))
                except (RuntimeError, KeyError) as e:
                    errors[name] = str(e)
        for name in active:
            if name in errors:
                continue
            elapsed, flops, tasks = min(runs[name])
            rows[name].append((iters, elapsed, flops, tasks))
            below[name] = below[name] + 1 if flops < 0.5 * max(r[2] for r in rows[name]) else 0
    return rows, errors


def summarise(rows: list, cores: int) -> dict:
    """Granularity (us) and efficiency of each size, and the METG; the
    peak is the highest FLOP/s of the sweep."""
    peak = max(r[2] for r in rows)
    points = [(elapsed * cores / tasks * 1e6, flops / peak) for _, elapsed, flops, tasks in rows]
    value, bound = metg(points)
    return {
        "sweep": [{"iter": i, "elapsed_s": el, "flops": f, "tasks": n, "granularity_us": g, "efficiency": e}
                  for (i, el, f, n), (g, e) in zip(rows, points)],
        "peak_flops": peak,
        "metg_us": value,
        "bound": bound,
    }


def cell(r: dict | None) -> str:
    if r is None:
        return "failed"
    if r["bound"] == "-":
        return "-"
    return f"{'<' if r['bound'] == '<' else ''}{r['metg_us']:.2f}"


def print_table(results: dict, chosen: list, cores: int, width: int, steps: int) -> None:
    print(f"\nMETG (us; 50% efficiency) on {cores} cores, width {width}, {steps} steps, "
          f"compute_bound kernel; Task Bench figures are local measurements on this machine")
    print(f"| pattern | {' | '.join(chosen)} |")
    print(f"| --- |{' --- |' * len(chosen)}")
    for pattern, row in results.items():
        print(f"| {pattern} | {' | '.join(cell(row.get(s)) for s in chosen)} |")


def from_json(path: str, cores_given) -> int:
    """Prints the table again from a --json file's measurements, with
    this script's rules (peak, METG)."""
    saved = json.loads(Path(path).read_text())
    results = {}
    for pattern, row in saved["results"].items():
        results[pattern] = {}
        for name, r in row.items():
            if r is not None:
                rows = [(x["iter"], x["elapsed_s"], x["flops"], x["tasks"]) for x in r["sweep"]]
                r = summarise(rows, cores_given or saved["cores"])
            results[pattern][name] = r
    chosen = [s for s in SYSTEMS if any(s in row for row in results.values())]
    print_table(results, chosen, saved["cores"], saved["width"], saved["steps"])
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("patterns", nargs="*", default=PATTERNS)
    p.add_argument("--bambooc", default=str(ROOT / "target/release/bambooc"))
    p.add_argument("--source", default=str(BENCH / "taskbench" / "taskbench.bb"))
    p.add_argument("--quick", action="store_true")
    p.add_argument("--cores", type=int, default=2)
    p.add_argument("--width", type=int)
    p.add_argument("--steps", type=int)
    p.add_argument("--runs", type=int)
    p.add_argument("--peers", default=str(ROOT.parent / "shared" / "peers" / "task-bench"))
    p.add_argument("--systems", default=",".join(SYSTEMS))
    p.add_argument("--json")
    p.add_argument("--from", dest="saved", metavar="FILE")
    a = p.parse_args()
    if a.saved:
        return from_json(a.saved, None)
    unknown = [x for x in a.patterns if x not in PATTERNS]
    if unknown:
        p.error(f"unknown pattern(s) {', '.join(unknown)}; choose from {', '.join(PATTERNS)}")
    chosen = [s.strip() for s in a.systems.split(",") if s.strip()]
    if any(s not in SYSTEMS for s in chosen):
        p.error(f"--systems takes names from: {', '.join(SYSTEMS)}")
    if not Path(a.peers, "core", "core_c.h").is_file():
        p.error(f"no Task Bench sources in {a.peers} (give --peers DIR)")
    if a.cores < 1:
        p.error("--cores must be at least 1")
    a.width = a.width or a.cores
    a.steps = a.steps or (8 if a.quick else 1000)
    a.runs = a.runs or (1 if a.quick else 3)
    a.iters = [256, 16, 1] if a.quick else [1 << k for k in range(14, -1, -1)]
    print(f"load average before: {load()}")
    results = {}
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        systems = build_all(a, Path(tmp))
        if systems is None:
            return 1
        for pattern in a.patterns:
            if a.width < MIN_WIDTH.get(pattern, 1):
                print(f"{pattern}: left out, Task Bench refuses it below width {MIN_WIDTH[pattern]}")
                continue
            try:
                problem = check_counts(systems, pattern, a.width)
            except RuntimeError as e:
                problem = str(e)
            if problem:
                print(f"{pattern}: {problem}")
                failed = True
                continue
            rows, errors = sweep(a, {n: systems[n] for n in chosen}, pattern)
            results[pattern] = {}
            for name in chosen:
                r = None
                if name in errors:
                    print(f"{pattern} on {name}: {errors[name]}")
                    failed = True
                else:
                    r = summarise(rows[name], a.cores)
                results[pattern][name] = r
                print(f"  {pattern:<20} {name:<18} METG {cell(r)} us", flush=True)
    print(f"\nload average after: {load()}")
    print_table(results, chosen, a.cores, a.width, a.steps)
    if a.json:
        Path(a.json).write_text(json.dumps({"cores": a.cores, "width": a.width, "steps": a.steps,
                                            "runs": a.runs, "iters": a.iters, "results": results},
                                           indent=1) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
