//! The C half of a build: the private runtime object cache, build folders,
//! the output path, and what the C compiler's failures mean.
//!
//! Every path here is either private to the user (the cache, mode 0700 and
//! owned by them) or made fresh and unguessable (`tempfile`), so another
//! user cannot plant files the compiler would write through or link in.

use super::{report_warning, CacheRefusal, DriverWarning, Failure, Rejected};
use std::fs;
use std::io::ErrorKind;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh build folder `$TMPDIR/bambooc-<what>-XXXXXX`, removed when
/// dropped, so every way out of a build removes it.
pub fn build_dir(what: &str) -> Result<tempfile::TempDir, Failure> {
    tempfile::Builder::new()
        .prefix(&format!("bambooc-{what}-"))
        .tempdir()
        .map_err(|error| Failure::BuildFolder {
            parent: std::env::temp_dir(),
            error,
        })
}

/// Where the executable goes: a temporary file in the output's folder,
/// linked into and then renamed over `output`, so a failed build leaves no
/// half-written file and a read-only or missing folder is found before any
/// C is compiled.
pub struct OutputFile {
    temp: tempfile::TempPath,
    output: PathBuf,
}

impl OutputFile {
    /// Checks `output` against the inputs (it must not name one) and
    /// reserves the temporary file beside it.
    pub fn new(output: &Path, inputs: &[&Path]) -> Result<OutputFile, Failure> {
        let out = output.to_path_buf();
        if let Ok(out_meta) = fs::metadata(output) {
            if out_meta.is_dir() {
                return Err(Failure::OutputIsFolder { output: out });
            }
            let same = |p: &&&Path| {
                fs::metadata(p)
                    .is_ok_and(|m| m.dev() == out_meta.dev() && m.ino() == out_meta.ino())
            };
            if let Some(input) = inputs.iter().find(same) {
                return Err(Failure::OutputIsInput {
                    output: out,
                    input: input.to_path_buf(),
                });
            }
        }
        let folder = match output.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        match fs::metadata(folder) {
            Err(e) if e.kind() == ErrorKind::NotFound => {
                return Err(Failure::OutputFolderMissing {
                    output: out,
                    folder: folder.to_path_buf(),
                })
            }
            Ok(m) if !m.is_dir() => {
                return Err(Failure::OutputFolderNotFolder {
                    output: out,
                    folder: folder.to_path_buf(),
                })
            }
            _ => {}
        }
        let name = output.file_name().unwrap_or_default().to_string_lossy();
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .tempfile_in(folder)
            .map_err(|error| Failure::OutputFolderUnwritable {
                output: out.clone(),
                folder: folder.to_path_buf(),
                error,
            })?
            .into_temp_path();
        Ok(OutputFile { temp, output: out })
    }

    /// The path to link into.
    pub fn path(&self) -> &Path {
        &self.temp
    }

    /// Renames the linked file to the output path.
    pub fn persist(self) -> Result<(), Failure> {
        // The temporary file was made 0600; an executable is 0755 less the
        // umask, as the linker would have made it.
        let mode = 0o777 & !umask();
        let _ = fs::set_permissions(&self.temp, fs::Permissions::from_mode(mode));
        self.temp.persist(&self.output).map_err(|e| Failure::Write {
            path: self.output.clone(),
            error: e.error,
        })
    }
}

fn umask() -> u32 {
    // Reading the umask means setting it; the compiler runs no other thread
    // that creates files meanwhile.
    // SAFETY: umask only swaps the process's file mode mask.
    unsafe {
        let old = libc::umask(0o022);
        libc::umask(old);
        old as u32
    }
}

/// The per-user cache folder, `$XDG_CACHE_HOME/bambooc` (else
/// `~/.cache/bambooc`), created 0700; refused when it is not a folder of
/// this user's. `None` when there is no home to put it in or it cannot be
/// created (a read-only home): the runtime is then compiled for the one
/// build.
pub fn cache_root() -> Result<Option<PathBuf>, Failure> {
    let base = match std::env::var_os("XDG_CACHE_HOME") {
        Some(x) if Path::new(&x).is_absolute() => PathBuf::from(x),
        _ => match std::env::var_os("HOME") {
            Some(h) if Path::new(&h).is_absolute() => Path::new(&h).join(".cache"),
            _ => return Ok(None),
        },
    };
    let root = base.join("bambooc");
    let cannot = |error: std::io::Error| Failure::CacheFolder {
        path: root.clone(),
        error,
    };
    let created = fs::create_dir_all(&base).and_then(|()| {
        match fs::DirBuilder::new().mode(0o700).create(&root) {
            Err(e) if e.kind() != ErrorKind::AlreadyExists => Err(e),
            _ => Ok(()),
        }
    });
    if let Err(error) = created {
        report_warning(&DriverWarning::CacheUnavailable { path: root, error });
        return Ok(None);
    }
    let meta = fs::symlink_metadata(&root).map_err(cannot)?;
    // SAFETY: getuid has no preconditions.
    let me = unsafe { libc::getuid() };
    if !meta.is_dir() || meta.uid() != me {
        let why = if meta.file_type().is_symlink() {
            CacheRefusal::Symlink
        } else if !meta.is_dir() {
            CacheRefusal::NotAFolder
        } else {
            CacheRefusal::OtherUser { uid: meta.uid() }
        };
        return Err(Failure::CacheRefused { path: root, why });
    }
    if meta.mode() & 0o077 != 0 {
        fs::set_permissions(&root, fs::Permissions::from_mode(0o700)).map_err(cannot)?;
    }
    Ok(Some(root))
}

/// Writes `bytes` to `path` through a temporary file in the same folder and
/// a rename, so no reader ever sees a half-written file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let fail = |error: std::io::Error| Failure::Write {
        path: path.to_path_buf(),
        error,
    };
    let mut f = tempfile::NamedTempFile::new_in(folder).map_err(fail)?;
    std::io::Write::write_all(&mut f, bytes).map_err(fail)?;
    f.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

/// The stamp kept beside a cached object: its length and content hash, so
/// a truncated or damaged object is rebuilt instead of linked.
fn stamp_of(bytes: &[u8]) -> String {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    format!(
        "bambooc runtime object {} {:016x}\n",
        bytes.len(),
        h.finish()
    )
}

/// Whether `object` exists and matches its stamp.
fn verified(object: &Path, stamp: &Path) -> bool {
    match (fs::read(object), fs::read_to_string(stamp)) {
        (Ok(bytes), Ok(s)) => !bytes.is_empty() && s == stamp_of(&bytes),
        _ => false,
    }
}

/// A C compile step that failed: tells a broken C compiler from a real
/// rejection of the code, by compiling an empty program with the same
/// compiler and flags.
pub fn cc_failure(cc: &str, extra: &[String], what: Rejected, stderr: &[u8]) -> Failure {
    // Err: what the empty program's compilation printed, or why it could
    // not be tried.
    let probe = || -> Result<(), String> {
        let dir = build_dir("probe").map_err(|f| f.to_string())?;
        let c = dir.path().join("empty.c");
        fs::write(&c, "int main(void) { return 0; }\n")
            .map_err(|e| crate::diagnostics::io_reason(&e))?;
        let out = Command::new(cc)
            .args(bambooc_runtime::CFLAGS)
            .args(extra)
            .arg(&c)
            .arg("-o")
            .arg(dir.path().join("empty"))
            .output()
            .map_err(|e| crate::diagnostics::io_reason(&e))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
        }
    };
    match probe() {
        Ok(()) => Failure::CRejected {
            what,
            output: String::from_utf8_lossy(stderr).into_owned(),
        },
        Err(output) => Failure::CcBroken {
            cc: cc.to_string(),
            flags: extra.to_vec(),
            output,
        },
    }
}

/// The runtime compiled once per C compiler, flags and runtime version,
/// cached in the user's cache folder (`runtime-<hash>/`), each object
/// checked against its stamp and rebuilt when missing or damaged. Without
/// a cache folder it is compiled into `scratch`. Returns the object; the
/// runtime's include folder is `include/` beside it.
pub fn runtime_object(
    cc: &str,
    flags: &[String],
    extra: &[String],
    scratch: &Path,
) -> Result<PathBuf, Failure> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    cc.hash(&mut h);
    flags.hash(&mut h);
    extra.hash(&mut h);
    for (path, text) in bambooc_runtime::SOURCES {
        path.hash(&mut h);
        text.hash(&mut h);
    }
    let dir = match cache_root()? {
        Some(root) => root.join(format!("runtime-{:016x}", h.finish())),
        None => scratch.join("runtime"),
    };
    // The sources are checked on every build too: a damaged header would
    // break every program compiled against it.
    for (rel, text) in bambooc_runtime::SOURCES {
        let path = dir.join(rel);
        if fs::read(&path).is_ok_and(|b| b == text.as_bytes()) {
            continue;
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|error| Failure::CreateFolder {
                path: parent.to_path_buf(),
                error,
            })?;
        }
        write_atomically(&path, text.as_bytes())?;
    }
    let name = format!("runtime{}", flags.first().map_or("", |f| f.as_str()));
    let object = dir.join(format!("{name}.o"));
    let stamp = dir.join(format!("{name}.o.stamp"));
    if verified(&object, &stamp) {
        return Ok(object);
    }
    // Compile to a private name, then rename: concurrent builds never see
    // a half-written object.
    let partial = tempfile::Builder::new()
        .prefix(&format!("{name}."))
        .suffix(".o")
        .tempfile_in(&dir)
        .map_err(|error| Failure::WriteIn {
            folder: dir.clone(),
            error,
        })?
        .into_temp_path();
    let out = super::cc::run_shown(
        Command::new(cc)
            .args(bambooc_runtime::CFLAGS)
            .args(flags)
            .args(extra)
            .arg("-c")
            .arg("-I")
            .arg(dir.join(bambooc_runtime::INCLUDE_DIR))
            .arg(dir.join(bambooc_runtime::UNITY_SOURCE))
            .arg("-o")
            .arg(&partial),
    )
    .map_err(|e| cannot_run(cc, e))?;
    if !out.status.success() {
        return Err(cc_failure(cc, extra, Rejected::Runtime, &out.stderr));
    }
    let bytes = fs::read(&partial).map_err(|error| Failure::Read {
        path: partial.to_path_buf(),
        error,
    })?;
    if bytes.is_empty() {
        return Err(cc_failure(cc, extra, Rejected::RuntimeEmpty, b""));
    }
    partial.persist(&object).map_err(|e| Failure::Write {
        path: object.clone(),
        error: e.error,
    })?;
    write_atomically(&stamp, stamp_of(&bytes).as_bytes())?;
    Ok(object)
}

/// The C compiler could not be started at all.
pub fn cannot_run(cc: &str, error: std::io::Error) -> Failure {
    Failure::CcNotRun {
        cc: cc.to_string(),
        error,
    }
}

/// The pid of the program `bambooc run` runs, for the signal forwarder.
static CHILD: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

extern "C" fn forward(sig: libc::c_int) {
    let pid = CHILD.load(std::sync::atomic::Ordering::Relaxed);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe { libc::kill(pid, sig) };
    }
}

/// Runs the built program and returns its exit status (128 + the signal
/// that ended it, as a shell reports it). SIGINT, SIGTERM and SIGHUP sent
/// to bambooc are passed on to the program, so bambooc outlives it and
/// removes the build folder.
pub fn run_executable(exe: &Path, args: &[String]) -> Result<i32, Failure> {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(exe)
        .args(args)
        .spawn()
        .map_err(|error| Failure::RunProgram {
            exe: exe.to_path_buf(),
            error,
        })?;
    CHILD.store(child.id() as i32, std::sync::atomic::Ordering::Relaxed);
    let signals = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];
    let handler = forward as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only reads an atomic and calls kill.
    let old: Vec<_> = signals
        .iter()
        .map(|&s| unsafe { libc::signal(s, handler) })
        .collect();
    let status = child.wait();
    for (&s, &h) in signals.iter().zip(&old) {
        // SAFETY: restores the dispositions saved above.
        unsafe { libc::signal(s, h) };
    }
    match status {
        Ok(st) => Ok(st.code().or(st.signal().map(|s| 128 + s)).unwrap_or(1)),
        Err(error) => Err(Failure::WaitProgram {
            exe: exe.to_path_buf(),
            error,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_that_cannot_start_is_a_failure_naming_it() {
        let exe = Path::new("/nonexistent/bambooc-test/prog");
        match run_executable(exe, &[]) {
            Err(Failure::RunProgram { exe: e, error }) => {
                assert_eq!(e, exe);
                assert_eq!(error.kind(), ErrorKind::NotFound);
            }
            other => panic!("expected RunProgram, got {other:?}"),
        }
    }

    #[test]
    fn output_paths_are_checked_before_any_c_is_compiled() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("p.bb");
        fs::write(&input, b"").unwrap();
        assert!(matches!(
            OutputFile::new(dir.path(), &[]),
            Err(Failure::OutputIsFolder { .. })
        ));
        assert!(matches!(
            OutputFile::new(&input, &[&input]),
            Err(Failure::OutputIsInput { .. })
        ));
        assert!(matches!(
            OutputFile::new(&dir.path().join("no/p"), &[]),
            Err(Failure::OutputFolderMissing { .. })
        ));
        assert!(matches!(
            OutputFile::new(&input.join("p"), &[]),
            Err(Failure::OutputFolderNotFolder { .. })
        ));
        assert!(OutputFile::new(&dir.path().join("p"), &[&input]).is_ok());
    }
}
