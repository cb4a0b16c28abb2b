//! The `bambooc` binary on the inputs a user can throw at it: each must give
//! a clear error and exit status 1, never a panic, a stack overflow or a
//! hang.

use common::ScopedPath;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;

// Diagnostics' summary and JSON, standard input, `-v`, `--emit c`.
#[path = "cli/usability.rs"]
mod usability;
// Stack overflow and signals.
#[path = "cli/runtime_ends.rs"]
mod runtime_ends;
// Every kind of driver failure as JSON.
#[path = "cli/json_failures.rs"]
mod json_failures;

/// The JSON objects of `--error-format json` output, one per line.
fn json_lines(stderr: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: not JSON: {l}")))
        .collect()
}

fn bambooc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(args)
        .output()
        .expect("run bambooc")
}

/// A file of `bytes` in a temporary folder of its own (removed on drop).
fn temp_file(name: &str, bytes: &[u8]) -> ScopedPath {
    let p = ScopedPath::new("bambooc-cli-", name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn check_file(name: &str, bytes: &[u8]) -> (i32, String) {
    let p = temp_file(name, bytes);
    let start = Instant::now();
    let out = bambooc(&["check", "--color", "never", p.to_str().unwrap()]);
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{name}: took {:?}",
        start.elapsed()
    );
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{name}: panicked:\n{stderr}");
    assert!(
        !stderr.contains("overflow"),
        "{name}: overflowed:\n{stderr}"
    );
    (out.status.code().unwrap_or(-1), stderr)
}

#[test]
fn missing_file() {
    let out = bambooc(&["check", "/nonexistent/prog.bb"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("E0011") && err.contains("no such file"),
        "{err}"
    );
}

#[test]
fn directory_as_file() {
    let dir = std::env::temp_dir();
    let out = bambooc(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a directory"));
}

#[test]
fn invalid_utf8() {
    let (code, err) = check_file("bad-utf8.bb", b"class A { }\n\xff\xfe task");
    assert_eq!(code, 1);
    assert!(err.contains("E0010") && err.contains("0xff"), "{err}");
}

#[test]
fn empty_file_is_a_program_with_no_tasks() {
    // Valid, but it would run nothing: warning W0005, status 0.
    let (code, err) = check_file("empty.bb", b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("[W0005] Warning: the program has no startup task"),
        "{err}"
    );
    assert!(err.ends_with("warning: 1 warning emitted\n"), "{err}");
}

#[test]
fn nul_bytes() {
    let (code, err) = check_file("nul.bb", &[0u8; 4096]);
    assert_eq!(code, 1);
    assert!(err.contains("E0003"), "{err}");
}

#[test]
fn deeply_nested_parentheses() {
    let mut src = String::from("class A { int f() { return ");
    src.push_str(&"(".repeat(100_000));
    src.push('1');
    src.push_str(&")".repeat(100_000));
    src.push_str("; } }");
    let (code, err) = check_file("nested.bb", src.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("E0009"), "{err}");
}

#[test]
fn ten_megabyte_line() {
    let mut src = String::from("class A { int f() { return 1");
    while src.len() < 10_000_000 {
        src.push_str("+1");
    }
    src.push_str("; } }");
    let (code, err) = check_file("long.bb", src.as_bytes());
    // Either accepted or rejected as too deep, but answered.
    assert!(code == 0 || err.contains("E0009"), "{code}: {err}");
}

/// `n` copies of `term` joined by `op`.
fn chain(term: &str, op: &str, n: usize) -> String {
    vec![term; n].join(op)
}

/// Long flat operator chains go through every stage linearly: a
/// 100,000-term sum (and a constant one, a long one promoted midway, a
/// 100,000-term `&&` chain) compiles to flat C and runs; a 100,000-part
/// concatenation of Strings passes every analysis (`check --emit locks`)
/// and a 5,000-part one compiles and runs.
#[test]
fn hundred_thousand_term_chains_compile_and_run() {
    const N: usize = 100_000;
    let body = format!(
        "int a = {};\n int b = {};\n long c = {} + 2L + {};\n boolean d = {};\n String e = {};\n",
        chain("x", " + ", N),
        chain("1", " + ", N),
        chain("x", " - ", N / 2),
        chain("x", " - ", N / 2),
        chain("x > 0", " && ", N),
        chain("s", " + ", 5_000),
    );
    let src = format!(
        "class Big {{\n static void run(int x, String s) {{\n {body} \
         System.printString(a + \" \" + b + \" \" + c + \" \" + d + \" \" + e.length() + \"\\n\");\n }}\n}}\n\
         task startup(StartupObject s in initialstate) {{\n Big.run(3, \"ab\");\n \
         taskexit(s: initialstate := false);\n}}\n"
    );
    let p = temp_file("sum100k.bb", src.as_bytes());
    let out = bambooc(&["run", p.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // x - x - ... (N/2 terms), + 2 + x, - x - ... (N/2 - 1 more), x = 3.
    let half = (N / 2) as i64;
    let c = 3 - 3 * (half - 1) + 2 + 3 - 3 * (half - 1);
    let want = format!("{} {N} {c} true 10000\n", 3 * N);
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);

    let concat = src.replace(&chain("s", " + ", 5_000), &chain("s", " + ", N));
    let (code, err) = check_file("concat100k.bb", concat.as_bytes());
    assert_eq!(code, 0, "{err}");
    let p = temp_file("concat100k.bb", concat.as_bytes());
    let locks = p.with_extension("");
    let out = bambooc(&[
        "check",
        "--emit",
        "locks",
        "-o",
        locks.to_str().unwrap(),
        p.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn no_input_files() {
    let out = bambooc(&["check"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no input files"));
}

#[test]
fn explain_known_and_unknown_codes() {
    let out = bambooc(&["--explain", "E0400"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("E0400"));
    let out = bambooc(&["--explain", "E9999"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn json_error_format() {
    let p = temp_file("json.bb", b"class A { void f() { int x = \"s\"; } }");
    let out = bambooc(&["check", "--error-format", "json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    let v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(v["code"], "E0200");
    assert_eq!(v["labels"][0]["line"], 1);
}

#[test]
fn warnings_keep_status_zero_and_appear_in_json() {
    let src = b"class Job { flag ready; }\n\
task startup(StartupObject s in initialstate) { new Job() { ready := true }; taskexit(s: initialstate := false); }\n\
task work(Job j in ready) { }\n";
    let p = temp_file("loops.bb", src);
    let (status, stderr) = check_file("loops.bb", src);
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("[W0002] Warning"), "{stderr}");
    let out = bambooc(&["check", "--error-format", "json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let line = String::from_utf8_lossy(&out.stderr).into_owned();
    let v: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON object");
    assert_eq!(v["severity"], "warning");
    assert_eq!(v["code"], "W0002");
}

#[test]
fn emit_astg_and_cstg_write_dot_files() {
    let src = b"class Job { flag ready; }\n\
task startup(StartupObject s in initialstate) { new Job() { ready := true }; taskexit(s: initialstate := false); }\n\
task work(Job j in ready) { taskexit(j: ready := false); }\n";
    let p = temp_file("emit_graphs.bb", src);
    let stem = p.with_extension("");
    let out = bambooc(&[
        "check",
        "--emit",
        "astg,cstg",
        "-o",
        stem.to_str().unwrap(),
        p.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cstg = std::fs::read_to_string(format!("{}.cstg.dot", stem.display())).unwrap();
    assert!(
        cstg.contains("[label=\"Job{ready}\", peripheries=2]"),
        "{cstg}"
    );
    assert!(cstg.contains("style=dashed"), "{cstg}");
    let astg = std::fs::read_to_string(format!("{}.astg.dot", stem.display())).unwrap();
    assert!(astg.contains("label=\"work:1\""), "{astg}");
}

#[test]
fn profile_gen_builds_run_on_one_core() {
    let p = temp_file(
        "one_core.bb",
        b"task startup(StartupObject s in initialstate) { taskexit(s: initialstate := false); }\n",
    );
    let out_path = p.with_extension("exe");
    for extra in [&["--cores", "4"][..], &["--layout", "missing.json"][..]] {
        let mut args = vec!["build", "--profile-gen", p.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["-o", out_path.to_str().unwrap()]);
        let out = bambooc(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {stderr}");
        assert!(
            stderr.contains("`--profile-gen` builds run on one core"),
            "{extra:?}: {stderr}"
        );
    }
}

// ---- build folders, the runtime cache and output paths (issue 30) ----

const HELLO: &[u8] = b"task t(StartupObject s in initialstate) {\n  System.out.println(\"hi\");\n  taskexit(s: initialstate := false);\n}\n";

/// A fresh folder holding `p.bb` (HELLO), with its own `tmp/` (TMPDIR) and
/// `xdg/` (XDG_CACHE_HOME), so each test sees only its own build folders
/// and runtime cache.
fn sandbox(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix(&format!("bambooc-cli-{name}-"))
        .tempdir()
        .unwrap();
    for sub in ["tmp", "xdg"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
    }
    let src = dir.path().join("p.bb");
    std::fs::write(&src, HELLO).unwrap();
    (dir, src)
}

/// bambooc with TMPDIR and XDG_CACHE_HOME inside the sandbox.
fn sandboxed(dir: &std::path::Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_bambooc"));
    c.env("TMPDIR", dir.join("tmp"))
        .env("XDG_CACHE_HOME", dir.join("xdg"))
        .current_dir(dir);
    c
}

fn stderr_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every file under `dir` whose name ends with `suffix`.
fn files_ending(dir: &std::path::Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                found.push(p);
            }
        }
    }
    found
}

#[test]
fn damaged_runtime_object_is_rebuilt() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, _src) = sandbox("cache");
    let out = sandboxed(dir.path())
        .args(["p.bb", "-o", "p"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let root = dir.path().join("xdg/bambooc");
    let mode = std::fs::metadata(&root).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "the cache folder must be private");
    let objects = files_ending(&root, ".o");
    assert!(
        !objects.is_empty(),
        "no runtime object under {}",
        root.display()
    );
    for o in &objects {
        std::fs::write(o, b"").unwrap();
    }
    let out = sandboxed(dir.path())
        .args(["p.bb", "-o", "p"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let run = Command::new(dir.path().join("p")).output().unwrap();
    assert_eq!(run.stdout, b"hi\n");
    for o in &objects {
        assert!(
            std::fs::metadata(o).unwrap().len() > 0,
            "{} not rebuilt",
            o.display()
        );
    }
}

#[test]
fn unwritable_cache_falls_back_to_a_private_runtime() {
    let (dir, _src) = sandbox("nocache");
    // XDG_CACHE_HOME names a file: no cache folder can be made there.
    std::fs::write(dir.path().join("file"), b"").unwrap();
    let out = sandboxed(dir.path())
        .env("XDG_CACHE_HOME", dir.path().join("file"))
        .args(["p.bb", "-o", "p"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("compiled for this build only"), "{err}");
    let run = Command::new(dir.path().join("p")).output().unwrap();
    assert_eq!(run.stdout, b"hi\n");
}

#[test]
fn failed_builds_remove_their_build_folder() {
    let (dir, _src) = sandbox("failed");
    let out = sandboxed(dir.path())
        .env("CC", "false")
        .args(["p.bb", "-o", "p"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let left: Vec<_> = std::fs::read_dir(dir.path().join("tmp"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("bambooc-build"))
        .collect();
    assert!(left.is_empty(), "build folders left behind: {left:?}");
}

#[test]
fn output_path_errors_name_their_cause() {
    let (dir, src) = sandbox("output");
    let before = std::fs::read(&src).unwrap();
    // (arguments, environment, what the error must say)
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 4] = [
        (&["-o", "nodir/p"], &[], "the folder `nodir` does not exist"),
        (&["-o", "p.bb"], &[], "is the input file"),
        (&["-o", "tmp"], &[], "it is a folder"),
        (
            &["-o", "p"],
            &[("CC", "false")],
            "`false` does not work as a C compiler",
        ),
    ];
    for (args, env, want) in cases {
        let mut cmd = sandboxed(dir.path());
        cmd.arg("p.bb").args(args).envs(env.iter().copied());
        let out = cmd.output().unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: wanted `{want}` in:\n{err}");
        assert!(!err.contains("internal compiler error"), "{args:?}: {err}");
    }
    assert_eq!(
        std::fs::read(&src).unwrap(),
        before,
        "the source was overwritten"
    );
}

/// A second user for the tests that need another owner: created when the
/// tests run as root (`useradd`), else `None` and the test says it skipped.
fn second_user(test: &str) -> Option<(u32, u32)> {
    const NAME: &str = "bambooc-test30";
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, NAME]).output().ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if !root {
        eprintln!("{test}: skipped: needs root to create a second user");
        return None;
    }
    if id("-u").is_none() {
        let _ = Command::new("useradd")
            .args([
                "--system",
                "--no-create-home",
                "--shell",
                "/bin/false",
                NAME,
            ])
            .output();
    }
    match (id("-u"), id("-g")) {
        (Some(u), Some(g)) => Some((u, g)),
        _ => {
            eprintln!("{test}: skipped: cannot create the user {NAME} (useradd)");
            None
        }
    }
}

#[test]
fn cache_folder_of_another_user_is_refused() {
    let Some((uid, gid)) = second_user("cache_folder_of_another_user_is_refused") else {
        return;
    };
    let (dir, _src) = sandbox("owner");
    let planted = dir.path().join("xdg/bambooc");
    std::fs::create_dir(&planted).unwrap();
    std::os::unix::fs::chown(&planted, Some(uid), Some(gid)).unwrap();
    let out = sandboxed(dir.path())
        .args(["p.bb", "-o", "p"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("owned by another user"), "{err}");
    assert!(!dir.path().join("p").exists());
}

#[test]
fn planted_build_folders_are_never_used() {
    let Some((uid, gid)) = second_user("planted_build_folders_are_never_used") else {
        return;
    };
    let (dir, _src) = sandbox("planted");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, b"precious\n").unwrap();
    // The other user plants folders under every name the next few hundred
    // processes would have used, each with `program.c` pointing at the
    // victim.
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    for pid in last + 1..last + 400 {
        for what in ["build", "run"] {
            let d = dir.path().join(format!("tmp/bambooc-{what}-{pid}-0"));
            std::fs::create_dir(&d).unwrap();
            let link = d.join(if what == "build" { "program.c" } else { "p" });
            std::os::unix::fs::symlink(&victim, &link).unwrap();
            std::os::unix::fs::lchown(&link, Some(uid), Some(gid)).unwrap();
            std::os::unix::fs::chown(&d, Some(uid), Some(gid)).unwrap();
        }
    }
    for args in [&["p.bb", "-o", "p"][..], &["run", "p.bb"][..]] {
        let out = sandboxed(dir.path()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious\n", "{args:?}");
    }
}

#[test]
fn read_only_output_folder_is_reported() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let as_other = second_user("read_only_output_folder_is_reported");
    let (dir, _src) = sandbox("readonly");
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let mut cmd = sandboxed(dir.path());
    if let Some((uid, gid)) = as_other {
        // Root writes anywhere: the build runs as the other user, with a
        // sandbox of its own.
        for p in [dir.path(), &dir.path().join("tmp"), &dir.path().join("xdg")] {
            std::os::unix::fs::chown(p, Some(uid), Some(gid)).unwrap();
        }
        cmd.uid(uid).gid(gid);
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let out = cmd.args(["p.bb", "-o", "ro/p"]).output().unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write `ro/p`: permission denied"),
        "{err}"
    );
    assert!(!err.contains("internal compiler error"), "{err}");
}

#[test]
fn completions_and_the_man_page_are_generated() {
    for (shell, marker) in [
        ("bash", "complete "),
        ("zsh", "#compdef bambooc"),
        ("fish", "complete -c bambooc"),
    ] {
        let out = bambooc(&["completions", shell]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{shell}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains(marker), "{shell}: no `{marker}`:\n{text}");
        for sub in ["check", "calibrate", "lsp", "--emit"] {
            assert!(text.contains(sub), "{shell}: `{sub}` is not completed");
        }
    }
    let out = bambooc(&["man"]);
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        page.starts_with(".ie") || page.contains(".TH bambooc"),
        "{page}"
    );
    assert!(page.contains(".TH bambooc 1"), "{page}");
    assert!(
        page.contains("lsp") && page.contains("completions"),
        "{page}"
    );
    // An unknown shell is a usage error that lists the shells.
    let out = bambooc(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bash"));
}

#[test]
fn a_misspelt_subcommand_is_suggested_not_read_as_a_file() {
    let out = bambooc(&["chek", "prog.bb"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("unrecognized subcommand `chek`"), "{err}");
    assert!(err.contains("`check`"), "{err}");
    // A file of that name is still a file.
    let p = temp_file("chek", b"class A {}\n");
    let dir = p.parent().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .current_dir(dir)
        .args(["chek", "-o", "/dev/null/x"])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("unrecognized subcommand"),
        "an existing file named like a subcommand is compiled"
    );
}

#[test]
fn help_lists_every_emit_kind_the_environment_and_no_profile_gen_for_sim() {
    let help = String::from_utf8_lossy(&bambooc(&["build", "-h"]).stdout).into_owned();
    assert!(
        help.contains("ast, hir, c, astg, cstg, markov, layout, sim-trace, locks"),
        "{help}"
    );
    assert!(help.contains("--profile-gen"), "{help}");
    let top = String::from_utf8_lossy(&bambooc(&["--help"]).stdout).into_owned();
    for var in [
        "Environment:",
        "CC ",
        "NO_COLOR",
        "BAMBOOC_TIME_PASSES",
        "BAMBOO_CORES",
    ] {
        assert!(top.contains(var), "`{var}` missing from --help:\n{top}");
    }
    let sim = String::from_utf8_lossy(&bambooc(&["sim", "-h"]).stdout).into_owned();
    assert!(
        sim.contains("--profile <FILE>") && !sim.contains("--profile-gen\n"),
        "{sim}"
    );
    let out = bambooc(&["sim", "--profile-gen", "x.bb"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("reads a profile"));
}

#[test]
fn version_names_the_commit() {
    let out = bambooc(&["--version"]);
    let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let inner = text
        .strip_prefix(concat!("bambooc ", env!("CARGO_PKG_VERSION"), " ("))
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not `bambooc VERSION (COMMIT)`: {text}"));
    assert!(
        inner == "unknown commit"
            || (inner.len() == 12 && inner.bytes().all(|b| b.is_ascii_hexdigit())),
        "{text}"
    );
}
