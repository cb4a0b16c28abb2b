//! The `bambooc` binary on the inputs a user can throw at it: each must give
//! a clear error and exit status 1, never a panic, a stack overflow or a
//! hang.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

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
    let (code, err) = check_file("empty.bb", b"");
    assert_eq!(code, 0, "{err}");
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
