"""Benchmark inputs and output checks: sizes.toml's arguments, generated
and compressed inputs, and the comparison of outputs (exact text, or
numbers within a tolerance)."""

import gzip
import shutil
import subprocess
import sys
from pathlib import Path


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


def agree(out: str, ref: str, table: dict) -> str | None:
    """None if out agrees with ref under table's tolerances (a sizes.toml
    [compare] or [reference] table; exact text when it has none), else the
    first difference."""
    if "absolute" not in table and "relative" not in table:
        return None if out == ref else first_difference(out, ref)
    return numbers_differ(out, ref, float(table.get("absolute", 0.0)), float(table.get("relative", 0.0)))
