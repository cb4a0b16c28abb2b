"""harness_bench.py — one benchmark's part of the harness's full report:
builds, profiles, synthesis, validation and timed rounds (harness.py is
the command)."""

import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import harness_java
from bench.build import build
from bench.outputs import resolve_inputs, size_args
from bench.run import median_profile
from bench.sim import sim_rows
from bench.stats import median_index
from harness_common import HERE, PROFILED, base_programs, log, na, run_once, time_rounds, validate

# ---------------------------------------------------------------- per benchmark

def bench_one(name, a, bambooc, feats, build_dir, n):
    d = HERE / name
    sizes = tomllib.loads((d / "sizes.toml").read_text())
    size = a.size
    dsize = "double" if size == "full" else f"{size}_double"
    args = size_args(sizes, size)
    dargs = size_args(sizes, dsize)
    r = {"name": name, "args": " ".join(args or []), "double_args": " ".join(dargs or []),
         "problems": [], "notes": []}
    if args is None:
        r["problems"].append(f"no size {size!r} in sizes.toml")
        return r
    log(f"== {name} {' '.join(args)} ({size}); doubled: {' '.join(dargs or ['-'])}")
    args = resolve_inputs(d, sizes, args, build_dir)
    if dargs is not None:
        dargs = resolve_inputs(d, sizes, dargs, build_dir)
    b = build_dir / name
    b.mkdir(parents=True, exist_ok=True)
    src = str(d / f"{name}.bb")
    bb = [bambooc, "-O2", "--no-bounds-checks", src]

    # Programs to time: label -> (command, environment, arguments).
    progs = base_programs(name, a, bb, feats, b, d, args, n, r, omp=True)
    if progs is None:
        return r
    progs.update(harness_java.java_programs(a, d, b, args, n, r))

    # Profiles: a --profile-gen build, run --profile-runs times at the size and at the
    # doubled size; the median run gives the profile.
    profiles = {}
    if feats["profile_gen"]:
        if build(bb + ["--profile-gen", "-o", str(b / "bbprof")]):
            for key, xargs in (("size", args), ("double", dargs)):
                if xargs is None:
                    continue
                out = b / f"{name}.{key}.profile"
                try:
                    profiled = median_profile([str(b / "bbprof")], xargs, d, out, a.profile_runs,
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
        cmd = [bambooc, "sim", src, "--profile", prof, "--cores", f"1,{n}", "--format", "json", "-o", str(stem)]
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
            if build(bb + ["--layout", str(layout), "-o", str(b / "bbn_synth")]):
                progs["Bamboo N synth"] = ([str(b / "bbn_synth")], None, args)
            else:
                r["problems"].append("build with the synthesised layout failed")
        elif feats["profile"] and feats["cores"]:
            if build(bb + ["--profile", prof, "--cores", str(n), "-o", str(b / "bbn_synth")]):
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
                        built = build(bb + ["--layout", f"{lay}.layout.json", "-o", str(exe)])
                    except (RuntimeError, subprocess.TimeoutExpired) as e:
                        r["problems"].append(f"synthesis from the {key} profile failed: {str(e)[:300]}")
                elif feats["profile"] and feats["cores"]:
                    built = build(bb + ["--profile", str(profiles[key]), "--cores", str(n), "-o", str(exe)])
                if built:
                    progs[label] = ([str(exe)], None, dargs)
            if "gen orig-profile" not in progs and "gen double-profile" not in progs:
                del progs["C double"]
        # Section 3: the 62-core tilepro64 estimate; section 4: its synthesis time.
        try:
            _, text = run_once([bambooc, "sim", src, "--profile", prof, "--machine", "tilepro64",
                                "--cores", "62", "--format", "json"], d, timeout=a.timeout)
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

    validate(progs, r, sizes, size, dsize, args, d)
    timed_profiles = []

    def round_env(label, env, i):
        """The profiling build writes each timed round's profile apart."""
        if label != PROFILED:
            return env
        timed_profiles.append(b / f"{name}.timed.{i + 1}.profile")
        return dict(env, BAMBOO_PROFILE_OUT=str(timed_profiles[-1]))

    i = time_rounds(progs, r, a, n, d, round_env)
    if PROFILED in progs and len(r["times"][PROFILED]) == i:
        timed_estimates(r, a, bambooc, src, d, timed_profiles, n)
    for label, t in sorted(r["median"].items()):
        log(f"  {label:20s} {t:9.3f} s")
    for p in r["problems"]:
        log(f"  PROBLEM: {p}")
    return r


def timed_estimates(r, a, bambooc, src, d, paths, n):
    """Section 2's estimates: `bambooc sim` on the median (by total_ns) of the
    profiles written in the timed rounds, at 1 core and with the synthesised
    layout the N-core build was given. A profile taken in the same rounds as
    the runs it is compared with shares their conditions; the profiles taken
    before synthesis came minutes earlier, and on a shared machine the load
    can differ between the two (they are kept, as the second estimate)."""
    totals = [json.loads(path.read_text())["total_ns"] for path in paths]
    chosen = paths[median_index(totals)]
    r["timed_profile"] = {"path": str(chosen), "totals_s": [t / 1e9 for t in totals]}
    runs = {"smp1": ["--cores", "1"]}
    if r.get("synth_layout"):
        runs[f"smp{n}"] = ["--layout", r["synth_layout"]]
    est = {}
    try:
        for key, how in runs.items():
            _, text = run_once([bambooc, "sim", src, "--profile", str(chosen), *how, "--format", "json"], d,
                               timeout=a.timeout)
            rows = sim_rows(text)
            if rows:
                est[key] = rows[0]
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        r["problems"].append(f"bambooc sim on the timed rounds' profile failed: {str(e)[:300]}")
    r["sim_timed"] = est
