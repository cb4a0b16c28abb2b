#!/usr/bin/env python3
"""simacc.py — the simulator's accuracy (paper Figure 9) on this machine,
reproducible by one command.

Usage:
    python3 benchmarks/simacc.py [--size simacc] [--runs 5] [--cores N]
                                 [--machine M] [--bambooc PATH] [--profile-runs K]
                                 [--profile-clock wall|thread] [BENCH ...]

For each benchmark (default: all seven) at the size (default `simacc`, a
size of each sizes.toml's [sizes] table that runs 0.5-5 s on one core):

1. builds the 1-core program and the `--profile-gen` program, runs the
   latter --profile-runs times (default 5) and keeps the profile of the
   median run by `total_ns` (median_profile: up to two runs
   slowed by other work on the machine do not become the model, nor does
   the luckiest run);
2. asks `bambooc sim --profile P --cores 1,N --emit layout` for the 1-core
   and N-core estimates (machine `--machine`, default the built-in
   `smp:N`) and the synthesised N-core layout;
3. builds the program with that layout (`--layout`);
4. runs the 1-core and the N-core programs alternately --runs times and
   takes the medians of their wall-clock times (also printed: the fastest
   run, the steadier figure on a machine busy with other work, and the
   median CPU time, user + sys);
5. prints the table benchmark x cores: estimate, measured, error, and
   writes it as JSON (--json).

With --profile-clock thread the profile holds CPU times, which a busy
machine does not inflate: compare the 1-core estimate with the measured CPU
time (the last column) then. Times include the whole process (start-up, input, termination), which is
what the estimate must account for. On a machine shared with other jobs
the N-core wall times are distorted: the load average is printed at the
start and the end.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tomllib
from pathlib import Path

from bench.build import build
from bench.outputs import resolve_inputs, size_args
from bench.run import median_profile, run_cmd
from bench.sim import sim_rows, table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

BENCHES = ["tracking", "kmeans", "montecarlo", "filterbank", "fractal", "series", "keywordcount"]


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def one(name, a, build_root, n):
    d = HERE / name
    sizes = tomllib.loads((d / "sizes.toml").read_text())
    args = size_args(sizes, a.size)
    if args is None:
        return {"name": name, "error": f"no size {a.size!r}"}
    b = build_root / name
    b.mkdir(parents=True, exist_ok=True)
    args = resolve_inputs(d, sizes, args, build_root)
    src = str(d / f"{name}.bb")
    bb = [a.bambooc, "-O2", "--no-bounds-checks", src]
    for extra, exe in (([], "bb1"), (["--profile-gen"], "bbprof")):
        if not build(bb + extra + ["-o", str(b / exe)]):
            return {"name": name, "error": f"build {exe} failed"}
    prof = b / f"{name}.profile"
    profiled = median_profile([str(b / "bbprof")], args, d, prof, a.profile_runs,
                              env=dict(os.environ, BAMBOO_PROFILE_CLOCK=a.profile_clock))
    stem = b / name
    cmd = [a.bambooc, "sim", src, "--profile", str(prof), "--cores", f"1,{n}", "--emit", "layout", "--format", "json",
           "-o", str(stem)]
    if a.machine:
        cmd += ["--machine", a.machine]
    text = subprocess.run(cmd, cwd=d, capture_output=True, text=True, check=True).stdout
    sim = sim_rows(text)
    est = {row["cores"]: row["estimate_s"] for row in sim}
    layouts = sorted(b.glob(f"{name}.*.{n}.layout.json"))
    if not layouts or not build(bb + ["--layout", str(layouts[0]), "-o", str(b / "bbn")]):
        return {"name": name, "error": "no N-core layout"}
    progs = {1: ([str(b / "bb1")], dict(os.environ, BAMBOO_CORES="1")), n: ([str(b / "bbn")], None)}
    wall = {k: [] for k in progs}
    cpu = {k: [] for k in progs}
    for _ in range(a.runs):
        for k, (exe, env) in progs.items():
            w, c, _ = run_cmd(exe + args, cwd=d, env=env)
            wall[k].append(w)
            cpu[k].append(c)
    rows = []
    for k in progs:
        m = statistics.median(wall[k])
        e = est.get(k)
        rows.append({"cores": k, "estimate_s": e, "measured_s": m, "min_s": min(wall[k]),
                     "cpu_s": statistics.median(cpu[k]),
                     "walls": wall[k], "error_pct": (e - m) / m * 100 if e else None})
    return {"name": name, "args": " ".join(args), "rows": rows, "sim": table(sim), "profile_totals_s":
            [t / 1e9 for t in profiled["totals_ns"]], "profile_chosen": profiled["chosen"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("benches", nargs="*")
    ap.add_argument("--size", default="simacc")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--machine", default=None)
    ap.add_argument("--bambooc", default=None)
    ap.add_argument("--build", default=str(ROOT / "build" / "simacc"))
    ap.add_argument("--json", default=None)
    ap.add_argument("--profile-runs", type=int, default=5,
                    help="profiling runs; the profile of the median run (by total_ns) is used (default 5)")
    ap.add_argument("--profile-clock", choices=["wall", "thread"], default="wall",
                    help="the profiler's clock (BAMBOO_PROFILE_CLOCK): thread CPU time for a busy machine; "
                         "compare the 1-core estimate with the cpu column then")
    ap.add_argument("--verbose", action="store_true", help="print bambooc sim's table too")
    a = ap.parse_args()
    if a.bambooc is None:
        target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
        a.bambooc = str(Path(target) / "release" / "bambooc")
    a.bambooc = str(Path(a.bambooc).resolve())
    build_root = Path(a.build).resolve()
    build_root.mkdir(parents=True, exist_ok=True)
    print(f"load average at the start: {loadavg()}", flush=True)
    results = []
    print(f"{'benchmark':14} {'cores':>5} {'estimate':>10} {'measured':>10} {'error':>8} {'min':>9} {'error':>8} "
          f"{'cpu':>9} {'error':>8}", flush=True)
    for name in a.benches or BENCHES:
        r = one(name, a, build_root, a.cores)
        results.append(r)
        if "error" in r:
            print(f"{name:14} {r['error']}", flush=True)
            continue
        if a.verbose:
            print(r["sim"], end="")
            totals = ", ".join(f"{t:.3f}" for t in r["profile_totals_s"])
            print(f"{name:14} profile runs' total_ns (s): {totals}; used run {r['profile_chosen'] + 1}")
        for row in r["rows"]:
            e = row["estimate_s"]
            err = f"{row['error_pct']:+.1f}%" if row["error_pct"] is not None else "-"
            min_err = f"{(e - row['min_s']) / row['min_s'] * 100:+.1f}%" if e else "-"
            cpu_err = f"{(e - row['cpu_s']) / row['cpu_s'] * 100:+.1f}%" if e else "-"
            print(f"{name:14} {row['cores']:>5} {e if e is None else f'{e:.3f}':>10} "
                  f"{row['measured_s']:>10.3f} {err:>8} {row['min_s']:>9.3f} {min_err:>8} {row['cpu_s']:>9.3f} "
                  f"{cpu_err:>8}",
                  flush=True)
    print(f"load average at the end: {loadavg()}")
    errs = [abs(row["error_pct"]) for r in results if "rows" in r for row in r["rows"]
            if row["error_pct"] is not None]
    if errs:
        print(f"largest error: {max(errs):.1f}%")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
