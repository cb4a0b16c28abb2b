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
    let flags = read_cflags(&root.join("cflags.txt"));
    let mut build = cc::Build::new();
    build
        .file(root.join("src/all.c"))
        .include(root.join("include"))
        .include(root.join("src"));
    for f in flag_list(&flags, "common") {
        build.flag(f);
    }
    build
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
    for dir in ["include", "include/bb", "src", "src/tables"] {
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
    let mut consts = String::new();
    for (name, key, doc) in [
        (
            "CFLAGS",
            "common",
            "Flags that generated code and the runtime must be compiled with.",
        ),
        (
            "ALIGN_FLAGS",
            "align",
            "Flags added from `-O2` on (and to the benchmarks' C references).",
        ),
        ("LIBS", "libs", "Libraries to link."),
    ] {
        consts.push_str(&format!(
            "/// {doc} From `runtime-c/cflags.txt`.\npub const {name}: &[&str] = &{:?};\n",
            flag_list(&flags, key)
        ));
    }
    std::fs::write(out.join("cflags.rs"), consts).unwrap();
    println!(
        "cargo:rerun-if-changed={}",
        root.join("cflags.txt").display()
    );
    println!("cargo:rustc-link-lib=m");
    println!("cargo:rustc-link-lib=pthread");
    for dir in [
        "include",
        "include/bb",
        "src",
        "src/tables",
        "tests/unit",
        "tests/data",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            println!("cargo:rerun-if-changed={}", e.unwrap().path().display());
        }
    }
}

/// The `key = flags` lines of cflags.txt, comments and blank lines left out.
fn read_cflags(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).expect("runtime-c/cflags.txt");
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (k, v) = l.split_once('=').expect("cflags.txt: a `key = flags` line");
            (k.trim().to_string(), v.trim().to_string())
        })
        .collect()
}

/// The flags under `key`, split at white space.
fn flag_list<'a>(flags: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    let (_, v) = flags
        .iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("cflags.txt has no `{key}` line"));
    v.split_whitespace().collect()
}
