#!/usr/bin/env python3
"""Print how the compiler's analyses scale with program size.

    python3 tools/scale.py [--bambooc PATH] [--sizes 1000,5000,20000,50000]
    python3 tools/scale.py --slowest 5


For each size, generates a program with tools/genprog.py (seed 1), runs
`bambooc check --emit locks` on it under BAMBOOC_TIME_PASSES=1 and prints a
table: lines, the milliseconds of each stage the compiler reports (parse,
sema, astg, checks, cstg, disjoint, ...), and the CPU seconds of the whole
run (user + system, from getrusage). The last column divides that by the
lines, so that growth close to linear shows as a flat column. Exits
non-zero if a program does not check cleanly.

With --slowest N, instead runs `bambooc check --emit locks` on every
program of tests/run, tests/check-pass, tests/disjoint, examples and
benchmarks and prints the N with the most CPU seconds (programs that do
not check are timed all the same).
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(bambooc, lines, tmp):
    src = os.path.join(tmp, f"gen{lines}.bb")
    with open(src, "w") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "genprog.py"), str(lines)],
                       stdout=f, check=True)
    with open(src) as f:
        actual = sum(1 for _ in f)
    env = dict(os.environ, BAMBOOC_TIME_PASSES="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([bambooc, "check", "--emit", "locks", "-o", os.path.join(tmp, f"gen{lines}"), src],
                       env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        sys.exit(f"scale.py: {src} did not check:\n{p.stderr[:2000]}")
    stages = {}
    for m in re.finditer(r"^time: (\S+)\s+([0-9.]+) ms", p.stderr, re.M):
        stages[m.group(1)] = stages.get(m.group(1), 0.0) + float(m.group(2))
    return actual, stages, cpu


def slowest(bambooc, count, tmp):
    dirs = ["tests/run", "tests/check-pass", "tests/disjoint", "examples", "benchmarks"]
    files = sorted(os.path.join(d, n) for top in dirs
                   for d, _, names in os.walk(os.path.join(ROOT, top)) for n in names
                   if n.endswith(".bb"))
    rows = []
    for src in files:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        dialect = os.path.splitext(src)[0] + ".dialect"
        extra = ["--dialect", open(dialect).read().strip()] if os.path.exists(dialect) else []
        subprocess.run([bambooc, "check", "--emit", "locks", "-o", os.path.join(tmp, "out"), *extra, src],
                       cwd=ROOT, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rows.append((cpu, os.path.relpath(src, ROOT)))
    rows.sort(reverse=True)
    print(f"{len(files)} programs; the slowest {count} (cpu s, check --emit locks):")
    for cpu, name in rows[:count]:
        print(f"{cpu:6.2f}  {name}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bambooc", default=os.path.join(ROOT, "target", "release", "bambooc"))
    ap.add_argument("--sizes", default="1000,5000,20000,50000")
    ap.add_argument("--slowest", type=int, metavar="N",
                    help="list the N slowest test, example and benchmark programs instead")
    args = ap.parse_args()
    if args.slowest:
        with tempfile.TemporaryDirectory() as tmp:
            slowest(args.bambooc, args.slowest, tmp)
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            rows.append(run(args.bambooc, n, tmp))
    names = []
    for _, stages, _ in rows:
        names += [s for s in stages if s not in names]
    head = ["lines"] + [f"{s} ms" for s in names] + ["cpu s", "us/line"]
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for lines, stages, cpu in rows:
        cells = [str(lines)] + [f"{stages.get(s, 0.0):.0f}" for s in names]
        cells += [f"{cpu:.2f}", f"{cpu * 1e6 / lines:.0f}"]
        print(" | ".join(cells))


if __name__ == "__main__":
    main()
