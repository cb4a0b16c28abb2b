//! Run-time ends (issue 30): stack overflow on any core, in every shape
//! of recursion the C compiler could turn into a loop, and output that
//! survives timeouts and signals.

use super::*;

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
