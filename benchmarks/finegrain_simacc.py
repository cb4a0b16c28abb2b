#!/usr/bin/env python3
"""The simulator's accuracy on fine-grained programs (issue 28): task
bodies of 0.5-70 us (the grain microbenchmark), a serial chain whose every
hop crosses cores (hop), and issue 28's ping-pong that ends by System.exit.

For every program it builds the plain program and the `--profile-gen`
program, keeps the profile of the median of --profile-runs runs, and
compares the simulator's estimate with the median wall time of --runs
alternating runs of

  1    the plain build on one core (`bambooc sim --cores 1`)
  P2   the layout `bambooc sim --cores 2` synthesises, built with --layout
  S2   the default layout with every task spread round-robin over two
       cores (`bambooc --cores 2 --spread --emit layout`), simulated with
       `bambooc sim --layout`: every hand-off crosses cores, so this row
       tests the model of sends, receives and wake-ups

  python3 benchmarks/finegrain_simacc.py --bambooc target/release/bambooc [--runs 5]
      [--machine FILE] [--only NAME ...] [--json FILE] [--paired]

Errors are (estimate - measured) / measured. With --paired every round of
runs starts with a profiling run of its own, and the error is the median
over the rounds of each round's estimate against its measured time (the
estimate column then shows the median estimate); this takes out the drift
of a shared host's speed between the profile and the runs. Times include the whole
process (start-up, termination). On a machine busy with other work the
2-core rows are distorted: the load average is printed at the start and end.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

from bench.run import median_profile
from bench.sim import sim_rows

BENCH = Path(__file__).resolve().parent
MANYCORE = BENCH / "manycore"
PINGPONG = BENCH.parent / "tests" / "run" / "fine_pingpong_exit.bb"
# Issue 28's ping-pong bounces 200,000 times; the run test, 20,000.
ISSUE_BOUNCES = ("p.n >= 20000", "p.n >= 200000")


def programs(work: Path):
    """(name, source, arguments, exit status): grain at task sizes of about
    0.5, 2, 8, 20 and 70 us (K LCG steps of about 1 ns, W tasks for about
    0.5 s of work), hop, and the ping-pong."""
    out = []
    for k, w in ((500, 1_000_000), (2_000, 250_000), (8_000, 64_000), (20_000, 25_000), (70_000, 7_000)):
        out.append((f"grain-{k}", MANYCORE / "grain.bb", [str(w), str(k)], 0))
    out.append(("hop", MANYCORE / "hop.bb", ["2000000"], 0))
    text = PINGPONG.read_text()
    assert ISSUE_BOUNCES[0] in text
    src = work / PINGPONG.name
    src.write_text(text.replace(*ISSUE_BOUNCES))
    out.append(("pingpong", src, [], 5))
    return out


def run(cmd, env=None, status=0, cwd=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != status:
        sys.exit(f"{' '.join(map(str, cmd))} exited with {r.returncode}: {r.stderr[-600:]}")
    return time.perf_counter() - t0, r.stdout


def estimate(cmd):
    _, text = run(cmd + ["--format", "json"])
    rows = sim_rows(text)
    if not rows or rows[-1]["estimate_s"] is None:
        sys.exit(f"{' '.join(map(str, cmd))}: no estimate in\n{text}")
    return rows[-1]["estimate_s"], rows[-1]


def one(a, name, src, args, status, work: Path):
    base = [a.bambooc, "-O2", "--no-bounds-checks"]
    stem = work / name
    run(base + [str(src), "-o", f"{stem}-1"])
    run(base + ["--profile-gen", str(src), "-o", f"{stem}-gen"])
    prof = work / f"{name}.profile"
    median_profile([f"{stem}-gen"], args, None, prof, a.profile_runs, status=status)
    def sim_with(profile):
        return [a.bambooc, "sim", str(src), "--profile", str(profile)] + (["--machine", a.machine] if a.machine else [])

    sim = sim_with(prof)
    est = {}
    est["1"], _ = estimate(sim + ["--cores", "1"])
    est["P2"], synth = estimate(sim + ["--cores", "2", "--emit", "layout", "-o", f"{stem}-synth"])
    run(base + ["--layout", f"{stem}-synth.layout.json", str(src), "-o", f"{stem}-P2"])
    run(base + ["--cores", "2", "--spread", "--emit", "layout", str(src), "-o", f"{stem}-S2"])
    est["S2"], _ = estimate(sim + ["--layout", f"{stem}-S2.layout.json"])
    times = {b: [] for b in est}
    ests = {b: [] for b in est}
    outs = set()
    for i in range(a.runs):
        if a.paired:
            # A profile and estimates of this round, taken next to its runs:
            # the host's state (its speed drifts on shared machines) is then
            # the same for the estimate and the measurement it is compared to.
            rp = work / f"{name}.round{i}.profile"
            run([f"{stem}-gen"] + args, dict(os.environ, BAMBOO_PROFILE_OUT=str(rp)), status)
            rsim = sim_with(rp)
            ests["1"].append(estimate(rsim + ["--cores", "1"])[0])
            ests["P2"].append(estimate(rsim + ["--layout", f"{stem}-synth.layout.json"])[0])
            ests["S2"].append(estimate(rsim + ["--layout", f"{stem}-S2.layout.json"])[0])
        for b in est:
            env = dict(os.environ, BAMBOO_CORES="1") if b == "1" else None
            t, out = run([f"{stem}-{b}"] + args, env, status)
            times[b].append(t)
            outs.add(out)
    if len(outs) != 1:
        sys.exit(f"{name}: the builds print different outputs")
    used = "1 core" if synth["used_cores"] < synth["cores"] else "2 cores"
    rows = {}
    for b in est:
        r = {"estimate_s": est[b], "measured_s": statistics.median(times[b]), "runs": times[b]}
        if a.paired:
            r["estimate_s"] = statistics.median(ests[b])
            r["estimates"] = ests[b]
            r["paired_error_pct"] = statistics.median(
                (e - t) / t * 100 for e, t in zip(ests[b], times[b]))
        rows[b] = r
    return rows, used


def loadavg():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bambooc", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profile-runs", type=int, default=3)
    ap.add_argument("--machine")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--json")
    ap.add_argument("--paired", action="store_true",
                    help="profile again before every round of runs and report the median of the "
                         "rounds' errors (each estimate against the runs next to it)")
    a = ap.parse_args()
    a.bambooc = str(Path(a.bambooc).resolve())
    print(f"load average at the start: {loadavg()}")
    print(f"{'program':<12} {'build':<5} {'estimate':>9} {'measured':>9} {'error':>8}")
    results = {}
    with tempfile.TemporaryDirectory(prefix="bambooc-finesim-") as tmp:
        for name, src, args, status in programs(Path(tmp)):
            if a.only and name not in a.only:
                continue
            rows, used = one(a, name, src, args, status, Path(tmp))
            results[name] = rows
            for b, r in rows.items():
                r["error_pct"] = r.get("paired_error_pct",
                                       (r["estimate_s"] - r["measured_s"]) / r["measured_s"] * 100)
                note = f"  (synthesis uses {used})" if b == "P2" else ""
                print(f"{name:<12} {b:<5} {r['estimate_s']:>8.3f}s {r['measured_s']:>8.3f}s "
                      f"{r['error_pct']:>+7.1f}%{note}", flush=True)
    print(f"load average at the end: {loadavg()}")
    for b in ("1", "P2", "S2"):
        errs = [(abs(r[b]["error_pct"]), n) for n, r in results.items()]
        if errs:
            e, n = max(errs)
            print(f"largest error, {b}: {e:.1f}% ({n})")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
