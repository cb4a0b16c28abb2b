"""`bambooc sim --format json`: its rows, as the harness and the accuracy
scripts read them."""

import json


def sim_rows(text: str) -> list[dict]:
    """The rows of `bambooc sim --format json`'s output: every column of the
    table (compiler/src/driver/simcmd.rs, `SimRow`), plus `estimate_s` (the
    estimate in seconds, None when the simulation did not complete) and
    `search_s` (the search's seconds)."""
    rows = json.loads(text)["rows"]
    for row in rows:
        ns = row.get("estimated_ns")
        row["estimate_s"] = ns / 1e9 if ns is not None else None
        row["search_s"] = row["search_seconds"]
    return rows


def table(rows: list[dict]) -> str:
    """A short text of the rows, one line each, for people."""
    return "".join(
        f"{r['machine']:<14} {r['cores']:>5} {r['estimated']:>14} "
        f"{(format(r['speedup'], '.2f') + 'x') if r['speedup'] is not None else '-':>8}  {r['critical_path']}\n"
        for r in rows)
