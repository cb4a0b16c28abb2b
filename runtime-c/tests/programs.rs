//! Integration tests: hand-written C programs shaped like bambooc's generated
//! code (tests/programs/*.c) are compiled with the system C compiler against
//! the runtime sources, exactly as the driver will do, then run.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn cc() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".to_string())
}

/// The runtime's flags (`runtime-c/cflags.txt`) and this test's own.
const TEST_FLAGS: &[&str] = &["-O2", "-g", "-Wall", "-Wextra", "-Werror"];

/// The runtime compiled once (src/all.c -> all.o) for every program.
fn runtime_object() -> &'static PathBuf {
    static OBJ: OnceLock<PathBuf> = OnceLock::new();
    OBJ.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bb-programs");
        std::fs::create_dir_all(&dir).unwrap();
        let obj = dir.join("all.o");
        let st = Command::new(cc())
            .args(bambooc_runtime::CFLAGS)
            .args(TEST_FLAGS)
            .arg("-I")
            .arg(root().join("include"))
            .arg("-c")
            .arg(root().join("src/all.c"))
            .arg("-o")
            .arg(&obj)
            .status()
            .expect("running the C compiler");
        assert!(st.success(), "compiling the runtime failed");
        obj
    })
}

/// Compiles tests/programs/<name>.c with the runtime; returns the executable.
fn build(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bb-programs");
    let exe = dir.join(name);
    let out = Command::new(cc())
        .args(bambooc_runtime::CFLAGS)
        .args(TEST_FLAGS)
        .arg("-I")
        .arg(root().join("include"))
        .arg(root().join("tests/programs").join(format!("{name}.c")))
        .arg(runtime_object())
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .expect("running the C compiler");
    assert!(
        out.status.success(),
        "compiling {name}.c failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run(exe: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(exe);
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("running the program")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const KEYWORD_TEXT: &str = "the quick brown fox jumps over the lazy dog
of mice and men and of bamboo
bamboo grows fast; the bamboo is tall
and the end
the of and bamboo
x y z
the
bamboo bamboo bamboo
a b c the
";

#[test]
fn keyword_count() {
    let exe = build("keyword");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bb-programs");
    let input = dir.join("keyword-input.txt");
    std::fs::write(&input, KEYWORD_TEXT).unwrap();
    let want = "sections 3\nthe: 7\nof: 3\nand: 4\nbamboo: 7\n";
    for env in [&[][..], &[("BAMBOO_GC_STRESS", "1")][..]] {
        let o = run(&exe, &[input.to_str().unwrap()], env);
        assert_eq!(stdout(&o), want);
        assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    }
    // a bigger input: 4,000 sections
    let big: String = KEYWORD_TEXT.repeat(1000);
    let input2 = dir.join("keyword-big.txt");
    std::fs::write(&input2, &big).unwrap();
    let o = run(&exe, &[input2.to_str().unwrap()], &[]);
    assert_eq!(
        stdout(&o),
        "sections 2250\nthe: 7000\nof: 3000\nand: 4000\nbamboo: 7000\n"
    );
    // a missing input file is a run-time error naming the path
    let o = run(&exe, &["/no/such/file.txt"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "bamboo: error: NoSuchFileException: /no/such/file.txt in task startup at keyword.bb:2\n"
    );
}

#[test]
fn tags_pair_objects_of_the_same_tag_instance() {
    let exe = build("tagpair");
    let want = |n: u32| format!("saved: {n}\nmerged: {n}\nmismatches: 0\n");
    let o = run(&exe, &[], &[]);
    assert_eq!(stdout(&o), want(50));
    assert_eq!(o.status.code(), Some(0));
    let o = run(&exe, &["300"], &[("BAMBOO_GC_STRESS", "1")]);
    assert_eq!(stdout(&o), want(300));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn several_tags_of_one_type_and_untagged_objects() {
    let exe = build("tagmulti");
    for env in [&[][..], &[("BAMBOO_GC_STRESS", "1")][..]] {
        let o = run(&exe, &[], env);
        // One core runs its newest invocation first (sched.c): the B objects
        // made last are matched first, and the counting comes last.
        assert_eq!(stdout(&o), "match 2\nmatch 1\ncount 2\n");
        assert_eq!(o.status.code(), Some(0));
    }
}

#[test]
fn empty_exit_leaves_the_task_enabled() {
    let exe = build("counter");
    let o = run(&exe, &[], &[]);
    // The invocation an exit leaves enabled runs again first, up to 16
    // times in a row (sched.c, BB_LOOP_BURST): the counter of 1000, made
    // first, then waits behind the others, which count to their ends.
    assert_eq!(
        stdout(&o),
        "counter 10 stopped at 10\ncounter 1 stopped at 1\ncounter 1000 stopped at 1000\n"
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn runtime_errors_report_kind_task_and_line() {
    let exe = build("errors");
    let cases = [
        ("index", "array index 5 out of bounds for length 3"),
        ("null", "null pointer dereference"),
        ("div", "division by zero"),
        ("negsize", "negative array size -2"),
        ("cast", "class Other cannot be cast to class Job"),
        ("file", "NoSuchFileException: /no/such/input.txt"),
        ("number", "NumberFormatException: For input string: \"12x\""),
        ("generic", "NoSuchElementException"),
        (
            "oom",
            "out of memory: 8388680 more bytes would take the heap past its limit of \
             200000000 bytes (BAMBOO_HEAP_MAX; by default half of this machine's memory)",
        ),
    ];
    for (arg, what) in cases {
        let o = run(&exe, &[arg], &[("BAMBOO_HEAP_MAX", "200000000")]);
        assert_eq!(o.status.code(), Some(1), "{arg}");
        assert_eq!(
            stdout(&o),
            "before\nworking\n",
            "{arg}: output printed before the error is flushed"
        );
        assert_eq!(
            stderr(&o),
            format!("bamboo: error: {what} in task processText at keyword.bb:27\n"),
            "{arg}"
        );
    }
    // The limit takes binary suffixes and bounds all cores together.
    let o = run(
        &exe,
        &["oom"],
        &[("BAMBOO_HEAP_MAX", "100M"), ("BAMBOO_CORES", "2")],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("past its limit of 104857600 bytes"),
        "{}",
        stderr(&o)
    );
    // A malformed byte count is an error naming the variable, not a silent default.
    for (var, value) in [
        ("BAMBOO_HEAP_MAX", "lots"),
        ("BAMBOO_HEAP_MAX", "-5"),
        ("BAMBOO_HEAP_MAX", "12T"),
        ("BAMBOO_HEAP_MAX", "99999999999999999999"),
        ("BAMBOO_GC_MIN", "8 M"),
    ] {
        let o = run(&exe, &["none"], &[(var, value)]);
        assert_eq!(o.status.code(), Some(2), "{var}={value}");
        assert_eq!(
            stderr(&o),
            format!(
                "bamboo: error: {var} must be a number of bytes, optionally followed by K, M or G, not `{value}`\n"
            ),
            "{var}={value}"
        );
    }
    let o = run(&exe, &["exit"], &[]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "before\nworking\n");
    assert_eq!(stderr(&o), "");
    let o = run(&exe, &["none"], &[]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "before\nworking\nno error\n");
    let o = run(&exe, &[], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "bamboo: error: array index 0 out of bounds for length 0 in task startup at startup.bb:3\n"
    );
}

fn field(out: &str, name: &str) -> i64 {
    out.lines()
        .find_map(|l| l.strip_prefix(name))
        .unwrap_or_else(|| panic!("no {name} in {out}"))
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn ten_million_objects_in_bounded_memory() {
    let exe = build("gcstress");
    let o = run(&exe, &[], &[]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(field(&out, "objects:"), 10_000_000);
    assert_eq!(field(&out, "bad:"), 0);
    assert_eq!(field(&out, "checksum:"), 2_474_752_500_000);
    let rss = field(&out, "peak_rss_kb:");
    assert!(rss < 64 * 1024, "peak RSS {rss} kB");
    assert!(field(&out, "collections:") > 10);
}

#[test]
fn gc_stress_mode_collects_at_every_boundary() {
    let exe = build("gcstress");
    let o = run(&exe, &["4", "50", "1000"], &[("BAMBOO_GC_STRESS", "1")]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(field(&out, "bad:"), 0);
    assert_eq!(field(&out, "checksum:"), 4 * 499_500 * (49 * 50 / 2));
    assert!(field(&out, "collections:") >= 200, "{out}");
}

#[test]
fn stats_and_trace() {
    let exe = build("counter");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bb-programs");
    let trace = dir.join("counter-trace.json");
    let o = run(
        &exe,
        &[],
        &[
            ("BAMBOO_STATS", "1"),
            ("BAMBOO_TRACE", trace.to_str().unwrap()),
        ],
    );
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(err.contains("task tick: 1011 runs"), "{err}");
    let json = std::fs::read_to_string(&trace).unwrap();
    assert!(json.starts_with("{\"traceEvents\":["));
    assert_eq!(json.matches("\"name\":\"tick\"").count(), 1011);
    assert!(json.trim_end().ends_with('}'));
}

/// Not a timed test: prints ns per dispatch (see README), fails only on
/// pathological slowness.
#[test]
fn dispatch_benchmark() {
    let exe = build("bench");
    let o = run(&exe, &["2000000"], &[]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    eprintln!("{out}");
    for line in out.lines() {
        let ns: f64 = line
            .rsplit(", ")
            .next()
            .unwrap()
            .trim_end_matches(" ns per dispatch")
            .parse()
            .unwrap();
        assert!(ns < 5000.0, "{line}");
    }
}

/// The unit tests and every program above, built with
/// -fsanitize=address,undefined (tests/sanitize.sh; about 20 s). Skipped, with
/// a message, where the C compiler cannot build sanitized programs.
#[test]
fn address_and_undefined_behaviour_sanitizers() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bb-sanitize");
    std::fs::create_dir_all(&dir).unwrap();
    let probe = dir.join("probe.c");
    std::fs::write(&probe, "int main(void) { return 0; }\n").unwrap();
    let ok = Command::new(cc())
        .args(["-fsanitize=address,undefined", "-o"])
        .arg(dir.join("probe"))
        .arg(&probe)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        eprintln!(
            "skipping: {} cannot build with -fsanitize=address,undefined",
            cc()
        );
        return;
    }
    let out = Command::new("sh")
        .arg(root().join("tests/sanitize.sh"))
        .arg(&dir)
        .output()
        .expect("running tests/sanitize.sh");
    assert!(
        out.status.success(),
        "sanitizer run failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
