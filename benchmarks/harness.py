#!/usr/bin/env python3
"""harness.py — the one-command performance report (issue 7; the five
sections of shared/BENCHMARKS.md, "What the harness reports", and issue
33's comparison with Java).

Usage:
    python3 benchmarks/harness.py [--size full|quick] [--runs N] [options] [BENCH ...]

    BENCH            benchmark directories under benchmarks/ (default: all seven)
    --size S         full (default; medians of --runs >= 5) or quick (to test
                     the harness itself: `--size quick --runs 1`, minutes)
    --runs N         timed runs of every program, alternating (default 5)
    --max-runs M     rounds at most (default 2N): after N rounds, one more is
                     run while some program's median is more than --settle
                     (default 0.03) above its fastest run, a sign that other
                     jobs disturbed the runs in the middle
    --cores N        the N of "N-core" (default: this machine's, nproc)
    --bambooc PATH   the compiler (default: `cargo build --release -p bambooc`
                     first, then $CARGO_TARGET_DIR or target/release/bambooc)
    --build DIR      executables, profiles and layouts (default build/harness;
                     generated inputs are kept there between runs)
    --out DIR        where RESULTS.md, results.json and plots/ go (default
                     benchmarks/)
    --no-micro       skip the runtime microbenchmarks (section 5)
    --no-plots       skip building and running tools/benchplot
    --timeout S      limit for one simulator/synthesis command (default 900)
    --profile-runs K profiling runs per input (default 5); the profile of the
                     median run (by total_ns) is used
    --no-java        leave the Java versions out (section 6 says so)
    --no-cluster     leave out section 7 (Beyond one machine: benchmarks/cluster.py,
                     benchmarks/metg.py, cluster simulations; needs Open MPI)
    --only cluster   run only section 7 and replace it in RESULTS.md in place
    --only java      run only section 6 (C, Bamboo on 1 and N cores, Java on 1
                     and N threads; no profiles, synthesis or microbenchmarks)
                     and replace that section of RESULTS.md in place (and
                     "java" in results.json); the section then names its own
                     run, since the other sections came from another

For every benchmark it builds the sequential C and OpenMP references, the
Java version (run on 1 and N threads: section 6) and the Bamboo program (1
core; N cores with the default layout; N cores with the layout synthesised
from a profile), profiles the Bamboo program (a
`--profile-gen` build run --profile-runs times at the measured size and at
the doubled size, keeping the profile of the median run, the rule of the
measured times), checks every output against C's (compare.py's rules), runs all
programs alternately --runs times, each through benchmarks/host/rusage.c for
its CPU time and peak memory, and takes medians (the profiling build runs
in these rounds too, and the median of the profiles it writes there gives the
simulator-accuracy estimates of section 2), asks the simulator
(`bambooc sim`) for its estimates, the tilepro64 62-core speedup, the
synthesis time and the DSA-vs-exhaustive report, runs the microbenchmarks of
benchmarks/manycore/bench.py, and writes RESULTS.md, results.json and, with
tools/benchplot (Rust, plotters), plots/*.svg. After every round it also
runs benchmarks/host/hostcheck.c on one thread and on N at once: the ratio
says how much of N CPUs the host gave this machine during that benchmark,
which a virtual machine shares with other jobs.

Features the compiler at hand lacks (probed from its --help) are reported as
"not available: <why>" rows; no figure is ever made up. The doubled input of
the generalisation experiment (paper Figure 11) is the size `double` (for
full) or `quick_double` (for quick) of each sizes.toml.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import harness_cluster
import harness_java
from bench.build import build
from bench.java import find_java
from harness_bench import bench_one
from harness_common import BENCHES, GOALS, HERE, ROOT, log
from harness_env import machine_info, micro, plots, probe_features
from harness_report import derive, report


# ---------------------------------------------------------------- main

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("benches", nargs="*")
    ap.add_argument("--size", default="full")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--max-runs", type=int,
                    help="rounds at most, added while a median is unsettled (default: twice --runs)")
    ap.add_argument("--settle", type=float, default=0.03,
                    help="a median more than this fraction above its program's fastest run is unsettled")
    ap.add_argument("--cores", type=int, default=os.cpu_count())
    ap.add_argument("--bambooc")
    ap.add_argument("--build", default=str(ROOT / "build" / "harness"))
    ap.add_argument("--out", default=str(HERE))
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--no-micro", action="store_true")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--profile-runs", type=int, default=5,
                    help="profiling runs per input; the median run (by total_ns) gives the profile")
    ap.add_argument("--dsa-runs", type=int)
    ap.add_argument("--no-java", action="store_true")
    ap.add_argument("--only", choices=["java", "cluster"])
    ap.add_argument("--no-cluster", action="store_true")
    a = ap.parse_args()
    if a.only == "java" and a.no_java:
        ap.error("--only java and --no-java exclude each other")
    if a.only == "cluster" and a.no_cluster:
        ap.error("--only cluster and --no-cluster exclude each other")
    a.jdk = None if a.no_java else find_java()
    if a.dsa_runs is None:
        a.dsa_runs = 100 if a.size == "full" else 10
    if a.max_runs is None:
        a.max_runs = 2 * a.runs
    a.max_runs = max(a.max_runs, a.runs)
    started = time.perf_counter()

    if a.bambooc:
        bambooc = str(Path(a.bambooc).resolve())
    else:
        log("== cargo build --release -p bambooc")
        subprocess.run(["cargo", "build", "--release", "-p", "bambooc"], cwd=ROOT, check=True)
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        bambooc = str((target / "release" / "bambooc").resolve())
    build_dir = Path(a.build).resolve()
    build_dir.mkdir(parents=True, exist_ok=True)
    out_dir = Path(a.out).resolve()
    n = a.cores
    feats = probe_features(bambooc)
    info = machine_info(a, bambooc)
    a.hostcheck = str(build_dir / "hostcheck")
    if not build([a.cc, "-O2", "-pthread", str(HERE / "host" / "hostcheck.c"), "-o", a.hostcheck]):
        log("hostcheck build failed: the report has no host check")
        a.hostcheck = None
    a.rusage = str(build_dir / "rusage")
    if not build([a.cc, "-O2", str(HERE / "host" / "rusage.c"), "-o", a.rusage]):
        log("benchmarks/host/rusage.c does not build: no run can be measured")
        return 1
    log(f"bambooc {bambooc}: " + ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in feats.items()))

    log("java: " + (a.jdk["version"] if a.jdk else "not used"))
    if a.only == "java":
        return only_java(a, bambooc, feats, build_dir, out_dir, n, info, started)
    if a.only == "cluster":
        data = harness_cluster.run(a, bambooc, build_dir)
        info["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
        elapsed = time.perf_counter() - started
        out_dir.mkdir(parents=True, exist_ok=True)
        harness_cluster.write_alone(out_dir, harness_cluster.section(data, info, elapsed), data)
        plot_problem = None if a.no_plots else plots(a, out_dir)
        log(f"wrote section 7 of {out_dir / 'RESULTS.md'} in {elapsed / 60:.1f} minutes"
            + (f"; plots not available: {plot_problem}" if plot_problem else ""))
        return 0

    results = []
    for name in a.benches or BENCHES:
        try:
            results.append(bench_one(name, a, bambooc, feats, build_dir, n))
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            log(f"  FAILED: {e}")
            results.append({"name": name, "args": "", "double_args": "", "problems": [str(e)[:500]],
                            "notes": []})
    mic = None
    if not a.no_micro:
        mic = micro(a, bambooc) if feats["micro"] else {"na": "benchmarks/manycore/bench.py not in this tree (many-core runtime not merged)"}
    cluster = None if a.no_cluster else harness_cluster.run(a, bambooc, build_dir)
    derive(results, n)
    info["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    elapsed = time.perf_counter() - started

    (out_dir / "plots").mkdir(parents=True, exist_ok=True)
    data = {"size": a.size, "runs": a.runs, "max_runs": a.max_runs, "settle": a.settle, "cores": n, "machine": info, "features": feats,
            "goals": GOALS, "benchmarks": [{k: v for k, v in r.items() if k != "sim_text"} for r in results],
            "micro": mic, "java": harness_java.data_of(a, results, info), "cluster": cluster}
    (out_dir / "results.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    plot_problem = None if a.no_plots else plots(a, out_dir)
    text = report(a, info, feats, results, mic, n, elapsed)
    if cluster is not None:
        text = insert_before_generalisation(text, harness_cluster.section(cluster, info))
    if plot_problem:
        text += f"\nPlots not available: {plot_problem}\n"
    (out_dir / "RESULTS.md").write_text(text)
    log(f"wrote {out_dir / 'RESULTS.md'}, {out_dir / 'results.json'}"
        + ("" if a.no_plots or plot_problem else f", {out_dir / 'plots'}/*.svg")
        + f" in {elapsed / 60:.1f} minutes")
    return 1 if any(r["problems"] for r in results) else 0


def insert_before_generalisation(text: str, section: str) -> str:
    """The report with `section` before its generalisation section (or at
    the end)."""
    at = text.find("\n## Generalisation")
    if at < 0:
        return text.rstrip("\n") + "\n\n" + section
    return text[:at + 1] + section.rstrip("\n") + "\n\n" + text[at + 1:]


def only_java(a, bambooc, feats, build_dir, out_dir, n, info, started) -> int:
    """`--only java`: section 6 alone, written into the existing report."""
    if a.jdk is None:
        log("--only java: no javac and java (JAVA_HOME or PATH)")
        return 1
    results = []
    for name in a.benches or BENCHES:
        try:
            results.append(harness_java.bench_java(name, a, bambooc, feats, build_dir, n))
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            log(f"  FAILED: {e}")
            results.append({"name": name, "args": "", "double_args": "", "problems": [str(e)[:500]],
                            "notes": []})
    info["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    elapsed = time.perf_counter() - started
    out_dir.mkdir(parents=True, exist_ok=True)
    harness_java.write_alone(out_dir, harness_java.section(a, info, results, n, elapsed), a, results, info)
    log(f"wrote section 6 of {out_dir / 'RESULTS.md'} in {elapsed / 60:.1f} minutes")
    return 1 if any(r["problems"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
