//! The `bambooc` binary on the inputs a user can throw at it: each must give
//! a clear error and exit status 1, never a panic, a stack overflow or a
//! hang.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

// Diagnostics' summary and JSON, standard input, `-v`, `--emit c`.
#[path = "cli/usability.rs"]
mod usability;

fn bambooc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(args)
        .output()
        .expect("run bambooc")
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bambooc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
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

// ---- run-time ends: stack overflow and signals (issue 30) ----

/// Builds `src` in a sandbox at `-O<opt>`; returns the sandbox and the
/// executable.
fn built(name: &str, src: &str, opt: &str) -> (tempfile::TempDir, PathBuf) {
    built_with(name, src, &[opt], &[])
}

/// Builds `src` in a sandbox holding `files` (name, contents), with the
/// compiler flags `args`.
fn built_with(
    name: &str,
    src: &str,
    args: &[&str],
    files: &[(&str, &str)],
) -> (tempfile::TempDir, PathBuf) {
    let (dir, _) = sandbox(name);
    std::fs::write(dir.path().join(format!("{name}.bb")), src).unwrap();
    for (file, text) in files {
        std::fs::write(dir.path().join(file), text).unwrap();
    }
    let out = sandboxed(dir.path())
        .arg(format!("{name}.bb"))
        .args(args)
        .args(["-o", name])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let exe = dir.path().join(name);
    (dir, exe)
}

/// Runs `exe` under `timeout` (so a spinning program fails the test).
fn run_limited(exe: &std::path::Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    Command::new("timeout")
        .arg("60")
        .arg(exe)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

const DOWN: &str = "class R {\n  int down(int n) { return down(n + 1) + 1; }\n}\n\
task t(StartupObject s in initialstate) {\n  System.out.println(\"before\");\n  R r = new R();\n  System.out.println(r.down(0));\n  taskexit(s: initialstate := false);\n}\n";

#[test]
fn stack_overflow_is_a_run_time_error() {
    // At -O2 the C compiler used to turn this recursion into a loop that
    // never ended.
    for opt in ["-O0", "-O2"] {
        let (_dir, exe) = built("down", DOWN, opt);
        for cores in ["1", "4"] {
            let out = run_limited(&exe, &[("BAMBOO_CORES", cores)], &[]);
            let err = stderr_of(&out);
            assert_eq!(out.status.code(), Some(1), "{opt}, {cores} cores: {err}");
            assert_eq!(out.stdout, b"before\n", "{opt}, {cores} cores: output lost");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.starts_with("bamboo: error: stack overflow in task t (declared at down.bb:4)"),
                "{opt}, {cores} cores: {err}"
            );
        }
    }
}

/// Unbounded recursion of every shape gcc -O2 can turn into a jump: a call
/// in tail position, two methods calling each other, and a virtual call
/// that reaches an override calling back.
const TAIL_RECURSIONS: [(&str, &str); 3] = [
    ("tail", "class R { int down(int n) { return down(n + 1); } }\n"),
    (
        "mutual",
        "class R { int a(int n) { return b(n + 1); } int b(int n) { return a(n + 2); } int down(int n) { return a(n); } }\n",
    ),
    (
        "virtual",
        "class Q { int step(R r, int n) { return n; } }\n\
class P extends Q { int step(R r, int n) { return r.down(n + 1); } }\n\
class R { Q q; R() { q = new P(); } int down(int n) { return q.step(this, n); } }\n",
    ),
];

#[test]
fn recursion_in_tail_position_overflows_the_stack() {
    for (name, class) in TAIL_RECURSIONS {
        let src = format!(
            "{class}task t(StartupObject s in initialstate) {{\n  R r = new R();\n  System.out.println(r.down(0));\n  taskexit(s: initialstate := false);\n}}\n"
        );
        let (_dir, exe) = built(name, &src, "-O2");
        let out = run_limited(&exe, &[], &[]);
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains("stack overflow in task t"), "{name}: {err}");
    }
}

#[test]
fn stack_overflow_on_core_three_of_four() {
    // A layout that runs the recursing task on core 3 only, the startup
    // task on core 0: the overflow happens on a core other than the one
    // that printed, and must still end the program with its one line.
    let src = "class Job { flag go; int depth; Job(int d) { depth = d; } }\n\
class R { int down(int n) { if (n == 0) return 0; return down(n - 1) + 1; } }\n\
task startup(StartupObject s in initialstate) {\n  System.out.println(\"before\");\n  new Job(1000000000) { go := true };\n  taskexit(s: initialstate := false);\n}\n\
task work(Job j in go) {\n  System.out.println(new R().down(j.depth));\n  taskexit(j: go := false);\n}\n";
    let layout = r#"{"format": "bambooc-layout", "version": 1, "program": "deep3", "machine": "smp",
 "policies": {"startup": "single", "work": "single"},
 "cores": [
  {"tasks": ["startup"], "routes": {"startup": [0], "work": [3]}},
  {"tasks": [], "routes": {"startup": [0], "work": [3]}},
  {"tasks": [], "routes": {"startup": [0], "work": [3]}},
  {"tasks": ["work"], "routes": {"startup": [0], "work": [3]}}]}"#;
    let (_dir, exe) = built_with(
        "deep3",
        src,
        &["--layout", "deep3.layout.json", "-O2"],
        &[("deep3.layout.json", layout)],
    );
    let out = run_limited(&exe, &[], &[]);
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(out.stdout, b"before\n", "output lost: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("bamboo: error: stack overflow in task work (declared at deep3.bb:8)"),
        "{err}"
    );
}

#[test]
fn stack_overflow_on_any_core_and_bamboo_stack() {
    // Eight objects recurse as deep as the argument says, one task each,
    // spread over the cores.
    let src = "class Job { flag go; int depth; Job(int d) { depth = d; } }\n\
class R { int down(int n) { if (n == 0) return 0; return down(n - 1) + 1; } }\n\
task startup(StartupObject s in initialstate) {\n  int d = Integer.parseInt(s.args[0]);\n  for (int i = 0; i < 8; i++) new Job(d) { go := true };\n  taskexit(s: initialstate := false);\n}\n\
task work(Job j in go) {\n  System.out.println(new R().down(j.depth));\n  taskexit(j: go := false);\n}\n";
    let (_dir, exe) = built("deep", src, "-O2");
    for cores in ["1", "4"] {
        let out = run_limited(&exe, &[("BAMBOO_CORES", cores)], &["1000000000"]);
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(1), "{cores} cores: {err}");
        assert!(
            err.starts_with("bamboo: error: stack overflow in task work"),
            "{cores} cores: {err}"
        );
        // 100,000 calls fit the default stack but not 256 KiB, on every
        // core (core 0 included).
        let fits = run_limited(&exe, &[("BAMBOO_CORES", cores)], &["100000"]);
        assert_eq!(fits.status.code(), Some(0), "{}", stderr_of(&fits));
        assert_eq!(fits.stdout, "100000\n".repeat(8).as_bytes());
        let small = [("BAMBOO_CORES", cores), ("BAMBOO_STACK", "256K")];
        let out = run_limited(&exe, &small, &["100000"]);
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(1), "{cores} cores, 256K: {err}");
        assert!(err.contains("stack overflow in task work"), "{err}");
    }
}

const LOOPS: &str = "task t(StartupObject s in initialstate) {\n  System.out.println(\"line one\");\n  System.out.println(\"line two\");\n\
  int n = 0;\n  while (n >= 0) { n = (n + 1) % 1000; }\n  System.out.println(\"never\");\n  taskexit(s: initialstate := false);\n}\n";

#[test]
fn output_survives_timeout_and_signals() {
    let (_dir, exe) = built("loops", LOOPS, "-O2");
    let out = Command::new("timeout").arg("2").arg(&exe).output().unwrap();
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(
        out.stdout, b"line one\nline two\n",
        "timeout 2 lost the output"
    );
    for (sig, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let out = Command::new("timeout")
            .args(["--preserve-status", "-s", sig, "1"])
            .arg(&exe)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(code),
            "SIG{sig}: {}",
            stderr_of(&out)
        );
        assert_eq!(
            out.stdout, b"line one\nline two\n",
            "SIG{sig} lost the output"
        );
    }
    // Killed outright: what was printed more than 100 ms before is out.
    let out = Command::new("timeout")
        .args(["-s", "KILL", "1"])
        .arg(&exe)
        .output()
        .unwrap();
    assert_eq!(
        out.stdout, b"line one\nline two\n",
        "SIGKILL lost the output"
    );
}

const INTERLEAVED: &str = "task t(StartupObject s in initialstate) {\n  for (int i = 1; i <= 5; i++) {\n\
    System.out.println(\"out \" + i);\n    System.err.println(\"err \" + i);\n  }\n  taskexit(s: initialstate := false);\n}\n";

/// Runs `exe` with its standard output and error on one pseudo-terminal
/// (`tty`) or one pipe, and returns what arrived there, in order, with the
/// terminal's carriage returns dropped.
fn shared_output(exe: &std::path::Path, tty: bool) -> String {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut reader, writer): (std::fs::File, OwnedFd) = if tty {
        // SAFETY: plain libc calls on descriptors this function owns; the
        // name ptsname_r writes is NUL-terminated within the buffer.
        unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            assert!(master >= 0, "posix_openpt failed");
            assert_eq!(libc::grantpt(master), 0);
            assert_eq!(libc::unlockpt(master), 0);
            let mut name = [0 as libc::c_char; 128];
            assert_eq!(libc::ptsname_r(master, name.as_mut_ptr(), name.len()), 0);
            let slave = libc::open(
                name.as_ptr(),
                libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
            );
            assert!(slave >= 0, "cannot open the pty's slave");
            (
                std::fs::File::from_raw_fd(master),
                OwnedFd::from_raw_fd(slave),
            )
        }
    } else {
        let mut fds = [0; 2];
        // SAFETY: pipe2 fills both descriptors, owned from here on.
        unsafe {
            assert_eq!(libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC), 0);
            (
                std::fs::File::from_raw_fd(fds[0]),
                OwnedFd::from_raw_fd(fds[1]),
            )
        }
    };
    let mut child = Command::new("timeout")
        .arg("60")
        .arg(exe)
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    // The child holds the only writing ends now: the reads end when it
    // does (a pty's master then reads EIO, a pipe end of file).
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if e.raw_os_error() == Some(libc::EIO) => break,
            Err(e) => panic!("reading the program's output: {e}"),
        }
    }
    assert_eq!(child.wait().unwrap().code(), Some(0));
    String::from_utf8(bytes).unwrap().replace('\r', "")
}

#[test]
fn terminal_output_is_flushed_at_each_newline() {
    // Standard error is written at once, so on a shared terminal each
    // standard output line comes before the error line printed after it
    // only if that line was written at its newline; the 100 ms flush
    // would put every error line first.
    let (_dir, exe) = built("interleaved", INTERLEAVED, "-O2");
    let expected: String = (1..=5).map(|i| format!("out {i}\nerr {i}\n")).collect();
    assert_eq!(shared_output(&exe, true), expected, "on a terminal");
    // On a pipe the same program's standard output is buffered, so the
    // order above is not an accident of timing.
    let piped = shared_output(&exe, false);
    assert_ne!(piped, expected, "on a pipe");
    let mut lines: Vec<&str> = piped.lines().collect();
    lines.sort_unstable();
    let mut want: Vec<&str> = expected.lines().collect();
    want.sort_unstable();
    assert_eq!(lines, want, "on a pipe");
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
