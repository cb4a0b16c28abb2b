//! The command line as a newcomer meets it (issue 34): the summary line
//! closing the human output, JSON diagnostics for every error with
//! character columns and end positions, build notes as JSON objects, the
//! error limit, `-` for standard input, `-v`, and `--emit c` output that
//! rebuilds with the command it prints.

use super::{bambooc, check_file, json_lines, sandbox, sandboxed, stderr_of, temp_file};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn human_output_ends_with_a_summary_line() {
    let two_errors = b"task t(StartupObject s in initialstate) {\n  int a = \"x\";\n  boolean b = 1;\n  taskexit(s: initialstate := false);\n}\n";
    let (code, err) = check_file("two_errors.bb", two_errors);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.ends_with("\nerror: aborting due to 2 errors\n"),
        "{err}"
    );
    let (code, err) = check_file("one_warning.bb", b"class Main { }\n");
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with("\nwarning: 1 warning emitted\n"), "{err}");
    let p = temp_file("clean.bb", super::HELLO);
    let out = bambooc(&["check", p.to_str().unwrap()]);
    assert_eq!(
        (out.status.code(), stderr_of(&out)),
        (Some(0), String::new())
    );
}

#[test]
fn json_columns_count_characters_and_labels_have_ends() {
    // `é` is two bytes: the error's byte column is 22, its character
    // column 21; the string literal spans three characters.
    let src = "task t(StartupObject s in initialstate) {\n  /*é*/ int a = \"xy\";\n  taskexit(s: initialstate := false);\n}\n";
    let p = temp_file("columns.bb", src.as_bytes());
    let out = bambooc(&["check", "--error-format", "json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let diags = json_lines(&out.stderr);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let label = &diags[0]["labels"][0];
    let start = src.find("\"xy\"").unwrap();
    assert_eq!(label["byte_start"], start);
    assert_eq!(label["byte_end"], start + 4);
    assert_eq!((&label["line"], &label["column"]), (&2.into(), &17.into()));
    assert_eq!(
        (&label["end_line"], &label["end_column"]),
        (&2.into(), &21.into())
    );
}

/// `bambooc ARGS` with `input` on its standard input.
fn with_stdin(cmd: &mut Command, input: &[u8]) -> std::process::Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_dash_reads_the_program_from_standard_input() {
    let bad = b"task t(StartupObject s in initialstate) {\n  int a = \"x\";\n}\n";
    let out = with_stdin(
        Command::new(env!("CARGO_BIN_EXE_bambooc")).args(["check", "--color", "never", "-"]),
        bad,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr_of(&out).contains("[ <stdin>:2:11 ]"),
        "{}",
        stderr_of(&out)
    );
    let (dir, _) = sandbox("stdin");
    let out = with_stdin(sandboxed(dir.path()).arg("-"), super::HELLO);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let run = Command::new(dir.path().join("out")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "hi\n");
}

#[test]
fn verbose_prints_stages_and_c_compiler_commands() {
    let (dir, _) = sandbox("verbose");
    let out = sandboxed(dir.path())
        .args(["-v", "p.bb", "-o", "p"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    for stage in ["parse", "sema", "codegen", "cc", "link"] {
        assert!(err.contains(&format!("time: {stage} ")), "{stage}: {err}");
    }
    let runs: Vec<&str> = err.lines().filter(|l| l.starts_with("run: ")).collect();
    // The runtime (cached afresh in the sandbox), the program, the link.
    assert_eq!(runs.len(), 3, "{err}");
    assert!(
        runs[1].contains("program.c") && runs[2].contains("-o "),
        "{err}"
    );
}

#[test]
fn emitted_c_rebuilds_with_the_printed_command() {
    let (dir, _) = sandbox("emit-c");
    let out = sandboxed(dir.path())
        .args(["--emit", "c", "p.bb", "-o", "p"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("`sh p.c/build.sh` builds `p` from it again"),
        "{err}"
    );
    let script = dir.path().join("p.c/build.sh");
    std::fs::remove_file(dir.path().join("p")).unwrap();
    // Run from elsewhere, with the copy of the runtime beside the C only.
    let rebuilt = Command::new("sh")
        .arg(&script)
        .current_dir(dir.path().join("tmp"))
        .output()
        .unwrap();
    assert!(rebuilt.status.success(), "{}", stderr_of(&rebuilt));
    let run = Command::new(dir.path().join("p")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "hi\n");
}

#[test]
fn emit_layout_on_a_build_writes_the_layout_it_runs_with() {
    let (dir, _) = sandbox("emit-layout");
    let out = sandboxed(dir.path())
        .args([
            "--cores", "2", "--spread", "--emit", "layout", "p.bb", "-o", "p",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = std::fs::read_to_string(dir.path().join("p.layout.json")).unwrap();
    let layout: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(layout["format"], "bambooc-layout");
    assert_eq!(layout["program"], "p");
    assert_eq!(layout["cores"].as_array().map(Vec::len), Some(2), "{text}");
}

#[test]
fn errors_past_the_limit_are_counted_in_a_note() {
    // Thousands of errors on one long line: rendering each under its line
    // took minutes before the limit.
    let line = vec!["(true < 1)"; 5_000].join(" || ");
    let src = format!(
        "task t(StartupObject s in initialstate) {{ boolean b = {line}; taskexit(s: initialstate := false); }}\n"
    );
    let (code, err) = check_file("many_errors.bb", src.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(err.matches("] Error: ").count(), 100);
    assert!(
        err.ends_with(
            "note: 4900 more errors not shown: at most 100 errors are; `--error-limit N` changes the limit (0 shows all)\nerror: aborting due to 5000 errors\n"
        ),
        "{}",
        &err[err.len().saturating_sub(400)..]
    );
    let p = temp_file("many_errors.bb", src.as_bytes());
    let out = bambooc(&[
        "check",
        "--error-limit",
        "3",
        "--error-format",
        "json",
        p.to_str().unwrap(),
    ]);
    let diags = json_lines(&out.stderr);
    assert_eq!(diags.len(), 4, "{diags:?}");
    assert_eq!(
        (&diags[3]["severity"], &diags[3]["code"]),
        (&"note".into(), &serde_json::Value::Null)
    );
    let out = bambooc(&[
        "check",
        "--error-limit",
        "0",
        "--error-format",
        "json",
        p.to_str().unwrap(),
    ]);
    assert_eq!(json_lines(&out.stderr).len(), 5000);
}

#[test]
fn build_notes_are_json_objects() {
    let (dir, _) = sandbox("json-note");
    let out = sandboxed(dir.path())
        .args(["--error-format", "json", "--cores", "2", "p.bb", "-o", "p"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let diags = json_lines(&out.stderr);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["severity"], "note");
    let message = diags[0]["message"].as_str().unwrap();
    assert!(message.contains("built for 1 core"), "{message}");
}
