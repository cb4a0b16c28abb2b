"""Building the benchmarks' programs: the C flags (runtime-c/cflags.txt, the
one list of them), the C and OpenMP references from one source, and a
build step that reports its failure."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def runtime_cflags(key: str) -> list:
    """The flags under `key` in runtime-c/cflags.txt, the one list of them."""
    path = ROOT / "runtime-c" / "cflags.txt"
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
    """Runs a build command; prints its output and returns False if it fails."""
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"  BUILD FAILED: {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
        return False
    return True


def c_reference(cc: str, bench_dir: Path, name: str, exe, omp: bool = False) -> list:
    """The command that builds benchmark `name`'s sequential C reference, or
    with omp its OpenMP version: the same NAME.c compiled with -fopenmp."""
    src = bench_dir / f"{name}.c"
    return [cc, *C_OPT_FLAGS, *(["-fopenmp"] if omp else []), str(src), "-o", str(exe), "-lm"]
