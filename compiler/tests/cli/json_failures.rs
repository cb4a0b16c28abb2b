//! Every kind of failure the driver meets outside the source text, under
//! `--error-format json` (issue 34): each line on stderr is one JSON
//! object, and the failure is one of them with its own code, severity and
//! message. The warnings, notes and `-v` lines printed around a build are
//! objects too, and so are the errors of `bambooc calibrate`, `run` and
//! `man`.

use super::{json_lines, sandbox, sandboxed, stderr_of};
use std::path::Path;
use std::process::{Command, Output};

/// Asserts that every stderr line of `out` is JSON and that one object has
/// `code` and `severity` and a message containing `message`.
fn assert_reported(
    what: &str,
    out: &Output,
    status: i32,
    code: &str,
    severity: &str,
    message: &str,
) {
    let err = stderr_of(out);
    assert_eq!(out.status.code(), Some(status), "{what}: {err}");
    let diags = json_lines(&out.stderr);
    let found = diags.iter().any(|d| {
        d["code"] == code
            && d["severity"] == severity
            && d["message"].as_str().is_some_and(|m| m.contains(message))
    });
    assert!(
        found,
        "{what}: no {severity} {code} saying `{message}` in:\n{err}"
    );
    assert!(!err.contains("panicked"), "{what}: {err}");
}

/// `bambooc` in the sandbox `dir` with `env` set.
fn run_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    sandboxed(dir)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

/// An original-dialect program with a global variable, which `--mpi`
/// refuses (one value per rank).
const GLOBALS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/run/original_globals.bb"
);

#[test]
fn every_driver_failure_is_one_json_object() {
    let (dir, _) = sandbox("json-failures");
    let d = dir.path();
    std::fs::write(d.join("bad.json"), b"{}").unwrap();
    let params: Vec<String> = (0..17).map(|i| format!("A a{i} in f")).collect();
    let wide = format!(
        "class A {{ flag f; }}\ntask startup(StartupObject s in initialstate) {{ taskexit(s: initialstate := false); }}\ntask wide({}) {{ taskexit(a0: f := false); }}\n",
        params.join(", ")
    );
    std::fs::write(d.join("wide.bb"), wide).unwrap();
    // A build's arguments, or a subcommand's: `--error-format json` first.
    let build = |extra: &[&str]| -> Vec<String> {
        ["--error-format", "json"]
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect()
    };
    let sub = |name: &str, extra: &[&str]| -> Vec<String> {
        let mut args = vec![name.to_string()];
        args.extend(build(extra));
        args
    };
    // (what, arguments, environment, status, code, message)
    type Case<'a> = (
        &'a str,
        Vec<String>,
        &'a [(&'a str, &'a str)],
        i32,
        &'a str,
        &'a str,
    );
    let cases: Vec<Case> = vec![
        (
            "no input",
            sub("check", &[]),
            &[],
            1,
            "E0700",
            "no input files",
        ),
        (
            "explain",
            build(&["--explain", "E9999"]),
            &[],
            1,
            "E0700",
            "`E9999` is not a bambooc diagnostic code",
        ),
        (
            "profile-gen cores",
            build(&["--profile-gen", "--cores", "4", "p.bb", "-o", "p"]),
            &[],
            1,
            "E0700",
            "`--profile-gen` builds run on one core; remove `--cores 4`",
        ),
        (
            "sim profile",
            sub("sim", &["p.bb"]),
            &[],
            1,
            "E0700",
            "needs `--profile FILE`",
        ),
        (
            "sim profile-gen",
            sub("sim", &["--profile-gen", "p.bb"]),
            &[],
            2,
            "E0700",
            "reads a profile",
        ),
        (
            "no folder",
            build(&["p.bb", "-o", "nodir/p"]),
            &[],
            1,
            "E0701",
            "the folder `nodir` does not exist",
        ),
        (
            "input",
            build(&["p.bb", "-o", "p.bb"]),
            &[],
            1,
            "E0701",
            "is the input file",
        ),
        (
            "folder",
            build(&["p.bb", "-o", "tmp"]),
            &[],
            1,
            "E0701",
            "it is a folder",
        ),
        (
            "emit",
            sub("check", &["--emit", "ast", "-o", "nodir/p", "p.bb"]),
            &[],
            1,
            "E0701",
            "cannot write `nodir/p.ast.txt`: no such file or folder",
        ),
        (
            "layout file",
            build(&["--layout", "none.json", "p.bb", "-o", "p"]),
            &[],
            1,
            "E0701",
            "cannot read layout `none.json`: no such file or folder",
        ),
        (
            "bad layout",
            build(&["--layout", "bad.json", "p.bb", "-o", "p"]),
            &[],
            1,
            "E0620",
            "layout `bad.json`",
        ),
        (
            "profile file",
            build(&["--profile", "none.profile", "p.bb", "-o", "p"]),
            &[],
            1,
            "E0600",
            "cannot read profile `none.profile`",
        ),
        (
            "build folder",
            build(&["p.bb", "-o", "p"]),
            &[("TMPDIR", "/nonexistent/tmp")],
            1,
            "E0701",
            "cannot create a build folder in `/nonexistent/tmp`",
        ),
        (
            "CC=false",
            build(&["p.bb", "-o", "p"]),
            &[("CC", "false")],
            1,
            "E0702",
            "`false` does not work as a C compiler",
        ),
        (
            "no CC",
            build(&["p.bb", "-o", "p"]),
            &[("CC", "/nonexistent/cc")],
            1,
            "E0702",
            "cannot run the C compiler `/nonexistent/cc`",
        ),
        (
            "no MPICC",
            build(&["--mpi", "p.bb", "-o", "p"]),
            &[("MPICC", "/nonexistent/mpicc")],
            1,
            "E0702",
            "`/nonexistent/mpicc`, which was not found",
        ),
        (
            "codegen limit",
            build(&["wide.bb", "-o", "wide"]),
            &[],
            1,
            "E0704",
            "task `wide` has more than 16 parameters",
        ),
        (
            "mpi refusal",
            build(&["--dialect", "original", "--mpi", GLOBALS, "-o", "t"]),
            &[],
            1,
            "E0705",
            "does not support the original dialect's global variables",
        ),
        (
            "run",
            sub("run", &["p.bb"]),
            &[("CC", "false")],
            1,
            "E0702",
            "does not work as a C compiler",
        ),
        (
            "run folder",
            sub("run", &["p.bb"]),
            &[("TMPDIR", "/nonexistent/tmp")],
            1,
            "E0701",
            "cannot create a build folder",
        ),
        (
            "calibrate",
            sub("calibrate", &["--runs", "1"]),
            &[("CC", "false")],
            1,
            "E0702",
            "does not work as a C compiler",
        ),
        (
            "calibrate --mpi without mpirun",
            sub("calibrate", &["--mpi", "--runs", "1"]),
            &[("MPIRUN", "/nonexistent/mpirun")],
            1,
            "E0706",
            "`calibrate --mpi` cannot start `/nonexistent/mpirun`",
        ),
    ];
    for (what, args, env, status, code, message) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run_in(d, &args, env);
        assert_reported(what, &out, status, code, "error", message);
    }
}

#[test]
fn man_page_errors_are_json() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        eprintln!("man_page_errors_are_json: skipped: no /dev/full");
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(["man", "--error-format", "json"])
        .stdout(full)
        .output()
        .unwrap();
    assert_reported(
        "man",
        &out,
        1,
        "E0701",
        "error",
        "cannot write the manual page to the standard output",
    );
}

#[test]
fn machine_and_profile_errors_of_sim_are_json() {
    let (dir, _) = sandbox("json-sim");
    let d = dir.path();
    // A profile of p.bb, from a profiling build run once.
    let out = run_in(d, &["--profile-gen", "p.bb", "-o", "pg"], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let ran = Command::new(d.join("pg"))
        .env("BAMBOO_PROFILE_OUT", d.join("p.profile"))
        .output()
        .unwrap();
    assert!(ran.status.success());
    let sim = |extra: &[&str]| {
        let mut args = vec!["sim", "--error-format", "json", "--profile", "p.profile"];
        args.extend_from_slice(extra);
        args.push("p.bb");
        run_in(d, &args, &[])
    };
    assert_reported(
        "machine",
        &sim(&["--machine", "nosuch"]),
        1,
        "E0621",
        "error",
        "`nosuch` is neither a built-in machine",
    );
    std::fs::write(d.join("ring.toml"), "name = \"r\"\ncores = 2\n[topology]\nkind = \"ring\"\n[costs]\ndispatch_ns = 1\nmessage_base_ns = 1\nmessage_per_hop_ns = 0\nlock_ns = 1\n").unwrap();
    assert_reported(
        "machine file",
        &sim(&["--machine", "ring.toml"]),
        1,
        "E0621",
        "error",
        "topology kind `ring`",
    );
    assert_reported(
        "sim layout",
        &sim(&["--layout", "none.json"]),
        1,
        "E0701",
        "error",
        "cannot read layout `none.json`",
    );
    assert_reported(
        "count hint",
        &sim(&["--count-hint", "nosuch=per-task"]),
        1,
        "E0612",
        "error",
        "`--count-hint` names task `nosuch`",
    );
}

#[test]
fn warnings_notes_and_verbose_lines_are_json() {
    let (dir, _) = sandbox("json-verbose");
    let d = dir.path();
    // XDG_CACHE_HOME names a file: the build goes on without a cache.
    std::fs::write(d.join("file"), b"").unwrap();
    let out = run_in(
        d,
        &[
            "--error-format",
            "json",
            "-v",
            "--cores",
            "2",
            "p.bb",
            "-o",
            "p",
        ],
        &[("XDG_CACHE_HOME", d.join("file").to_str().unwrap())],
    );
    assert_reported(
        "cache",
        &out,
        0,
        "W0700",
        "warning",
        "the runtime is compiled for this build only",
    );
    let diags = json_lines(&out.stderr);
    let notes: Vec<&str> = diags
        .iter()
        .filter(|d| d["severity"] == "note" && d["code"].is_null())
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert_eq!(
        notes.iter().filter(|m| m.starts_with("run: ")).count(),
        3,
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|m| m.starts_with("time: parse")),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|m| m.contains("built for 1 core")),
        "{notes:?}"
    );
}
