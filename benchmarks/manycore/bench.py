#!/usr/bin/env python3
"""Many-core microbenchmarks (runtime-c/README.md, "Many cores").

Builds each program once with `bambooc -O2 --no-bounds-checks --spread` (every
task spread round-robin, so that hand-offs cross cores) and runs it
on 1 and 2 cores (BAMBOO_CORES) alternately; prints medians of wall times.

  python3 benchmarks/manycore/bench.py --bambooc target/release/bambooc [--runs 5]

Figures:
  dispatch   ns per local task dispatch (one re-enabled task, 1 core)
  handoff    ns per object in a producer/consumer pipeline on 2 cores,
             half of the objects handed to the other core
  hop        ns per hop of a serial chain whose every hop crosses cores
  grain      parallel efficiency T1 / (2 T2) for tasks of several sizes,
             each run long enough (~0.25 s on one core) to measure the
             steady state; the smallest size reaching 90%
  fractal, series: T2 / T1 at the benchmarks' full sizes
"""
import argparse, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def build(bambooc, src, out):
    subprocess.run([bambooc, "-O2", "--no-bounds-checks", "--spread", str(src), "-o", str(out)], check=True)


def timed(exe, args, cores):
    env = dict(os.environ, BAMBOO_CORES=str(cores))
    t0 = time.perf_counter()
    r = subprocess.run([str(exe)] + [str(a) for a in args], env=env, stdout=subprocess.PIPE)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"{exe} {args} on {cores} cores failed")
    return t, r.stdout


def medians(exe, args, cores_list, runs):
    times = {c: [] for c in cores_list}
    outs = {}
    for _ in range(runs):
        for c in cores_list:
            t, out = timed(exe, args, c)
            times[c].append(t)
            outs.setdefault(c, out)
            if outs[c] != out:
                sys.exit(f"{exe}: output differs between runs")
    if len(set(outs.values())) != 1:
        sys.exit(f"{exe}: output differs between core counts")
    return {c: statistics.median(v) for c, v in times.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bambooc", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    bambooc = str(Path(a.bambooc).resolve())
    tmp = Path(tempfile.mkdtemp(prefix="bamboo-mc-"))
    want = lambda n: not a.only or n in a.only

    if want("dispatch"):
        exe = tmp / "dispatch"
        build(bambooc, HERE / "dispatch.bb", exe)
        n_small, n = 1000, 5_000_000
        base = medians(exe, [n_small], [1], a.runs)[1]
        t = medians(exe, [n], [1], a.runs)[1]
        print(f"dispatch: {(t - base) / (n - n_small) * 1e9:.1f} ns per local dispatch (1 core, {n} invocations)")
    if want("handoff"):
        exe = tmp / "handoff"
        build(bambooc, HERE / "handoff.bb", exe)
        n = 2_000_000
        m = medians(exe, [n], [1, 2], a.runs)
        print(f"handoff: {m[1] / n * 1e9:.1f} ns per object on 1 core, {m[2] / n * 1e9:.1f} ns per object on 2 cores "
              f"({n // 2} of {n} objects handed to the other core)")
    if want("hop"):
        exe = tmp / "hop"
        build(bambooc, HERE / "hop.bb", exe)
        n = 200_000
        m = medians(exe, [n], [1, 2], a.runs)
        print(f"hop: {m[1] / n * 1e9:.1f} ns per hop on 1 core, {m[2] / n * 1e9:.1f} ns per hop on 2 cores "
              f"(every hop crosses cores)")
    if want("grain"):
        exe = tmp / "grain"
        build(bambooc, HERE / "grain.bb", exe)
        found = None
        for k in [250, 1000, 2500, 5000, 7500, 10000, 25000, 50000]:
            # Steady state: the number of tasks is chosen so that one core
            # works about a quarter of a second, so that starting the
            # process and its threads (about a millisecond) does not count
            # as lost parallelism.
            probe = medians(exe, [1000, k], [1], 1)[1]
            w = max(1000, round(0.25 / (probe / 1000)))
            m = medians(exe, [w, k], [1, 2], a.runs)
            task_us = m[1] / w * 1e6
            eff = m[1] / (2 * m[2])
            print(f"grain: {w:7d} tasks of {task_us:8.2f} us: T1 {m[1]*1e3:8.1f} ms, T2 {m[2]*1e3:8.1f} ms, "
                  f"efficiency {eff*100:5.1f}%")
            if found is None and eff >= 0.9:
                found = task_us
        print(f"grain: smallest task reaching 90% efficiency on 2 cores: "
              + (f"{found:.2f} us" if found is not None else "none of the sizes tried"))
    for name, args in [("fractal", [4800, 4800]), ("series", [100000])]:
        if not want(name):
            continue
        exe = tmp / name
        build(bambooc, ROOT / "benchmarks" / name / f"{name}.bb", exe)
        m = medians(exe, args, [1, 2], a.runs)
        print(f"{name}: T1 {m[1]:.3f} s, T2 {m[2]:.3f} s, T2/T1 {m[2] / m[1]:.3f}")


if __name__ == "__main__":
    main()
