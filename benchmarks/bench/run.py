"""Running programs: wall and CPU time of one run, the environment of an
mpirun, the load average, and the profiling build's median profile (the
rule of the measured times)."""

import json
import os
import resource
import shutil
import subprocess
import time
from pathlib import Path

from .stats import median_index


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


def mpi_env() -> dict:
    """The environment for mpirun: Open MPI refuses root without these."""
    env = dict(os.environ)
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    return env


def load() -> str:
    """The load average (1, 5 and 15 minutes), to print beside timings."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


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


def median_profile(exe, args, cwd, out: Path, runs: int, env=None, timeout=None, status=0) -> dict:
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
    Raises RuntimeError (as run_cmd) when a run ends with another exit
    status than `status`."""
    totals = []
    paths = []
    for i in range(max(1, runs)):
        path = out.with_name(f"{out.stem}.{i + 1}{out.suffix}")
        proc = subprocess.run([*exe, *args], cwd=cwd, env=dict(env or os.environ, BAMBOO_PROFILE_OUT=str(path)),
                              capture_output=True, text=True, timeout=timeout)
        if proc.returncode != status:
            raise RuntimeError(f"{' '.join(map(str, exe))} exited with {proc.returncode}\n{proc.stderr[-2000:]}")
        totals.append(json.loads(path.read_text())["total_ns"])
        paths.append(path)
    chosen = median_index(totals)
    shutil.copyfile(paths[chosen], out)
    return {"totals_ns": totals, "chosen": chosen}
