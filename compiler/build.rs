//! Embeds the standard library's Bamboo sources (`../stdlib/*.bb`) into the
//! compiler, so an installed `bambooc` needs no files beside it, and the
//! commit it is built from (`BAMBOOC_COMMIT`, shown by `--version`).

use std::fmt::Write;
use std::path::Path;

fn main() {
    // Read at run time, not with env!: a build script binary copied with a
    // target folder from another checkout would otherwise embed that
    // checkout's files.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../stdlib");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("stdlib/ is next to compiler/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bb"))
        .collect();
    files.sort();
    let mut out = String::from(
        "/// The standard library: (file name, source).\npub const STDLIB: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_name().unwrap().to_string_lossy();
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            f.canonicalize().unwrap().display()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("stdlib_files.rs");
    std::fs::write(dest, out).unwrap();
    commit(Path::new(&manifest));
}

/// Sets `BAMBOOC_COMMIT` to the checkout's commit ("unknown commit"
/// outside git), and reruns when a commit or checkout moves HEAD.
fn commit(dir: &Path) {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"]);
    // Only files that exist: a missing one would rerun this script, and
    // rebuild the compiler, on every build.
    for name in ["HEAD", "logs/HEAD"] {
        if let Some(path) = git(&["rev-parse", "--git-path", name]) {
            let path = dir.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    let commit = commit.unwrap_or_else(|| "unknown commit".into());
    println!("cargo:rustc-env=BAMBOOC_COMMIT={commit}");
}
