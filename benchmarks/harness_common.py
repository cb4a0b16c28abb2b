"""harness_common.py — what the modules of the benchmark harness share
(harness.py is the command): the benchmark list, goals, and running,
validating and timing programs."""

import json
import os
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from bench.build import build, c_reference
from bench.outputs import agree

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

BENCHES = ["tracking", "kmeans", "montecarlo", "filterbank", "fractal", "series", "keywordcount"]
# The paper's simulated 62-core speedups on the TILEPro64 (Figure 7).
PAPER_62 = {"tracking": 26.2, "kmeans": 38.9, "montecarlo": 36.2, "filterbank": 37.5,
            "fractal": 61.6, "series": 61.2}
# The label of the profiling build in the timed rounds.
PROFILED = "Bamboo profiling"
# A benchmark whose rounds got at least this share of N CPUs (host check)
# ran on a quiet host.
HOST_SHARE_QUIET = 0.95
# ... and one thread's median host check at most this factor of the run's fastest.
HOST_SLOWDOWN_QUIET = 1.1

GOALS = {
    "overhead_geomean": 1.02, "overhead_worst": 1.05, "speedup_n": 1.9,
    "vs_omp": 1.0, "sim_error_pct": 5.0, "dsa_pct": 98.0,
}


def log(msg: str) -> None:
    print(msg, flush=True)


def na(why: str) -> dict:
    """A figure that could not be measured, and why."""
    return {"na": why}

# ---------------------------------------------------------------- running

def run_measured(cmd, cwd, env, rusage):
    """(wall seconds, CPU seconds (user + sys), peak resident memory in KiB,
    stdout) of one run under benchmarks/host/rusage.c (built at rusage),
    which reads them from wait4 (a JVM's own threads included); raises
    RuntimeError on failure."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".rusage") as figures:
        p = subprocess.run([rusage, figures.name, *cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           stdout=out, stderr=err)
        if p.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"{' '.join(map(str, cmd))} exited with {p.returncode}\n"
                               f"{err.read().decode(errors='replace')[-2000:]}")
        wall, cpu, kib = figures.read().split()
        out.seek(0)
        return float(wall), float(cpu), int(kib), out.read().decode(errors="replace")


def run_once(cmd, cwd, env=None, timeout=None):
    """(wall seconds, stdout) of one run; raises RuntimeError on failure."""
    start = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} exited with {p.returncode}\n{p.stderr[-2000:]}")
    return wall, p.stdout


def check_output(label, out, c_out, sizes, size, d, problems):
    diff = agree(out, c_out, sizes.get("compare", {})) if label != "C" else None
    if diff is not None:
        problems.append(f"{label} output differs from C: {diff}")
    ref_file = sizes.get("reference", {}).get(size)
    if ref_file:
        diff = agree(out, (d / ref_file).read_text(), sizes["reference"])
        if diff is not None:
            problems.append(f"{label} output differs from {ref_file}: {diff}")


def host_sample(a, n, host):
    """One host check after a round: benchmarks/host/hostcheck's loop on one
    thread, then on n threads at once (milliseconds each), appended to
    host["one_ms"] and host["n_ms"]."""
    if not getattr(a, "hostcheck", None):
        return
    for threads, key in ((1, "one_ms"), (n, "n_ms")):
        p = subprocess.run([a.hostcheck, str(threads)], capture_output=True, text=True)
        m = re.match(r"([\d.]+) ms", p.stdout)
        if p.returncode == 0 and m:
            host[key].append(float(m.group(1)))


def host_throughput(host):
    """The median over rounds of (one thread's time) / (N threads' time):
    the share of N CPUs that the host gave this machine (1.0 when N threads
    run as fast as one alone), and the rounds' lowest."""
    one, many = (host or {}).get("one_ms") or [], (host or {}).get("n_ms") or []
    pairs = [x / y for x, y in zip(one, many) if y > 0]
    return (statistics.median(pairs), min(pairs)) if pairs else (None, None)


def fastest_host_ms(results):
    """One thread's fastest host check of the whole run (milliseconds)."""
    return min((t for r in results for t in (r.get("host") or {}).get("one_ms", [])), default=None)


def unsettled(times, settle) -> list:
    """The programs whose median run is more than `settle` (a fraction)
    slower than their fastest. Other jobs on the machine slow a run down and
    never speed it up, so such a median is likely a disturbed run; another
    round of every program (alternating, as before) gives the median more
    undisturbed company."""
    return [label for label, ts in times.items()
            if ts and statistics.median(ts) > min(ts) * (1 + settle)]


def validate(progs, r, sizes, size, dsize, args, d):
    """One untimed run of each program of progs (label -> (command,
    environment, arguments)), every output checked against C's on the same
    arguments (a label starting with "C" gives it); a program that fails or
    differs is reported in r["problems"] and left out of progs."""
    c_outs = {}
    for label, (cmd, env, xargs) in list(progs.items()):
        key = tuple(xargs)
        try:
            _, out = run_once(cmd + xargs, d, env)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            r["problems"].append(f"{label} failed: {str(e)[:300]}")
            del progs[label]
            continue
        if label.startswith("C"):
            c_outs[key] = out
            if size == "quick" and label == "C" and (d / "expected.txt").is_file() \
                    and out != (d / "expected.txt").read_text():
                r["problems"].append("C output differs from expected.txt")
            continue
        ref = c_outs.get(key)
        if ref is None:
            r["problems"].append(f"{label}: no C output to check it against")
            del progs[label]
            continue
        before = len(r["problems"])
        check_output(label, out, ref, sizes, size if xargs is args else dsize, d, r["problems"])
        if len(r["problems"]) > before:
            del progs[label]
    r["validated"] = sorted(progs)


def time_rounds(progs, r, a, n, d, round_env=None) -> int:
    """Every program of progs once per round, --runs rounds, and more
    rounds (up to --max-runs) while some program's median is unsettled;
    a host check after each round. Every run goes through a.rusage
    (benchmarks/host/rusage.c) for its CPU time and peak memory. Sets r's times, CPU times, peak memory
    (KiB) and their medians; returns the number of rounds. round_env(label,
    env, round) may give a program another environment in a round."""
    times = {label: [] for label in progs}
    cpu = {label: [] for label in progs}
    rss = {label: [] for label in progs}
    r["host"] = {"one_ms": [], "n_ms": []}
    i = 0
    while i < a.runs or (i < a.max_runs and unsettled(times, a.settle)):
        for label, (cmd, env, xargs) in list(progs.items()):
            if round_env:
                env = round_env(label, env, i)
            try:
                t, c, kib, _ = run_measured(cmd + xargs, d, env, a.rusage)
                times[label].append(t)
                cpu[label].append(c)
                rss[label].append(kib)
            except RuntimeError as e:
                r["problems"].append(f"{label} failed in timed run {i + 1}: {str(e)[:300]}")
                del progs[label]
                for table in (times, cpu, rss):
                    table.pop(label)
        host_sample(a, n, r["host"])
        i += 1
    r["rounds"] = i
    r["times"] = {label: ts for label, ts in times.items()}
    r["median"] = {label: statistics.median(ts) for label, ts in times.items() if ts}
    r["cpu_median"] = {label: statistics.median(cs) for label, cs in cpu.items() if cs}
    r["rss_kib"] = {label: ks for label, ks in rss.items()}
    r["rss_median_kib"] = {label: statistics.median(ks) for label, ks in rss.items() if ks}
    return i


def base_programs(name, a, bb, feats, b, d, args, n, r, omp):
    """Builds into b the programs every part of the report times: sequential
    C, OpenMP C on n threads (when omp), Bamboo on 1 core and on n cores
    with the default layout (bb: the bambooc command without -o). Returns
    label -> (command, environment, arguments), or None when C does not
    build; failures are noted in r."""
    progs = {}
    if build(c_reference(a.cc, d, name, b / "c")):
        progs["C"] = ([str(b / "c")], None, args)
    else:
        r["problems"].append("C build failed")
        return None
    if omp:
        if build(c_reference(a.cc, d, name, b / "omp", omp=True)):
            progs["OpenMP N"] = ([str(b / "omp")], dict(os.environ, OMP_NUM_THREADS=str(n)), args)
        else:
            r["problems"].append("OpenMP build failed")
    if build(bb + ["-o", str(b / "bb1")]):
        progs["Bamboo 1"] = ([str(b / "bb1")], dict(os.environ, BAMBOO_CORES="1"), args)
    else:
        r["problems"].append("Bamboo build failed")
    if feats["cores"]:
        if build(bb + ["--cores", str(n), "-o", str(b / "bbn_default")]):
            progs["Bamboo N default"] = ([str(b / "bbn_default")], None, args)
        else:
            r["problems"].append(f"Bamboo --cores {n} build failed")
    else:
        r["notes"].append("N-core Bamboo not available: this bambooc has no --cores (many-core runtime not merged)")
    return progs


def write_section_alone(out_dir: Path, title: str, text: str, key: str, data) -> None:
    """A section run alone (`harness.py --only ...`): the section headed
    `title` in out_dir/RESULTS.md replaced in place (or added before the
    generalisation section), and results.json's `key` set to data."""
    path = out_dir / "RESULTS.md"
    old = path.read_text().splitlines() if path.is_file() else ["# Benchmark results", ""]
    new = text.rstrip("\n").splitlines() + [""]
    if title in old:
        start = old.index(title)
        end = next((i for i in range(start + 1, len(old)) if old[i].startswith("## ")), len(old))
        old[start:end] = new
    else:
        at = next((i for i, line in enumerate(old) if line.startswith("## Generalisation")), len(old))
        old[at:at] = new
    path.write_text("\n".join(old) + "\n")
    jpath = out_dir / "results.json"
    saved = json.loads(jpath.read_text()) if jpath.is_file() else {}
    saved[key] = data
    jpath.write_text(json.dumps(saved, indent=1, sort_keys=True) + "\n")
