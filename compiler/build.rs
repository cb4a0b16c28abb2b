//! Embeds the standard library's Bamboo sources (`../stdlib/*.bb`) into the
//! compiler, so an installed `bambooc` needs no files beside it.

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
}
