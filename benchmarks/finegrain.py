#!/usr/bin/env python3
"""Layouts that never lose: every layout bambooc chooses, against one core.

For the fine-grained programs (the run tests tests/run/fine_*.bb at larger
sizes: ping-pong, a chain of four tasks, a fan-out of tiny tasks into a
merge, tag pairing, issue 28's ping-pong that ends by System.exit) and the seven benchmarks at their quick sizes, builds

  1     the plain build, run with BAMBOO_CORES=1
  P2    --profile P --cores 2 (P from a --profile-gen build of the same run)
  N2    --cores 2, no profile (the static estimate's default layout)
  N4    --cores 4
  N8    --cores 8 (more cores than this machine's CPUs)

runs them alternately (medians of --runs rounds; byte-identical executables
are timed once and shown as =B), checks that every build prints the same, and prints the times and the ratios P2/1, N2/1, N4/N2 and
N8/N2, then the worst program of each ratio.

  python3 benchmarks/finegrain.py --bambooc target/release/bambooc [--runs 5] [--only NAME ...]
"""
import argparse, hashlib, os, statistics, subprocess, sys, tempfile, time, tomllib
from pathlib import Path

from bench.outputs import resolve_inputs, size_args

BENCH = Path(__file__).resolve().parent
RUN_TESTS = BENCH.parent / "tests" / "run"

# name: (source, arguments, exit status the program ends with); the
# programs are the fine-grained run tests (tests/run/fine_*.bb), at sizes
# that take 0.3-3 s on one core.
FINE = {
    "pingpong": (RUN_TESTS / "fine_pingpong.bb", ["4", "400000"], 0),
    "chain": (RUN_TESTS / "fine_chain.bb", ["4", "200000"], 0),
    "fanout": (RUN_TESTS / "fine_fanout.bb", ["1000000"], 0),
    "tagpair": (RUN_TESTS / "fine_tagpair.bb", ["300000"], 0),
    "pingpong_exit": (RUN_TESTS / "fine_pingpong_exit.bb", [], 5),
}
# Issue 28's ping-pong bounces 200,000 times; the run test, 20,000.
ISSUE_BOUNCES = ("p.n >= 20000", "p.n >= 200000")
SEVEN = ["fractal", "series", "montecarlo", "kmeans", "keywordcount", "filterbank", "tracking"]
BUILDS = ["1", "P2", "N2", "N4", "N8"]


def run(cmd, cwd, env=None, status=0):
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != status:
        sys.exit(f"{' '.join(map(str, cmd))} exited with {r.returncode}: {r.stderr.decode()[-400:]}")
    return r.stdout


def programs(build_dir: Path, only):
    out = []
    for name, (src, args, status) in FINE.items():
        if name == "pingpong_exit":
            text = src.read_text()
            assert ISSUE_BOUNCES[0] in text
            src = build_dir / src.name
            src.write_text(text.replace(*ISSUE_BOUNCES))
        out.append((name, src, args, status))
    for name in SEVEN:
        d = BENCH / name
        sizes = tomllib.loads((d / "sizes.toml").read_text())
        args = size_args(sizes, "quick")
        args = resolve_inputs(d, sizes, args, build_dir)
        out.append((name, d / f"{name}.bb", args, 0))
    return [p for p in out if not only or p[0] in only]


def build_all(bambooc, name, src, args, status, work: Path, cwd: Path):
    exe = {}
    base = [bambooc, "-O2", "--no-bounds-checks"]
    exe["1"] = work / f"{name}-1"
    run(base + [str(src), "-o", str(exe["1"])], work)
    gen = work / f"{name}-gen"
    run(base + ["--profile-gen", str(src), "-o", str(gen)], work)
    prof = work / f"{name}.profile"
    run([str(gen)] + args, cwd, dict(os.environ, BAMBOO_PROFILE_OUT=str(prof)), status)
    exe["P2"] = work / f"{name}-P2"
    run(base + ["--profile", str(prof), "--cores", "2", str(src), "-o", str(exe["P2"])], work)
    for n in (2, 4, 8):
        exe[f"N{n}"] = work / f"{name}-N{n}"
        run(base + ["--cores", str(n), str(src), "-o", str(exe[f"N{n}"])], work)
    return exe


def same_as(exe):
    """For each build, the earlier build whose executable is byte-identical,
    or itself. A synthesised or default layout that keeps every task on one
    core is the same program as the plain build, which runs on one core
    (BAMBOO_CORES=1 only says so explicitly), and timing it twice would
    only measure the host's noise between two processes."""
    first = {}
    out = {}
    for b, path in exe.items():
        key = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        out[b] = first.setdefault(key, b)
    return out


def measure(exe, args, status, cwd, runs):
    alias = same_as(exe)
    distinct = [b for b in exe if alias[b] == b]
    times = {b: [] for b in distinct}
    outs = {}
    env = dict(os.environ, BAMBOO_CORES="1")
    for _ in range(runs):
        for b in distinct:
            t0 = time.perf_counter()
            out = run([str(exe[b])] + args, cwd, env if b == "1" else None, status)
            times[b].append(time.perf_counter() - t0)
            outs.setdefault(out, b)
    if len(outs) != 1:
        sys.exit(f"{exe['1']}: builds {sorted(outs.values())} print different outputs")
    medians = {b: statistics.median(v) for b, v in times.items()}
    return {b: medians[alias[b]] for b in exe}, alias


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bambooc", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    bambooc = str(Path(a.bambooc).resolve())
    ratios = {"P2/1": ("P2", "1"), "N2/1": ("N2", "1"), "N4/N2": ("N4", "N2"), "N8/N2": ("N8", "N2")}
    rows = []
    with tempfile.TemporaryDirectory(prefix="bambooc-finegrain-") as tmp:
        work = Path(tmp)
        print(f"{'program':<14}" + "".join(f"{b:>9}" for b in BUILDS) + "".join(f"{r:>8}" for r in ratios))
        for name, src, args, status in programs(work, a.only):
            # The benchmarks read their inputs relative to their folders.
            cwd = src.parent if name in SEVEN else work
            exe = build_all(bambooc, name, src, args, status, work, cwd)
            m, alias = measure(exe, args, status, cwd, a.runs)
            r = {k: m[x] / m[y] for k, (x, y) in ratios.items()}
            rows.append((name, r))
            cell = lambda b: f"{m[b]:>8.3f}s" if alias[b] == b else f"{'=' + alias[b]:>9}"
            print(f"{name:<14}" + "".join(cell(b) for b in BUILDS) + "".join(f"{r[k]:>8.2f}" for k in ratios), flush=True)
    print("(=B: the same executable as build B, timed once)")
    print("worst:")
    for k in ratios:
        name, r = max(rows, key=lambda row: row[1][k])
        print(f"  {k:<6} {r[k]:.2f} ({name})")


if __name__ == "__main__":
    main()
