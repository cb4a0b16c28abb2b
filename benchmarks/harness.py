#!/usr/bin/env python3
"""harness.py — the one-command performance report (issue 7; the five
sections of shared/BENCHMARKS.md, "What the harness reports").

Usage:
    python3 benchmarks/harness.py [--size full|quick] [--runs N] [options] [BENCH ...]

    BENCH            benchmark directories under benchmarks/ (default: all seven)
    --size S         full (default; medians of --runs >= 5) or quick (to test
                     the harness itself: `--size quick --runs 1`, minutes)
    --runs N         timed runs of every program, alternating (default 5)
    --max-runs M     rounds at most (default 2N): after N rounds, one more is
                     run while some program's median is more than --settle
                     (default 0.03) above its fastest run, a sign that other
                     jobs disturbed the runs in the middle
    --cores N        the N of "N-core" (default: this machine's, nproc)
    --bambooc PATH   the compiler (default: `cargo build --release -p bambooc`
                     first, then $CARGO_TARGET_DIR or target/release/bambooc)
    --build DIR      executables, profiles and layouts (default build/harness;
                     generated inputs are kept there between runs)
    --out DIR        where RESULTS.md, results.json and plots/ go (default
                     benchmarks/)
    --no-micro       skip the runtime microbenchmarks (section 5)
    --no-plots       skip building and running tools/benchplot
    --timeout S      limit for one simulator/synthesis command (default 900)
    --profile-runs K profiling runs per input (default 5); the profile of the
                     median run (by total_ns) is used

For every benchmark it builds the sequential C and OpenMP references and
the Bamboo program (1 core; N cores with the default layout; N cores with
the layout synthesised from a profile), profiles the Bamboo program (a
`--profile-gen` build run --profile-runs times at the measured size and at
the doubled size, keeping the profile of the median run, the rule of the
measured times), checks every output against C's (compare.py's rules), runs all
programs alternately --runs times and takes medians (the profiling build runs
in these rounds too, and the median of the profiles it writes there gives the
simulator-accuracy estimates of section 2), asks the simulator
(`bambooc sim`) for its estimates, the tilepro64 62-core speedup, the
synthesis time and the DSA-vs-exhaustive report, runs the microbenchmarks of
benchmarks/manycore/bench.py, and writes RESULTS.md, results.json and, with
tools/benchplot (Rust, plotters), plots/*.svg. After every round it also
runs benchmarks/host/hostcheck.c on one thread and on N at once: the ratio
says how much of N CPUs the host gave this machine during that benchmark,
which a virtual machine shares with other jobs.

Features the compiler at hand lacks (probed from its --help) are reported as
"not available: <why>" rows; no figure is ever made up. The doubled input of
the generalisation experiment (paper Figure 11) is the size `double` (for
full) or `quick_double` (for quick) of each sizes.toml.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import compare  # noqa: E402  (build, run_cmd, size_args, resolve_inputs, ...)

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


# ---------------------------------------------------------------- features

def probe_features(bambooc: str) -> dict:
    """What this bambooc can do, from its --help texts."""
    def help_of(*sub):
        p = subprocess.run([bambooc, *sub, "--help"], capture_output=True, text=True)
        return p.stdout if p.returncode == 0 else ""
    build = help_of("build")
    sim = help_of("sim")
    if "--machine" not in sim:  # an older bambooc takes `sim` for a file name
        sim = ""
    return {
        "profile_gen": "--profile-gen" in build,
        "profile": "--profile " in build or "--profile <" in build,
        "cores": "--cores" in build,
        "layout": "--layout" in build,
        "sim": bool(sim),
        "sim_emit_layout": "- layout:" in sim,
        "dsa_report": "--dsa-report" in sim,
        "micro": (HERE / "manycore" / "bench.py").is_file(),
    }


# ---------------------------------------------------------------- running

def run_once(cmd, cwd, env=None, timeout=None):
    """(wall seconds, stdout) of one run; raises RuntimeError on failure."""
    start = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} exited with {p.returncode}\n{p.stderr[-2000:]}")
    return wall, p.stdout


def agree(out: str, ref: str, table: dict):
    """None if out agrees with ref under table's tolerances (exact text when
    it has none), else the first difference (compare.py's rule)."""
    if "absolute" not in table and "relative" not in table:
        return None if out == ref else compare.first_difference(out, ref)
    return compare.numbers_differ(out, ref, float(table.get("absolute", 0.0)),
                                  float(table.get("relative", 0.0)))


def check_output(label, out, c_out, sizes, size, d, problems):
    diff = agree(out, c_out, sizes.get("compare", {})) if label != "C" else None
    if diff is not None:
        problems.append(f"{label} output differs from C: {diff}")
    ref_file = sizes.get("reference", {}).get(size)
    if ref_file:
        diff = agree(out, (d / ref_file).read_text(), sizes["reference"])
        if diff is not None:
            problems.append(f"{label} output differs from {ref_file}: {diff}")


def sim_rows(text: str) -> list[dict]:
    """The rows of `bambooc sim`'s table: machine, cores, estimate (s or
    None when the simulation did not complete), speedup, search seconds."""
    rows = []
    pat = re.compile(r"^(\S+)\s+(\d+)\s+(\S+ (?:s|ms|us)|[\d.]+% useful)\s+(\S+)\s+(\d+)\s+([\d.]+)s\s")
    for line in text.splitlines():
        m = pat.match(line)
        if not m:
            continue
        est = m.group(3)
        seconds = None
        if not est.endswith("useful"):
            value, unit = est.split()
            seconds = float(value) * {"s": 1.0, "ms": 1e-3, "us": 1e-6}[unit]
        sp = m.group(4)
        rows.append({"machine": m.group(1), "cores": int(m.group(2)), "estimate_s": seconds,
                     "speedup": float(sp[:-1]) if sp.endswith("x") else None,
                     "layouts": int(m.group(5)), "search_s": float(m.group(6))})
    return rows


# ---------------------------------------------------------------- per benchmark

def bench_one(name, a, bambooc, feats, build_dir, n):
    d = HERE / name
    sizes = tomllib.loads((d / "sizes.toml").read_text())
    size = a.size
    dsize = "double" if size == "full" else f"{size}_double"
    args = compare.size_args(sizes, size)
    dargs = compare.size_args(sizes, dsize)
    r = {"name": name, "args": " ".join(args or []), "double_args": " ".join(dargs or []),
         "problems": [], "notes": []}
    if args is None:
        r["problems"].append(f"no size {size!r} in sizes.toml")
        return r
    log(f"== {name} {' '.join(args)} ({size}); doubled: {' '.join(dargs or ['-'])}")
    args = compare.resolve_inputs(d, sizes, args, build_dir)
    if dargs is not None:
        dargs = compare.resolve_inputs(d, sizes, dargs, build_dir)
    b = build_dir / name
    b.mkdir(parents=True, exist_ok=True)
    src = str(d / f"{name}.bb")
    bb = [bambooc, "-O2", "--no-bounds-checks", src]
    env1 = dict(os.environ, BAMBOO_CORES="1")

    # Programs to time: label -> (command, environment, arguments).
    progs = {}
    if compare.build([a.cc, *compare.C_OPT_FLAGS, str(d / f"{name}.c"), "-o", str(b / "c"), "-lm"]):
        progs["C"] = ([str(b / "c")], None, args)
    else:
        r["problems"].append("C build failed")
        return r
    if compare.build([a.cc, *compare.C_OPT_FLAGS, "-fopenmp", str(d / f"{name}_omp.c"), "-o", str(b / "omp"), "-lm"]):
        progs["OpenMP N"] = ([str(b / "omp")], dict(os.environ, OMP_NUM_THREADS=str(n)), args)
    else:
        r["problems"].append("OpenMP build failed")
    if compare.build(bb + ["-o", str(b / "bb1")]):
        progs["Bamboo 1"] = ([str(b / "bb1")], env1, args)
    else:
        r["problems"].append("Bamboo build failed")
    if feats["cores"]:
        if compare.build(bb + ["--cores", str(n), "-o", str(b / "bbn_default")]):
            progs["Bamboo N default"] = ([str(b / "bbn_default")], None, args)
        else:
            r["problems"].append(f"Bamboo --cores {n} build failed")
    else:
        r["notes"].append("N-core Bamboo not available: this bambooc has no --cores (many-core runtime not merged)")

    # Profiles: a --profile-gen build, run --profile-runs times at the size and at the
    # doubled size; the median run gives the profile.
    profiles = {}
    if feats["profile_gen"]:
        if compare.build(bb + ["--profile-gen", "-o", str(b / "bbprof")]):
            for key, xargs in (("size", args), ("double", dargs)):
                if xargs is None:
                    continue
                out = b / f"{name}.{key}.profile"
                try:
                    profiled = compare.median_profile([str(b / "bbprof")], xargs, d, out, a.profile_runs,
                                                      timeout=a.timeout)
                    r.setdefault("profile_totals_s", {})[key] = [t / 1e9 for t in profiled["totals_ns"]]
                    profiles[key] = out
                except (RuntimeError, subprocess.TimeoutExpired) as e:
                    r["problems"].append(f"profile run ({key}) failed: {str(e)[:300]}")
        else:
            r["problems"].append("--profile-gen build failed")
    else:
        r["notes"].append("profiles not available: this bambooc has no --profile-gen")

    # Synthesis (simulator + search) and the synthesised N-core layout.
    r["sim"] = {}
    if feats["sim"] and "size" in profiles:
        prof = str(profiles["size"])
        stem = b / name
        cmd = [bambooc, "sim", src, "--profile", prof, "--cores", f"1,{n}", "-o", str(stem)]
        if feats["sim_emit_layout"]:
            cmd += ["--emit", "layout"]
        try:
            _, text = run_once(cmd, d, timeout=a.timeout)
            for row in sim_rows(text):
                r["sim"][f"smp{row['cores']}"] = row
            r["sim_text"] = text
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            r["problems"].append(f"bambooc sim (1,{n} cores) failed: {str(e)[:300]}")
        layout = Path(f"{stem}.smp-{n}.{n}.layout.json")
        if layout.is_file():
            r["synth_layout"] = str(layout)
        if feats["layout"] and layout.is_file():
            if compare.build(bb + ["--layout", str(layout), "-o", str(b / "bbn_synth")]):
                progs["Bamboo N synth"] = ([str(b / "bbn_synth")], None, args)
            else:
                r["problems"].append("build with the synthesised layout failed")
        elif feats["profile"] and feats["cores"]:
            if compare.build(bb + ["--profile", prof, "--cores", str(n), "-o", str(b / "bbn_synth")]):
                progs["Bamboo N synth"] = ([str(b / "bbn_synth")], None, args)
        # Generalisation (paper Figure 11): N-core builds from each profile, on the doubled input.
        if dargs is not None and "double" in profiles:
            progs["C double"] = ([str(b / "c")], None, dargs)
            for key, label in (("size", "gen orig-profile"), ("double", "gen double-profile")):
                exe = b / f"bbn_{key}_prof"
                lay = b / f"{name}.gen-{key}"
                built = False
                if feats["layout"] and feats["sim_emit_layout"]:
                    try:
                        run_once([bambooc, "sim", src, "--profile", str(profiles[key]), "--cores", str(n),
                                  "--emit", "layout", "-o", str(lay)], d, timeout=a.timeout)
                        built = compare.build(bb + ["--layout", f"{lay}.layout.json", "-o", str(exe)])
                    except (RuntimeError, subprocess.TimeoutExpired) as e:
                        r["problems"].append(f"synthesis from the {key} profile failed: {str(e)[:300]}")
                elif feats["profile"] and feats["cores"]:
                    built = compare.build(bb + ["--profile", str(profiles[key]), "--cores", str(n), "-o", str(exe)])
                if built:
                    progs[label] = ([str(exe)], None, dargs)
            if "gen orig-profile" not in progs and "gen double-profile" not in progs:
                del progs["C double"]
        # Section 3: the 62-core tilepro64 estimate; section 4: its synthesis time.
        try:
            _, text = run_once([bambooc, "sim", src, "--profile", prof, "--machine", "tilepro64",
                                "--cores", "62"], d, timeout=a.timeout)
            rows = sim_rows(text)
            if rows:
                r["sim"]["tile62"] = rows[0]
            else:
                r["problems"].append("bambooc sim --machine tilepro64 printed no row")
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            r["problems"].append(f"bambooc sim tilepro64 62 failed: {str(e)[:300]}")
        if feats["dsa_report"]:
            try:
                _, text = run_once([bambooc, "sim", src, "--profile", prof, "--machine", "tilepro64",
                                    "--cores", "16", "--dsa-report", str(a.dsa_runs)], d, timeout=a.timeout)
                m = re.search(r"(\d+)/(\d+) searches \(([\d.]+)%\)", text)
                r["dsa"] = ({"hits": int(m.group(1)), "runs": int(m.group(2)), "pct": float(m.group(3))}
                            if m else na(text.strip().splitlines()[-1] if text.strip() else "no output"))
            except subprocess.TimeoutExpired:
                r["dsa"] = na(f"timed out after {a.timeout} s")
            except RuntimeError as e:
                r["dsa"] = na(str(e).splitlines()[-1][:200])
    elif not feats["sim"]:
        r["notes"].append("simulator not available: this bambooc has no `sim` subcommand (synthesis not merged)")

    # The profiling build also runs in the timed rounds, each run writing its own
    # profile: the simulator-accuracy estimates (section 2) come from the median
    # of these, taken between the runs they are compared with.
    if "size" in profiles:
        progs[PROFILED] = ([str(b / "bbprof")], dict(os.environ, BAMBOO_PROFILE_OUT=str(b / f"{name}.check.profile")),
                           args)

    # Correctness: one untimed run of each, all outputs checked against C's.
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

    # Timing: every program once per round, --runs rounds, and more rounds
    # (up to --max-runs) while some program's median is unsettled.
    times = {label: [] for label in progs}
    timed_profiles = []
    r["host"] = {"one_ms": [], "n_ms": []}
    i = 0
    while i < a.runs or (i < a.max_runs and unsettled(times, a.settle)):
        for label, (cmd, env, xargs) in list(progs.items()):
            if label == PROFILED:
                timed_profiles.append(b / f"{name}.timed.{i + 1}.profile")
                env = dict(env, BAMBOO_PROFILE_OUT=str(timed_profiles[-1]))
            try:
                t, _ = run_once(cmd + xargs, d, env)
                times[label].append(t)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                r["problems"].append(f"{label} failed in timed run {i + 1}: {str(e)[:300]}")
                del progs[label]
                times.pop(label)
        host_sample(a, n, r["host"])
        i += 1
    r["rounds"] = i
    r["times"] = {label: ts for label, ts in times.items()}
    r["median"] = {label: statistics.median(ts) for label, ts in times.items() if ts}
    if PROFILED in progs and len(times[PROFILED]) == i:
        timed_estimates(r, a, bambooc, src, d, timed_profiles, n)
    for label, t in sorted(r["median"].items()):
        log(f"  {label:20s} {t:9.3f} s")
    for p in r["problems"]:
        log(f"  PROBLEM: {p}")
    return r


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


def timed_estimates(r, a, bambooc, src, d, paths, n):
    """Section 2's estimates: `bambooc sim` on the median (by total_ns) of the
    profiles written in the timed rounds, at 1 core and with the synthesised
    layout the N-core build was given. A profile taken in the same rounds as
    the runs it is compared with shares their conditions; the profiles taken
    before synthesis came minutes earlier, and on a shared machine the load
    can differ between the two (they are kept, as the second estimate)."""
    totals = [json.loads(path.read_text())["total_ns"] for path in paths]
    chosen = paths[compare.median_index(totals)]
    r["timed_profile"] = {"path": str(chosen), "totals_s": [t / 1e9 for t in totals]}
    runs = {"smp1": ["--cores", "1"]}
    if r.get("synth_layout"):
        runs[f"smp{n}"] = ["--layout", r["synth_layout"]]
    est = {}
    try:
        for key, how in runs.items():
            _, text = run_once([bambooc, "sim", src, "--profile", str(chosen), *how], d, timeout=a.timeout)
            rows = sim_rows(text)
            if rows:
                est[key] = rows[0]
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        r["problems"].append(f"bambooc sim on the timed rounds' profile failed: {str(e)[:300]}")
    r["sim_timed"] = est


# ---------------------------------------------------------------- micro

def micro(a, bambooc):
    """Section 5, from benchmarks/manycore/bench.py's printed figures."""
    cmd = [sys.executable, str(HERE / "manycore" / "bench.py"), "--bambooc", bambooc,
           "--runs", str(a.runs), "--only", "dispatch", "handoff", "grain"]
    log("== microbenchmarks: " + " ".join(cmd[1:]))
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout)
    except subprocess.TimeoutExpired:
        return {"na": f"timed out after {a.timeout} s"}
    if p.returncode != 0:
        return {"na": f"bench.py failed: {(p.stderr or p.stdout).strip()[-300:]}"}
    out = p.stdout
    res = {"text": out}
    m = re.search(r"dispatch: ([\d.]+) ns", out)
    res["dispatch_ns"] = float(m.group(1)) if m else None
    m = re.search(r"handoff: ([\d.]+) ns per object on 1 core, ([\d.]+) ns per object on 2 cores", out)
    res["handoff_ns_1"], res["handoff_ns_2"] = (float(m.group(1)), float(m.group(2))) if m else (None, None)
    m = re.search(r"90% efficiency on 2 cores: ([\d.]+) us", out)
    res["grain_us"] = float(m.group(1)) if m else None
    return res


# ---------------------------------------------------------------- header

def sh(cmd) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "not available"


def machine_info(a, bambooc) -> dict:
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem_kb = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
        mem = f"{mem_kb / 1048576:.1f} GiB"
    except (OSError, StopIteration):
        mem = "unknown"
    return {
        "nproc": os.cpu_count(), "cpu": cpu, "memory": mem, "os": platform.platform(),
        "cc": sh([a.cc, "--version"]).splitlines()[0] if sh([a.cc, "--version"]) else "unknown",
        "rustc": sh(["rustc", "--version"]),
        "bambooc_rev": sh(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"])
        + (" (dirty)" if sh(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"]) else ""),
        "bambooc": bambooc,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load_start": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


# ---------------------------------------------------------------- report

def fmt(x, spec=".3f", suffix=""):
    return "-" if x is None else f"{x:{spec}}{suffix}"


def secs(x):
    """Seconds with three significant digits at least (quick sizes run in
    milliseconds)."""
    if x is None:
        return "-"
    return f"{x:.3f}" if x >= 0.1 else f"{x:.3g}"


def ratio(x, y):
    return x / y if x is not None and y else None


def goal(ok) -> str:
    return "n/a" if ok is None else ("met" if ok else "**MISSED**")


def derive(results, n):
    """Per benchmark figures of sections 1-3 and the generalisation test."""
    for r in results:
        m = r.get("median", {})
        nb_label = "Bamboo N synth" if "Bamboo N synth" in m else "Bamboo N default"
        nb = m.get(nb_label)
        ts = r.get("times", {})
        r["fig7"] = {
            "c1": m.get("C"), "bb1": m.get("Bamboo 1"), "bbn": nb,
            "bbn_layout": "synthesised" if "Bamboo N synth" in m else ("default" if nb else None),
            "bbn_default": m.get("Bamboo N default"), "bbn_synth": m.get("Bamboo N synth"),
            "omp": m.get("OpenMP N"),
            "speedup": ratio(m.get("Bamboo 1"), nb), "speedup_vs_c": ratio(m.get("C"), nb),
            "overhead": ratio(m.get("Bamboo 1"), m.get("C")),
            "omp_speedup": ratio(m.get("C"), m.get("OpenMP N")),
            "vs_omp": ratio(nb, m.get("OpenMP N")),
            "overhead_rounds": slower_rounds(ts.get("Bamboo 1"), ts.get("C")),
            "vs_omp_rounds": slower_rounds(ts.get(nb_label), ts.get("OpenMP N")),
        }
        s = r.get("sim", {})
        st = r.get("sim_timed", {})
        fig9 = []
        for cores, key, label in ((1, "smp1", "Bamboo 1"), (n, f"smp{n}", "Bamboo N synth")):
            est = st.get(key, {}).get("estimate_s")
            early = s.get(key, {}).get("estimate_s")
            meas = m.get(label)
            err = (est - meas) / meas * 100 if est is not None and meas else None
            early_err = (early - meas) / meas * 100 if early is not None and meas else None
            fig9.append({"cores": cores, "estimate_s": est, "measured_s": meas, "error_pct": err,
                         "synthesis_estimate_s": early, "synthesis_error_pct": early_err})
        r["fig9"] = fig9
        r["profile_overhead"] = ratio(m.get(PROFILED), m.get("Bamboo 1"))
        t = s.get("tile62", {})
        r["sim62"] = {"speedup": t.get("speedup"), "paper": PAPER_62.get(r["name"]),
                      "search_s": t.get("search_s")}
        r["gen"] = {"orig": m.get("gen orig-profile"), "double": m.get("gen double-profile"),
                    "c": m.get("C double")}
        share, low = host_throughput(r.get("host"))
        r["host_share"] = {"median": share, "lowest": low,
                           "one_ms": statistics.median(r["host"]["one_ms"])
                           if r.get("host", {}).get("one_ms") else None}


def slower_rounds(mine, theirs):
    """(k, n): in k of the n rounds that timed both programs, the first ran
    longer than the second. The two ran side by side in each round, so a
    median ratio above 1 that only some rounds show is within the machine's
    noise, while one that every round shows is not."""
    if not mine or not theirs:
        return None
    pairs = list(zip(mine, theirs))
    return [sum(1 for x, y in pairs if x > y), len(pairs)]


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def report(a, info, feats, results, mic, n, elapsed) -> str:
    L = []
    w = L.append
    w("# Benchmark results\n")
    w(f"Generated by `python3 benchmarks/harness.py --size {a.size} --runs {a.runs}` "
      f"in {elapsed / 60:.1f} minutes. Times are medians of at least {a.runs} wall-clock runs, "
      "all programs of a benchmark alternating, on this machine.\n")
    w("| | |\n| --- | --- |")
    w(f"| machine | {info['nproc']} cores (nproc), {info['cpu']}, {info['memory']} memory, {info['os']} |")
    w(f"| load average | {info['load_start']} at the start, {info['load_end']} at the end "
      f"(the harness itself keeps up to {info['nproc']} cores busy; a higher load means other jobs "
      "shared the machine and times are noisy) |")
    w(f"| compilers | {info['cc']}; {info['rustc']}; bambooc at git {info['bambooc_rev']} |")
    w(f"| C flags | C and OpenMP references `{' '.join(compare.C_OPT_FLAGS)}` (OpenMP adds `-fopenmp`), as bambooc compiles the generated C at `-O2`; Bamboo `bambooc -O2 --no-bounds-checks` |")
    w(f"| date | {info['date']} |")
    w(f"| size | `{a.size}` (arguments below; doubled input: sizes.toml's "
      f"`{'double' if a.size == 'full' else a.size + '_double'}`) |")
    w(f"| repetitions | {a.runs} per program{'' if a.runs >= 5 else ' (fewer than 5: a test of the harness, not a measurement)'}, "
      f"then more rounds, up to {a.max_runs}, while some program's median run was more than "
      f"{a.settle * 100:g}% slower than its fastest (a run that other jobs disturbed); rounds run: "
      + ", ".join(f"{r['name']} {r.get('rounds', '-')}" for r in results) + " |")
    w(f"| N | {n} cores |")
    hs = [r for r in results if (r.get("host_share") or {}).get("median")]
    shares = [r["host_share"]["median"] for r in hs]
    ones = [r["host_share"]["one_ms"] for r in hs]
    if hs:
        w(f"| host check | `benchmarks/host/hostcheck.c` after every round: on one thread it took "
          f"{min(ones):.0f} to {max(ones):.0f} ms (medians per benchmark; the fastest round of all "
          f"{fastest_host_ms(results):.0f} ms), and {n} threads at once got {min(shares):.2f} to "
          f"{max(shares):.2f} of {n} CPUs (1.00: as fast as one alone); per benchmark in section 1 |")
    else:
        w("| host check | not run |")
    w(f"| bambooc features | " + ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in feats.items()) + " |")
    w("")
    w("| benchmark | arguments | doubled |\n| --- | --- | --- |")
    for r in results:
        w(f"| {r['name']} | `{r['args']}` | `{r['double_args']}` |")
    w("")

    # 1
    w("## 1. Figure 7: 1-core and N-core times\n")
    w(f"Goals (issue 7): Bamboo 1-core over C geometric mean <= {GOALS['overhead_geomean']}, worst "
      f"<= {GOALS['overhead_worst']}; N-core speedup over 1-core Bamboo >= {GOALS['speedup_n']} with "
      f"N = 2; Bamboo N-core over OpenMP N-core <= {GOALS['vs_omp']}.\n")
    w(f"| benchmark | C 1-core (s) | Bamboo 1-core (s) | Bamboo {n}-core (s) | layout | speedup over Bamboo 1 | "
      f"speedup over C | Bamboo 1 / C | OpenMP {n}-core (s) | OpenMP speedup | Bamboo {n} / OpenMP {n} |")
    w("|" + " --- |" * 11)
    for r in results:
        f = r.get("fig7")
        if f is None:
            w(f"| {r['name']} | not available: {'; '.join(r['problems'])[:200]} |" + " |" * 9)
            continue
        w(f"| {r['name']} | {secs(f['c1'])} | {secs(f['bb1'])} | "
          + (secs(f['bbn']) if f['bbn'] else "not available") + f" | {f['bbn_layout'] or '-'} | "
          f"{fmt(f['speedup'], '.2f')} | {fmt(f['speedup_vs_c'], '.2f')} | {fmt(f['overhead'], '.3f')} | "
          f"{secs(f['omp'])} | {fmt(f['omp_speedup'], '.2f')} | {fmt(f['vs_omp'], '.2f')} |")
    ov = [r["fig7"]["overhead"] for r in results if r.get("fig7") and r["fig7"]["overhead"]]
    sp = [r["fig7"]["speedup"] for r in results if r.get("fig7") and r["fig7"]["speedup"]]
    vo = [r["fig7"]["vs_omp"] for r in results if r.get("fig7") and r["fig7"]["vs_omp"]]
    gm = geomean(ov)
    w("")
    worst = max(results, key=lambda r: (r.get('fig7') or {}).get('overhead') or 0) if ov else None
    worst_rounds = (worst["fig7"].get("overhead_rounds") or None) if worst else None
    w(f"- Bamboo 1-core over C: geometric mean {fmt(gm)}, worst {fmt(max(ov) if ov else None)} "
      f"({worst['name'] if worst else '-'}"
      + (f", slower than C in {worst_rounds[0]} of {worst_rounds[1]} rounds" if worst_rounds else "") + "): "
      f"goal {goal(gm <= GOALS['overhead_geomean'] if gm else None)} (mean), "
      f"{goal(max(ov) <= GOALS['overhead_worst'] if ov else None)} (worst).")
    if sp:
        low = [r["name"] for r in results if r.get("fig7") and r["fig7"]["speedup"]
               and r["fig7"]["speedup"] < GOALS["speedup_n"]]
        w(f"- {n}-core speedup over 1-core Bamboo: {min(sp):.2f} to {max(sp):.2f}: goal "
          f"{goal(not low)}" + (f" (below {GOALS['speedup_n']}: {', '.join(low)})" if low else "") + ".")
    else:
        w(f"- {n}-core speedup: not available (no N-core Bamboo build: see the features above).")
    if vo:
        high = [r["name"] for r in results if r.get("fig7") and r["fig7"]["vs_omp"]
                and r["fig7"]["vs_omp"] > GOALS["vs_omp"]]
        slower = []
        for r in results:
            if r["name"] in high:
                rounds = r["fig7"].get("vs_omp_rounds")
                slower.append(f"{r['name']} {r['fig7']['vs_omp']:.3f}, slower in {rounds[0]} of {rounds[1]} rounds"
                              if rounds else r["name"])
        w(f"- Bamboo {n}-core over OpenMP {n}-core: {min(vo):.2f} to {max(vo):.2f}: goal {goal(not high)}"
          + (f" (slower than OpenMP: {'; '.join(slower)})" if high else "") + ".")
    else:
        w(f"- Bamboo {n}-core over OpenMP: not available.")
    if hs:
        best = fastest_host_ms(results)
        short = [r["name"] for r in hs if r["host_share"]["median"] < HOST_SHARE_QUIET]
        slow = [r["name"] for r in hs if r["host_share"]["one_ms"] > best * HOST_SLOWDOWN_QUIET]
        w(f"- Host check per benchmark: the share of {n} CPUs that {n} threads got (median of the rounds, "
          f"lowest), and one thread's median time over the fastest round of the whole run: "
          + ", ".join(f"{r['name']} {r['host_share']['median']:.2f} ({r['host_share']['lowest']:.2f}), "
                      f"{r['host_share']['one_ms'] / best:.2f}" for r in hs) + ". "
          + (f"Share below {HOST_SHARE_QUIET}: {', '.join(short)}. " if short else "")
          + (f"One thread more than {HOST_SLOWDOWN_QUIET:g}x its fastest: {', '.join(slow)}. " if slow else "")
          + ("The host ran other jobs on this machine's CPUs or caches during those benchmarks' rounds; "
             "their times, Bamboo's and the references' alike, are less steady than a quiet host's."
             if short or slow else "The host looked quiet throughout."))
    both = [r for r in results if r.get("fig7") and r["fig7"]["bbn_default"] and r["fig7"]["bbn_synth"]]
    if both:
        w(f"- Default layout vs synthesised layout at {n} cores (s): "
          + ", ".join(f"{r['name']} {r['fig7']['bbn_default']:.3f} / {r['fig7']['bbn_synth']:.3f}" for r in both) + ".")
    w("\n![speedups](plots/speedups.svg)\n")

    # 2
    w("## 2. Figure 9: simulator estimate vs measured time\n")
    w(f"Goal: error <= {GOALS['sim_error_pct']}% at 1 and N cores. Estimate: `bambooc sim --profile P "
      f"--cores 1` and `bambooc sim --profile P --layout L`, P the profile with the median total time of "
      "those written by the profiling build (`--profile-gen`), which runs in the timed rounds "
      "beside the programs measured, and L the layout synthesised for the N-core build; measured: the "
      "1-core build and the build with that layout. The synthesis estimate is `bambooc sim --cores "
      f"1,{n}` on the profile the layout was synthesised from (the median of {a.profile_runs} runs made "
      "before the timed rounds, minutes earlier).\n")
    w("| benchmark | cores | estimate (s) | measured (s) | error | goal | synthesis estimate (s) | its error |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- |")
    errs = []
    for r in results:
        for row in r.get("fig9", []):
            early = (f"{secs(row['synthesis_estimate_s'])} | "
                     + ("-" if row["synthesis_error_pct"] is None else f"{row['synthesis_error_pct']:+.1f}%"))
            if row["error_pct"] is None:
                why = ("simulator not available" if not feats["sim"] else
                       "no estimate" if row["estimate_s"] is None else
                       "no measurement: no --layout in this bambooc (many-core runtime not merged)"
                       if row["cores"] > 1 and not feats["layout"] else "no measurement")
                w(f"| {r['name']} | {row['cores']} | {secs(row['estimate_s'])} | {secs(row['measured_s'])} | "
                  f"not available: {why} | n/a | {early} |")
            else:
                errs.append(abs(row["error_pct"]))
                w(f"| {r['name']} | {row['cores']} | {secs(row['estimate_s'])} | {secs(row['measured_s'])} | "
                  f"{row['error_pct']:+.1f}% | {goal(abs(row['error_pct']) <= GOALS['sim_error_pct'])} | "
                  f"{early} |")
    if errs:
        w(f"\nLargest error {max(errs):.1f}%: goal {goal(max(errs) <= GOALS['sim_error_pct'])}.")
    over = [(r["name"], r["profile_overhead"]) for r in results if r.get("profile_overhead")]
    if over:
        w("\nThe profiling build's time over the 1-core build's (medians of the same rounds): "
          + ", ".join(f"{name} {x:.3f}" for name, x in over) + ".")
    w("\n![simulator accuracy](plots/simulator.svg)\n")

    # 3
    w("## 3. Simulated 62-core speedup on tilepro64\n")
    w("Goal: at least the paper's. From this machine's profiles: `bambooc sim --profile P "
      "--machine tilepro64 --cores 62` (speedup over its 1-core estimate).\n")
    w("| benchmark | simulated 62-core speedup | paper | goal |\n| --- | --- | --- | --- |")
    for r in results:
        s = r.get("sim62", {})
        paper = s.get("paper")
        if s.get("speedup") is None:
            w(f"| {r['name']} | not available{': simulator not merged' if not feats['sim'] else ''} | "
              f"{fmt(paper, '.1f')} | n/a |")
        else:
            w(f"| {r['name']} | {s['speedup']:.2f} | {fmt(paper, '.1f')} | "
              f"{goal(s['speedup'] >= paper) if paper else 'n/a (not in the paper)'} |")
    w("\n![simulated 62-core speedups](plots/sim62.svg)\n")

    # 4
    w("## 4. Synthesis\n")
    w(f"Goal: DSA reaches the exhaustive optimum in >= {GOALS['dsa_pct']}% of searches at 16 cores "
      f"(the paper's figure). DSA runs: {a.dsa_runs} random starts per benchmark, machine tilepro64 "
      "limited to 16 cores.\n")
    w("| benchmark | synthesis time, 62 cores (s) | layouts simulated | DSA = exhaustive optimum at 16 cores | goal |")
    w("| --- | --- | --- | --- | --- |")
    for r in results:
        t = r.get("sim", {}).get("tile62")
        dsa = r.get("dsa")
        if dsa is None:
            dtext, dgoal = "not available" + ("" if feats["dsa_report"] else ": no --dsa-report"), "n/a"
        elif "na" in dsa:
            dtext, dgoal = f"not available: {dsa['na']}", "n/a"
        else:
            dtext = f"{dsa['hits']}/{dsa['runs']} ({dsa['pct']:.1f}%)"
            dgoal = goal(dsa["pct"] >= GOALS["dsa_pct"])
        w(f"| {r['name']} | {fmt(t['search_s']) if t else 'not available'} | "
          f"{t['layouts'] if t else '-'} | {dtext} | {dgoal} |")
    w("")

    # 5
    w("## 5. Runtime microbenchmarks\n")
    w("From `benchmarks/manycore/bench.py --only dispatch handoff grain` (medians of the same "
      "number of runs).\n")
    if mic is None:
        w("not available: skipped (--no-micro)\n")
    elif "na" in mic:
        w(f"not available: {mic['na']}\n")
    else:
        w("| figure | value |\n| --- | --- |")
        w(f"| local task dispatch | {fmt(mic['dispatch_ns'], '.1f', ' ns')} |")
        w(f"| object handed to another core (2 cores; 1 core: {fmt(mic['handoff_ns_1'], '.1f', ' ns')}) "
          f"| {fmt(mic['handoff_ns_2'], '.1f', ' ns')} per object |")
        w(f"| smallest task with 90% efficiency on 2 cores | "
          f"{fmt(mic['grain_us'], '.2f', ' us') if mic['grain_us'] is not None else 'none of the sizes tried'} |")
        w("\n```\n" + mic["text"].strip() + "\n```\n")

    # Generalisation
    w("## Generalisation (paper Figure 11)\n")
    w(f"Each {n}-core build on the doubled input, with the layout synthesised from the original "
      "input's profile and from the doubled input's profile (the paper: within a few percent).\n")
    w("| benchmark | C on doubled (s) | original profile (s) | doubled-input profile (s) | original / doubled |")
    w("| --- | --- | --- | --- | --- |")
    for r in results:
        g = r.get("gen", {})
        if g.get("orig") is None or g.get("double") is None:
            why = ("simulator/synthesis not merged" if not feats["sim"] else
                   "no --layout or --cores in this bambooc (many-core runtime not merged)"
                   if not (feats["layout"] or (feats["profile"] and feats["cores"])) else
                   "no doubled size" if not r["double_args"] else "a build or run failed (see problems)")
            w(f"| {r['name']} | {secs(g.get('c'))} | not available: {why} | | |")
        else:
            w(f"| {r['name']} | {secs(g['c'])} | {secs(g['orig'])} | {secs(g['double'])} | {g['orig'] / g['double']:.3f} |")
    w("")

    # Problems and notes
    w("## Problems and missing pieces\n")
    any_ = False
    for r in results:
        for p in r["problems"]:
            w(f"- {r['name']}: {p}")
            any_ = True
    notes = sorted({note for r in results for note in r["notes"]})
    for note in notes:
        w(f"- {note}")
        any_ = True
    if not any_:
        w("None: every program built, validated and ran.")
    w("")
    return "\n".join(L)


# ---------------------------------------------------------------- plots

def plots(a, out_dir: Path) -> str | None:
    """Builds and runs tools/benchplot; None or what went wrong."""
    crate = ROOT / "tools" / "benchplot"
    p = subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path",
                        str(crate / "Cargo.toml")], capture_output=True, text=True)
    if p.returncode != 0:
        return f"benchplot build failed: {p.stderr[-500:]}"
    target = Path(os.environ.get("CARGO_TARGET_DIR", crate / "target"))
    exe = target / "release" / "benchplot"
    p = subprocess.run([str(exe), str(out_dir / "results.json"), str(out_dir / "plots")],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return f"benchplot failed: {p.stderr[-500:]}"
    log(p.stdout.strip())
    return None


# ---------------------------------------------------------------- main

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("benches", nargs="*")
    ap.add_argument("--size", default="full")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--max-runs", type=int,
                    help="rounds at most, added while a median is unsettled (default: twice --runs)")
    ap.add_argument("--settle", type=float, default=0.03,
                    help="a median more than this fraction above its program's fastest run is unsettled")
    ap.add_argument("--cores", type=int, default=os.cpu_count())
    ap.add_argument("--bambooc")
    ap.add_argument("--build", default=str(ROOT / "build" / "harness"))
    ap.add_argument("--out", default=str(HERE))
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--no-micro", action="store_true")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--profile-runs", type=int, default=5,
                    help="profiling runs per input; the median run (by total_ns) gives the profile")
    ap.add_argument("--dsa-runs", type=int)
    a = ap.parse_args()
    if a.dsa_runs is None:
        a.dsa_runs = 100 if a.size == "full" else 10
    if a.max_runs is None:
        a.max_runs = 2 * a.runs
    a.max_runs = max(a.max_runs, a.runs)
    started = time.perf_counter()

    if a.bambooc:
        bambooc = str(Path(a.bambooc).resolve())
    else:
        log("== cargo build --release -p bambooc")
        subprocess.run(["cargo", "build", "--release", "-p", "bambooc"], cwd=ROOT, check=True)
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        bambooc = str((target / "release" / "bambooc").resolve())
    build_dir = Path(a.build).resolve()
    build_dir.mkdir(parents=True, exist_ok=True)
    out_dir = Path(a.out).resolve()
    n = a.cores
    feats = probe_features(bambooc)
    info = machine_info(a, bambooc)
    a.hostcheck = str(build_dir / "hostcheck")
    if not compare.build([a.cc, "-O2", "-pthread", str(HERE / "host" / "hostcheck.c"), "-o", a.hostcheck]):
        log("hostcheck build failed: the report has no host check")
        a.hostcheck = None
    log(f"bambooc {bambooc}: " + ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in feats.items()))

    results = []
    for name in a.benches or BENCHES:
        try:
            results.append(bench_one(name, a, bambooc, feats, build_dir, n))
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            log(f"  FAILED: {e}")
            results.append({"name": name, "args": "", "double_args": "", "problems": [str(e)[:500]],
                            "notes": []})
    mic = None
    if not a.no_micro:
        mic = micro(a, bambooc) if feats["micro"] else {"na": "benchmarks/manycore/bench.py not in this tree (many-core runtime not merged)"}
    derive(results, n)
    info["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    elapsed = time.perf_counter() - started

    (out_dir / "plots").mkdir(parents=True, exist_ok=True)
    data = {"size": a.size, "runs": a.runs, "max_runs": a.max_runs, "settle": a.settle, "cores": n, "machine": info, "features": feats,
            "goals": GOALS, "benchmarks": [{k: v for k, v in r.items() if k != "sim_text"} for r in results],
            "micro": mic}
    (out_dir / "results.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    plot_problem = None if a.no_plots else plots(a, out_dir)
    text = report(a, info, feats, results, mic, n, elapsed)
    if plot_problem:
        text += f"\nPlots not available: {plot_problem}\n"
    (out_dir / "RESULTS.md").write_text(text)
    log(f"wrote {out_dir / 'RESULTS.md'}, {out_dir / 'results.json'}"
        + ("" if a.no_plots or plot_problem else f", {out_dir / 'plots'}/*.svg")
        + f" in {elapsed / 60:.1f} minutes")
    return 1 if any(r["problems"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
