//! Compiles the C runtime (src/all.c) together with its C unit tests
//! (tests/unit/*.c) into a static library whose `bb_run_unit_tests()` the
//! Rust test harness calls. Generated programs do not use this library: the
//! driver compiles the runtime sources (see `SOURCES` in src/lib.rs) with the
//! system C compiler next to the generated code.
use std::path::Path;

fn main() {
    // Read at run time, not with env!: a build script binary copied with a
    // target folder from another checkout would otherwise embed that
    // checkout's sources.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest);
    let mut build = cc::Build::new();
    build
        .file(root.join("src/all.c"))
        .include(root.join("include"))
        .include(root.join("src"))
        .flag("-std=gnu11")
        .flag("-fwrapv")
        .flag("-fno-strict-aliasing")
        .flag("-ffp-contract=off")
        .flag("-pthread")
        .warnings(true)
        .extra_warnings(true)
        .opt_level(2)
        .define(
            "BB_TEST_DATA_DIR",
            Some(format!("\"{}\"", root.join("tests/data").display()).as_str()),
        );
    let unit = root.join("tests/unit");
    let mut files: Vec<_> = std::fs::read_dir(&unit)
        .expect("tests/unit")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    for f in &files {
        build.file(f);
    }
    build.compile("bambooc_runtime_tests");

    // SOURCES for src/lib.rs: every header and C file of the runtime
    let mut sources = Vec::new();
    for dir in ["include", "include/bb", "src"] {
        let mut names: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".c") || n.ends_with(".h"))
            .collect();
        names.sort();
        for n in names {
            sources.push(format!(
                "    ({:?}, include_str!({:?})),\n",
                format!("{dir}/{n}"),
                root.join(dir).join(&n).display().to_string()
            ));
        }
    }
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::write(out.join("sources.rs"), format!("&[\n{}]", sources.concat())).unwrap();
    println!("cargo:rustc-link-lib=m");
    println!("cargo:rustc-link-lib=pthread");
    for dir in ["include", "include/bb", "src", "tests/unit", "tests/data"] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            println!("cargo:rerun-if-changed={}", e.unwrap().path().display());
        }
    }
}
