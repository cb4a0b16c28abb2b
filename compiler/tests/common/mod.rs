//! Helpers shared by the integration tests (each test binary includes the
//! module and uses what it needs).
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The repository's root folder.
/// The dialect a test program is checked in: `original` when a file
/// `NAME.dialect` beside it says so, Java's rules otherwise.
#[allow(dead_code)]
pub fn dialect_of(program: &Path) -> bambooc::sema::Dialect {
    match std::fs::read_to_string(program.with_extension("dialect")) {
        Ok(text) if text.trim() == "original" => bambooc::sema::Dialect::Original,
        Ok(text) => panic!("{}: unknown dialect {:?}", program.display(), text.trim()),
        Err(_) => bambooc::sema::Dialect::Java,
    }
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs `cmd` to its end and returns its output, failing the test with its
/// standard error when it does not succeed.
pub fn output_of_success(cmd: &mut Command) -> std::process::Output {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The `.bb` files directly in `dir`, sorted.
pub fn bb_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "bb"))
        .collect();
    files.sort();
    files
}

/// Runs `check` on every item, spread over up to eight threads with large
/// stacks (as the `bambooc` binary runs the compiler), and gathers the
/// failures it reports, in item order. Each thread takes the next item
/// not yet taken, so one slow item does not hold up a share of the others.
pub fn in_parallel<T: Sync>(items: &[T], check: impl Fn(&T) -> Vec<String> + Sync) -> Vec<String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Vec<String>)>> = Mutex::new(Vec::new());
    let (check, next, results_ref) = (&check, &next, &results);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(256 * 1024 * 1024)
                    .spawn_scoped(scope, move || loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        let failures = check(item);
                        results_ref.lock().unwrap().push((i, failures));
                    })
                    .unwrap()
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().flat_map(|(_, f)| f).collect()
}

/// What a finished process left: its exit status (-1 when a signal ended
/// it), standard output and standard error.
pub struct Finished {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `cmd` with its standard output and error piped (both drained while
/// it runs, so a large output cannot block it) and kills it after `limit`;
/// what it left, or why it could not run or finish.
pub fn run_with_timeout(cmd: &mut Command, limit: Duration) -> Result<Finished, String> {
    let shown = format!("{cmd:?}");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{shown} timed out after {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Ok(Finished {
        status: status.code().unwrap_or(-1),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    })
}

/// Reads a pipe to its end on a thread of its own; the text read.
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Builds `source` with the `bambooc` binary at `-O{opt}` and the layout
/// synthesised from `profile` for `cores` cores (`--profile P --cores N`,
/// paper 4.3-4.5) into `exe`, run in `cwd`, in the program's dialect
/// (`dialect_of`); the compiler's messages if it fails.
pub fn build_synthesised(
    source: &Path,
    profile: &Path,
    cores: u32,
    opt: u8,
    cwd: &Path,
    exe: &Path,
) -> Result<(), String> {
    let out = run_with_timeout(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .arg(format!("-O{opt}"))
            .arg("--profile")
            .arg(profile)
            .args(["--cores", &cores.to_string()])
            .args(match dialect_of(&cwd.join(source)) {
                bambooc::sema::Dialect::Original => &["--dialect", "original"][..],
                bambooc::sema::Dialect::Java => &[],
            })
            .arg(source)
            .arg("-o")
            .arg(exe)
            .current_dir(cwd),
        Duration::from_secs(300),
    )?;
    if out.status == 0 {
        Ok(())
    } else {
        Err(out.stderr)
    }
}

/// Makes `works()` true by installing Debian `packages` with apt-get when
/// it is false and this is root (the README's test command provisions what
/// the tests need); `Err` says why not. Call it once per test binary: two
/// apt-get runs at once collide on dpkg's lock.
#[allow(dead_code)]
pub fn apt_provision(
    what: &str,
    packages: &[&str],
    works: impl Fn() -> bool,
) -> Result<(), String> {
    if works() {
        return Ok(());
    }
    let list = packages.join(" ");
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        return Err(format!(
            "{what} is missing and this is not root: install Debian's {list}"
        ));
    }
    eprintln!("{what} is missing; installing it: apt-get install -y {list}");
    let apt = |args: &[&str]| {
        Command::new("apt-get")
            .args(args)
            .args(if args[0] == "install" { packages } else { &[] })
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdout(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let installed = apt(&["install", "-y", "-qq"])
        || (apt(&["update", "-qq"]) && apt(&["install", "-y", "-qq"]));
    if installed && works() {
        Ok(())
    } else {
        Err(format!(
            "`apt-get install {list}` failed: install it by hand"
        ))
    }
}

/// A path inside a temporary folder of its own: both are removed when it
/// is dropped, so a test leaves nothing behind in the system's temporary
/// folder.
pub struct ScopedPath {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl ScopedPath {
    /// `name` inside a fresh folder whose name starts with `prefix`.
    pub fn new(prefix: &str, name: impl AsRef<Path>) -> ScopedPath {
        let dir = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
        let path = dir.path().join(name);
        ScopedPath { _dir: dir, path }
    }
}

impl std::ops::Deref for ScopedPath {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for ScopedPath {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}
