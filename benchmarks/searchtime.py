#!/usr/bin/env python3
"""Search time against the profiled run's length (issue 28): synthesis for
62 cores of the TILEPro64 model must take about the same time whether the
profile holds 10 million invocations or 100 million.

For each fine-grained program (issue 28's ping-pong, a chain of four
tasks, a fan-out of tiny tasks into a merge) it builds the `--profile-gen`
program, profiles one run at a size of about 10 million invocations and
one ten times longer, and runs

  bambooc sim PROG --profile P --cores 62 --machine tilepro64

on each, printing the profiled invocations, the search seconds the table
reports, the process's CPU seconds and the estimate. The estimates of the
two sizes should differ by about the factor of their lengths, since the
simulator extrapolates a bounded window of the run. For the shorter
profile it also simulates the chosen layout over every profiled
invocation (`--full-replay --layout`) and prints the windowed estimate's
error against that replay.

  python3 benchmarks/searchtime.py --bambooc target/release/bambooc [--only NAME ...]
"""
import argparse, json, os, resource, subprocess, sys, tempfile
from pathlib import Path

from bench.sim import sim_rows

BENCH = Path(__file__).resolve().parent
RUN_TESTS = BENCH.parent / "tests" / "run"


# name: (source, rewrite of the source per scale or None, arguments per
# scale, exit status). Scale 1 is about 10 million invocations.
BOUNCES = "p.n >= 20000)"
PROGRAMS = {
    "pingpong_exit": (RUN_TESTS / "fine_pingpong_exit.bb",
                      {1: (BOUNCES, "p.n >= 2500000)"), 10: (BOUNCES, "p.n >= 25000000)")},
                      {1: [], 10: []}, 5),
    "chain": (RUN_TESTS / "fine_chain.bb", None, {1: ["4", "625000"], 10: ["4", "6250000"]}, 0),
    "fanout": (RUN_TESTS / "fine_fanout.bb", None, {1: ["5000000"], 10: ["50000000"]}, 0),
}


def run(cmd, env=None, status=0):
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != status:
        sys.exit(f"{' '.join(map(str, cmd))} exited with {r.returncode}: {r.stderr[-600:]}")
    return r.stdout


def children_cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bambooc", required=True)
    ap.add_argument("--cores", default="62")
    ap.add_argument("--machine", default="tilepro64")
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    bambooc = str(Path(a.bambooc).resolve())
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"load average at the start: {load}")
    print(f"{'program':<14} {'scale':>5} {'invocations':>12} {'search':>8} {'cpu':>7} {'estimate':>10}"
          f" {'replayed':>10} {'error':>7}")
    with tempfile.TemporaryDirectory(prefix="bambooc-searchtime-") as tmp:
        work = Path(tmp)
        for name, (src, rewrite, args, status) in PROGRAMS.items():
            if a.only and name not in a.only:
                continue
            for scale in (1, 10):
                prog = src
                if rewrite:
                    old, new = rewrite[scale]
                    text = src.read_text()
                    assert old in text, f"{src} no longer holds {old!r}"
                    prog = work / f"{name}-{scale}.bb"
                    prog.write_text(text.replace(old, new))
                gen = work / f"{name}-{scale}-gen"
                run([bambooc, "-O2", "--no-bounds-checks", "--profile-gen", str(prog), "-o", str(gen)])
                profile = work / f"{name}-{scale}.profile"
                run([str(gen)] + args[scale], dict(os.environ, BAMBOO_PROFILE_OUT=str(profile)), status)
                invocations = json.loads(profile.read_text())["invocations"]
                before = children_cpu()
                layout = work / f"{name}-{scale}"
                text = run([bambooc, "sim", str(prog), "--profile", str(profile), "--format", "json",
                            "--cores", a.cores, "--machine", a.machine,
                            "--emit", "layout", "-o", str(layout)])
                cpu = children_cpu() - before
                rows = sim_rows(text)
                if not rows:
                    sys.exit(f"{name}: no table in\n{text}")
                r = rows[-1]
                est = "stalled" if r["estimate_s"] is None else f"{r['estimate_s']:.3f}s"
                replayed, error = "", ""
                if scale == 1:
                    full = sim_rows(run([bambooc, "sim", str(prog), "--profile", str(profile), "--format", "json",
                                                 "--machine", a.machine, "--full-replay",
                                                 "--layout", f"{layout}.layout.json"]))
                    f = full[-1]["estimate_s"] if full else None
                    if f:
                        replayed = f"{f:.3f}s"
                        if r["estimate_s"] is not None:
                            error = f"{(r['estimate_s'] - f) / f * 100:+.1f}%"
                print(f"{name:<14} {scale:>4}x {invocations:>12,} {r['search_s']:>7.3f}s {cpu:>6.2f}s {est:>10}"
                      f" {replayed:>10} {error:>7}", flush=True)
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"load average at the end: {load}")


if __name__ == "__main__":
    main()
