"""harness_env.py — the harness's surroundings: the features of the
bambooc at hand, the machine, the runtime microbenchmarks and the plots
(harness.py is the command)."""

import datetime
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

from harness_common import HERE, ROOT, log

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
