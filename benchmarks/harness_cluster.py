"""harness_cluster.py — section 7 of the report, "Beyond one machine"
(issue 32): the cluster benchmarks at 2 ranks against hand-written MPI
(benchmarks/cluster.py), Task Bench's METG per pattern (benchmarks/metg.py),
the simulator's estimate of the 2-rank MPI runs against their measured
time (layouts chosen on this machine's MPI as `bambooc calibrate --mpi`
measures it), and simulated 16 nodes x 16 cores (`cluster:16x16`: 2 us latency,
10 GB/s, 500 ns a message) with the share of communication hidden behind
computation.

`python3 benchmarks/harness.py --only cluster` runs this section alone and
replaces it in RESULTS.md (and "cluster" in results.json), as `--only java`
does for section 6. Each part runs its own script as a user would and reads
its --json output; a part that fails is reported as "not available: why".
"""

import json
import statistics
import subprocess
import sys
import tomllib
from pathlib import Path

from bench.outputs import size_args
from bench.run import mpi_env, run_cmd
from bench.sim import sim_rows
from harness_common import HERE, log, write_section_alone

TITLE = "## 7. Beyond one machine"
CLUSTER_BENCHES = ["jacobi3d", "cannon"]
# The ratios cluster.py reports and the goals for them.
GOALS = {"Bamboo shared/MPI-basic": 1.0, "Bamboo shared/MPI-overlap": 1.05,
         "Bamboo MPI/MPI-basic": 1.0, "Bamboo MPI/MPI-overlap": 1.05}
HIDDEN_GOAL = 0.60
SIM_ERROR_GOAL = 0.10
BIG = "cluster:16x16"


def script(cmd: list, timeout: float) -> tuple[bool, str]:
    """Runs one of the benchmark scripts; (succeeded, its output's tail)."""
    log("  $ " + " ".join(map(str, cmd)))
    try:
        r = subprocess.run([str(c) for c in cmd], cwd=HERE.parent, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout:.0f} s"
    tail = (r.stdout + r.stderr)[-600:]
    return r.returncode == 0, tail


def measured(a, bambooc: str, build: Path) -> dict:
    """cluster.py at 2 ranks: its JSON, or {"na": why}."""
    out = build / "cluster.json"
    ok, tail = script([sys.executable, HERE / "cluster.py", "--bambooc", bambooc, "--size", a.size,
                       "--runs", a.runs, "--build", build / "cluster", "--json", out], a.timeout * 4)
    if not ok or not out.is_file():
        return {"na": f"benchmarks/cluster.py failed: {tail.strip()[-300:]}"}
    return json.loads(out.read_text())


def metg(a, bambooc: str, build: Path) -> dict:
    """metg.py on 2 cores: its JSON, or {"na": why}."""
    out = build / "metg.json"
    cmd = [sys.executable, HERE / "metg.py", "--bambooc", bambooc, "--json", out]
    if a.size == "quick":
        cmd.append("--quick")
    ok, tail = script(cmd, a.timeout * 4)
    if not out.is_file():
        return {"na": f"benchmarks/metg.py failed: {tail.strip()[-300:]}"}
    data = json.loads(out.read_text())
    if not ok:
        data["problem"] = tail.strip()[-300:]
    return data


def sizes_of(name: str) -> dict:
    return tomllib.loads((HERE / name / "sizes.toml").read_text())


def profile(bambooc: str, name: str, args: list, build: Path) -> Path:
    """A --profile-gen build of the benchmark run once with args."""
    src = HERE / name / f"{name}.bb"
    gen = build / f"{name}-gen"
    prof = build / f"{name}-{'-'.join(args)}.profile"
    subprocess.run([bambooc, "-O2", "--no-bounds-checks", "--profile-gen", src, "-o", gen], check=True,
                   capture_output=True)
    subprocess.run([gen, *args], cwd=HERE / name, check=True, capture_output=True,
                   env={**mpi_env(), "BAMBOO_PROFILE_OUT": str(prof)})
    return prof


def sim_json(bambooc: str, name: str, prof: Path, extra: list, timeout: float) -> list:
    cmd = [bambooc, "sim", HERE / name / f"{name}.bb", "--profile", prof, "--format", "json", *extra]
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"bambooc sim: {r.stderr[-300:]}")
    rows = sim_rows(r.stdout)
    # A row without an estimate is a run the simulator could not finish
    # (it stalled, or hit its cap): nothing to compare, said as such.
    for row in rows:
        if row.get("estimate_s") is None:
            why = "stalled" if row.get("stalled") else "did not complete"
            raise RuntimeError(f"bambooc sim --cores {row.get('cores')}\nthe simulation {why} "
                               f"after {row.get('invocations', '?')} invocations")
    return rows


def two_rank_machine(bambooc: str, build: Path, timeout: float) -> tuple[str, str]:
    """The machine the 2-rank layouts are chosen and estimated on: this
    host's MPI, measured by `bambooc calibrate --mpi --ranks 2` (a loopback
    crossing costs several times the built-in cluster's 2 us and 10 GB/s,
    and a layout chosen on those moves megabytes that the real run cannot
    afford); the built-in `cluster:2x1` if the calibration fails. Returns
    (the --machine argument, how the report names it)."""
    toml = build / "calibrated-cluster-2x1.toml"
    cmd = [bambooc, "calibrate", "--mpi", "--ranks", "2", "-o", toml]
    log("  $ " + " ".join(map(str, cmd)))
    try:
        subprocess.run(cmd, check=True, capture_output=True, timeout=timeout, env=mpi_env())
        net = tomllib.loads(toml.read_text())["network"]
        return str(toml), (f"`bambooc calibrate --mpi --ranks 2` on this machine: {net['latency_ns'] / 1000:.1f} us "
                           f"latency, {net['bandwidth_bytes_per_ns']:.2f} GB/s")
    except (OSError, subprocess.SubprocessError, KeyError, tomllib.TOMLDecodeError) as e:
        log(f"  calibration failed ({e}); the built-in cluster:2x1")
        return "cluster:2x1", "the built-in `cluster:2x1` (the calibration failed)"


def simulated(a, bambooc: str, build: Path, launch: dict, machine: str) -> dict:
    """Per benchmark: the 2-rank estimate on `machine` against the measured
    MPI build with the same layout (less `launch[name]`, the median time of
    an empty MPI job, which no model of the program includes), and the
    cluster:16x16 speedup and hidden share."""
    out = {}
    for name in CLUSTER_BENCHES:
        r = {}
        try:
            sizes = sizes_of(name)
            args = size_args(sizes, a.size)
            prof = profile(bambooc, name, args, build)
            layout = build / f"{name}-2r"
            rows = sim_json(bambooc, name, prof, ["--machine", machine, "--cores", "2",
                                                   "--emit", "layout", "-o", layout], a.timeout)
            # An MPI executable takes its layout when it starts.
            exe = build / f"{name}-mpi"
            subprocess.run([bambooc, "-O2", "--no-bounds-checks", "--mpi", HERE / name / f"{name}.bb",
                            "-o", exe], check=True, capture_output=True)
            env = {**mpi_env(), "BAMBOO_LAYOUT": f"{layout}.layout.json"}
            times = [run_cmd(["mpirun", "--oversubscribe", "-x", "BAMBOO_LAYOUT", "-np", "2", exe, *args],
                             cwd=HERE / name, env=env)[0] for _ in range(a.runs)]
            start = launch.get(name, 0.0)
            r["two_ranks"] = {"args": args, "estimate_s": rows[-1]["estimate_s"], "launch_s": start,
                              "measured_s": max(1e-3, statistics.median(times) - start), "times": times}
            # The 16 x 16 estimate wants work for 256 cores (size
            # `cluster_sim`); the quick size tests the tooling alone.
            big_args = (size_args(sizes, "cluster_sim") if a.size != "quick" else None) or args
            big_prof = profile(bambooc, name, big_args, build) if big_args != args else prof
            rows = sim_json(bambooc, name, big_prof, ["--machine", BIG, "--cores", "1,256"], a.timeout * 4)
            one, many = rows[0], rows[-1]
            net = many.get("network") or {}
            r["big"] = {"args": big_args, "one_s": one["estimate_s"], "many_s": many["estimate_s"],
                        "used_cores": many.get("used_cores"), "network": net,
                        "search_s": many["search_s"]}
        except (RuntimeError, OSError, subprocess.SubprocessError, KeyError, IndexError) as e:
            # a failed command: its first line, and the runtime's last error
            # line in its output (mpirun adds banners of its own)
            lines = str(e).strip().splitlines() or ["failed"]
            why = [x for x in lines[1:] if x.startswith("bamboo:")] or lines[1:][-1:]
            r["na"] = lines[0][:200] + (f": {why[-1][:300]}" if why else "")
        out[name] = r
    return out


def run(a, bambooc: str, build: Path) -> dict:
    build = build / "cluster-section"
    build.mkdir(parents=True, exist_ok=True)
    log("== section 7: beyond one machine")
    m = measured(a, bambooc, build)
    launch = {name: r["median_launch"] for name, r in m.get("results", {}).items()}
    machine, machine_name = two_rank_machine(bambooc, build, a.timeout)
    return {"measured": m, "metg": metg(a, bambooc, build), "two_rank_machine": machine_name,
            "simulated": simulated(a, bambooc, build, launch, machine), "size": a.size, "runs": a.runs}


def _metg_cell(r) -> str:
    import metg as m
    return m.cell(r)


def hidden_share(net: dict):
    flight = net.get("flight_ns") or 0.0
    return (net.get("hidden_ns", 0.0) / flight) if flight > 0 else None


def section(data: dict, info: dict, elapsed=None) -> str:
    L = [TITLE, ""]
    w = L.append
    if elapsed is not None:
        w(f"Generated by `python3 benchmarks/harness.py --only cluster --size {data['size']} --runs "
          f"{data['runs']}` on {info['date']} in {elapsed / 60:.1f} minutes, a run of its own; load average "
          f"{info['load_start']} at the start, {info.get('load_end')} at the end; bambooc at git "
          f"{info['bambooc_rev']}.\n")
    w("### Jacobi-3D and Cannon at 2 ranks (`benchmarks/cluster.py`)\n")
    m = data["measured"]
    if "na" in m:
        w(f"not available: {m['na']}\n")
    else:
        w(f"Medians of {m['runs']} alternating runs at {m['ranks']} ranks (Bamboo shared: `--cores "
          f"{m['ranks']}`; Bamboo MPI: `--mpi`, {m['ranks']} ranks of one core; MPI jobs under `mpirun "
          "--oversubscribe`), wall seconds; ratios as measured and with the launch of an empty MPI job "
          "taken off every MPI job. Goals: Bamboo/MPI-basic at most 1.0, Bamboo/MPI-overlap at most 1.05.\n")
        for name, r in m["results"].items():
            w(f"{name} `{' '.join(r['args'])}`:\n")
            w("| version | wall s | CPU s |")
            w("| --- | --- | --- |")
            for v, t in r["median_wall"].items():
                w(f"| {v} | {t:.3f} | {r['median_cpu'][v]:.3f} |")
            w(f"| launch (empty MPI job) | {r['median_launch']:.3f} | |\n")
            w("| ratio | wall | less launch | CPU | goal |")
            w("| --- | --- | --- | --- | --- |")
            for k, x in r["ratios"].items():
                goal = GOALS.get(k)
                ok = "met" if goal is not None and x <= goal else "not met"
                w(f"| {k} | {x:.3f} | {r['ratios_less_launch'][k]:.3f} | {r['cpu_ratios'][k]:.3f} | "
                  f"{goal} ({ok}) |")
            w("")
        w("![Bamboo over MPI at 2 ranks](plots/cluster.svg)\n")
    w("### Task Bench METG on 2 cores (`benchmarks/metg.py`)\n")
    g = data["metg"]
    if "na" in g:
        w(f"not available: {g['na']}\n")
    else:
        systems = [s for s in ("Bamboo shared", "Bamboo MPI", "Task Bench MPI", "Task Bench OpenMP")
                   if any(s in row for row in g["results"].values())]
        w(f"METG in microseconds (the task granularity at 50% efficiency; width {g['width']}, {g['steps']} "
          f"steps, compute_bound kernel, fastest of {g['runs']} runs per size). Task Bench's figures are "
          "local measurements on this machine. Goal: Bamboo shared no higher than the better peer.\n")
        w("| pattern | " + " | ".join(systems) + " | goal |")
        w("| --- |" + " --- |" * (len(systems) + 1))
        for pattern, row in g["results"].items():
            peers = [row.get(s) for s in ("Task Bench MPI", "Task Bench OpenMP")]
            peer = min((p["metg_us"] for p in peers if p and p.get("bound") != "-"), default=None)
            mine = row.get("Bamboo shared")
            ok = "-" if mine is None or peer is None or mine.get("bound") == "-" else \
                ("met" if mine["metg_us"] <= peer else "not met")
            w(f"| {pattern} | " + " | ".join(_metg_cell(row.get(s)) for s in systems) + f" | {ok} |")
        if g.get("problem"):
            w(f"\nProblems: {g['problem']}")
        w("")
    w("### The simulator against the 2-rank runs, and 16 nodes x 16 cores\n")
    sims = data["simulated"]
    machine = data.get("two_rank_machine", "the built-in `cluster:2x1`")
    w(f"Each benchmark profiled once on one core; `bambooc sim --machine M --cores 2` chooses a "
      f"layout (M: {machine}), the `--mpi` build runs it at 2 ranks (`BAMBOO_LAYOUT`; median of the runs less the "
      f"launch of an empty MPI job, as above), and the estimate is compared "
      f"(goal: within {SIM_ERROR_GOAL:.0%}). Then `bambooc sim --machine {BIG} --cores 1,256` on a profile "
      "at the size in the table: speedup, and the share of the time objects spent in flight between nodes "
      f"during which their destination core ran invocations (goal: at least {HIDDEN_GOAL:.0%}).\n")
    w("| benchmark | 2 ranks: estimate s | measured s | error | size | 1 core s | 256 cores s | speedup "
      "| cores used | between nodes | hidden | goal |")
    w("| --- |" + " --- |" * 11)
    for name, r in sims.items():
        if "na" in r:
            why = " ".join(r["na"].split()).replace("|", "\\|")  # one table cell
            w(f"| {name} | not available: {why} |" + " |" * 10)
            continue
        t, b = r["two_ranks"], r["big"]
        err = (t["estimate_s"] - t["measured_s"]) / t["measured_s"] if t["estimate_s"] else None
        share = hidden_share(b["network"])
        speed = b["one_s"] / b["many_s"] if b["one_s"] and b["many_s"] else None
        w(f"| {name} | {t['estimate_s']:.3f} | {t['measured_s']:.3f} | "
          f"{'-' if err is None else f'{err:+.1%}'} | `{' '.join(b['args'])}` | {b['one_s']:.3f} | "
          f"{b['many_s']:.3f} | {'-' if speed is None else f'{speed:.2f}x'} | {b['used_cores'] or '-'} | "
          f"{b['network'].get('messages', 0)} objects, {b['network'].get('bytes', 0) / 1e6:.1f} MB | "
          f"{'-' if share is None else f'{share:.0%}'} | "
          f"{'met' if share is not None and share >= HIDDEN_GOAL else 'not met'} |")
    w("\n![communication hidden on cluster:16x16](plots/hidden.svg)\n")
    return "\n".join(L)


def write_alone(out_dir: Path, text: str, data: dict) -> None:
    """`--only cluster`: section 7 of out_dir/RESULTS.md replaced in place,
    and results.json's "cluster"."""
    write_section_alone(out_dir, TITLE, text, "cluster", data)
