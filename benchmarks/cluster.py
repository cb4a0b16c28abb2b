#!/usr/bin/env python3
"""run.py — the cluster benchmarks of issue 32 (Jacobi-3D and Cannon's
multiply) at 2 ranks / 2 cores: Bamboo against hand-written MPI.

Usage:
    python3 benchmarks/cluster.py [--bambooc PATH] [--size full|quick]
                                      [--runs N] [--ranks R] [--build DIR]
                                      [--json FILE] [BENCH ...]

    BENCH        jacobi3d and/or cannon (default both)
    --bambooc    the compiler (default target/release/bambooc)
    --size       a size of the benchmark's sizes.toml (default full)
    --runs N     timed runs of each version (default 5), alternating
    --ranks R    MPI ranks and shared-memory cores (default 2)
    --json FILE  also write the figures as JSON

For each benchmark it builds five versions: the sequential C reference
(`cc -O2 -falign-loops=32`), MPI-basic and MPI-overlap (`mpicc` with the same
flags), the Bamboo program for R cores (`bambooc -O2 --no-bounds-checks
--cores R`) and the Bamboo program's MPI build (`bambooc --mpi ...`, run as
R ranks of one core). It runs each once and checks that every output equals
the C reference's (and expected.txt at the quick size); then runs them
alternately N times (`mpirun --oversubscribe -np R`) and prints the median
wall-clock and CPU (user + sys of the job) times and the ratios
Bamboo/MPI-basic and Bamboo/MPI-overlap (goals: at most 1.0 and 1.05) for
both Bamboo builds, as measured and with the launch (the median time of a
near-empty MPI-basic job, run in each round) taken off every MPI job's
time (the shared-memory build pays none), and the ratio of CPU times (the
steadier one on a loaded machine; an MPI rank waiting for a message spins,
so its CPU time counts its waits too). The load average is printed before and after: on a
shared machine, say it with the figures. Exit status 1 if a build fails or
an output differs. Python 3 standard library only; building and timing
helpers come from benchmarks/compare.py.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
from bench.build import C_OPT_FLAGS, build
from bench.outputs import first_difference
from bench.run import load, mpi_env, run_cmd

BENCHES = ["jacobi3d", "cannon"]
# Arguments of a near-empty MPI-basic job at 2 ranks: its time is the launch
# (mpirun's start, MPI_Init and MPI_Finalize), which no program can shorten.
EMPTY = {"jacobi3d": ["2", "1"], "cannon": ["2", "2"]}
# The versions in the order they are run (and printed).
VERSIONS = ["C (1 core)", "Bamboo shared", "Bamboo MPI", "MPI-basic", "MPI-overlap"]
MPI_JOBS = ["Bamboo MPI", "MPI-basic", "MPI-overlap"]


def versions(name: str, d: Path, out: Path, bambooc: str, ranks: int) -> dict | None:
    """Builds every version of benchmark `name`; {version: (command, env)},
    or None when a build failed."""
    exe = {v: out / f"{name}_{i}" for i, v in enumerate(VERSIONS)}
    cc = os.environ.get("CC", "cc")
    bb = [bambooc, "-O2", "--no-bounds-checks"]
    builds = [
        [cc, *C_OPT_FLAGS, str(d / f"{name}.c"), "-o", str(exe["C (1 core)"]), "-lm"],
        [*bb, "--cores", str(ranks), str(d / f"{name}.bb"), "-o", str(exe["Bamboo shared"])],
        [*bb, "--mpi", str(d / f"{name}.bb"), "-o", str(exe["Bamboo MPI"])],
        ["mpicc", *C_OPT_FLAGS, str(d / f"{name}_mpi_basic.c"), "-o", str(exe["MPI-basic"]), "-lm"],
        ["mpicc", *C_OPT_FLAGS, str(d / f"{name}_mpi_overlap.c"), "-o", str(exe["MPI-overlap"]), "-lm"],
    ]
    if not all(build(cmd) for cmd in builds):
        return None
    env = mpi_env()
    mpirun = ["mpirun", "--oversubscribe", "-np", str(ranks)]
    return {
        "C (1 core)": ([str(exe["C (1 core)"])], None),
        "Bamboo shared": ([str(exe["Bamboo shared"])], None),
        "Bamboo MPI": ([*mpirun, "-x", "BAMBOO_CORES", str(exe["Bamboo MPI"])],
                       dict(env, BAMBOO_CORES="1")),
        "MPI-basic": ([*mpirun, str(exe["MPI-basic"])], env),
        "MPI-overlap": ([*mpirun, str(exe["MPI-overlap"])], env),
    }


def measure(name: str, a, out: Path) -> dict | None:
    """Builds, checks and times one benchmark; its figures or None."""
    d = BENCH / name
    sizes = tomllib.loads((d / "sizes.toml").read_text())
    args = sizes.get(a.size) or sizes.get("sizes", {}).get(a.size)
    if args is None:
        print(f"{name}: no size {a.size!r} in sizes.toml")
        return None
    cmds = versions(name, d, out, a.bambooc, a.ranks)
    if cmds is None:
        return None
    outputs = {}
    for v, (cmd, env) in cmds.items():
        outputs[v] = run_cmd([*cmd, *args], cwd=d, env=env)[2]
    want = outputs["C (1 core)"]
    ok = True
    expected = d / "expected.txt"
    if a.size == "quick" and expected.is_file() and expected.read_text() != want:
        print(f"{name}: C output differs from expected.txt: {first_difference(want, expected.read_text())}")
        ok = False
    for v, got in outputs.items():
        if got != want:
            print(f"{name}: {v} output differs from C's: {first_difference(want, got)}")
            ok = False
    if not ok:
        return None
    wall = {v: [] for v in cmds}
    cpu = {v: [] for v in cmds}
    launch = []
    for _ in range(a.runs):
        for v, (cmd, env) in cmds.items():
            w, c, _out = run_cmd([*cmd, *args], cwd=d, env=env)
            wall[v].append(w)
            cpu[v].append(c)
        cmd, env = cmds["MPI-basic"]
        launch.append(run_cmd([*cmd, *EMPTY[name]], cwd=d, env=env)[0])
    med = {v: statistics.median(wall[v]) for v in cmds}
    start = statistics.median(launch)
    # The MPI jobs less the launch, floored at a millisecond.
    net = {v: max(1e-3, med[v] - start) if v in MPI_JOBS else med[v] for v in cmds}
    return {
        "args": args,
        "checksum": want.strip().splitlines()[1],
        "wall": wall,
        "cpu": cpu,
        "median_wall": med,
        "median_cpu": {v: statistics.median(cpu[v]) for v in cmds},
        "launch": launch,
        "median_launch": start,
        "ratios": {
            f"{b}/{m}": med[b] / med[m]
            for b in ("Bamboo shared", "Bamboo MPI")
            for m in ("MPI-basic", "MPI-overlap")
        },
        "cpu_ratios": {
            f"{b}/{m}": statistics.median(cpu[b]) / statistics.median(cpu[m])
            for b in ("Bamboo shared", "Bamboo MPI")
            for m in ("MPI-basic", "MPI-overlap")
        },
        "ratios_less_launch": {
            f"{b}/{m}": net[b] / net[m]
            for b in ("Bamboo shared", "Bamboo MPI")
            for m in ("MPI-basic", "MPI-overlap")
        },
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("benches", nargs="*", default=BENCHES)
    p.add_argument("--bambooc", default=str(ROOT / "target/release/bambooc"))
    p.add_argument("--size", default="full")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--ranks", type=int, default=2)
    p.add_argument("--build")
    p.add_argument("--json")
    a = p.parse_args()
    unknown = [b for b in a.benches if b not in BENCHES]
    if unknown:
        p.error(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(BENCHES)}")
    print(f"load average before: {load()}")
    results = {}
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(a.build) if a.build else Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        for name in a.benches:
            r = measure(name, a, out)
            if r is None:
                failed = True
                continue
            results[name] = r
            print(f"\n{name} {' '.join(r['args'])}: outputs agree ({r['checksum']}); "
                  f"medians of {a.runs} alternating runs, {a.ranks} ranks / cores")
            print(f"  {'version':<15} {'wall s':>8} {'cpu s':>8}")
            for v in VERSIONS:
                print(f"  {v:<15} {r['median_wall'][v]:8.3f} {r['median_cpu'][v]:8.3f}")
            print(f"  {'launch (empty MPI job)':<15} {r['median_launch']:8.3f}")
            print(f"  {'ratio':<30} {'wall':>6} {'less launch':>12} {'cpu':>6}")
            for k, x in r["ratios"].items():
                print(f"  {k:<30} {x:6.3f} {r['ratios_less_launch'][k]:12.3f} {r['cpu_ratios'][k]:6.3f}")
    print(f"\nload average after: {load()}")
    if a.json:
        Path(a.json).write_text(json.dumps({"size": a.size, "runs": a.runs, "ranks": a.ranks,
                                            "results": results}, indent=1) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
