//! The C runtime's sources, for the driver to hand to the system C compiler.
//!
//! The driver writes every entry of [`SOURCES`] under one folder (keeping the
//! relative paths), writes the generated program next to it, and compiles
//! `src/all.c` plus the generated `.c` files with
//! `$CC -std=gnu11 -O2 -fwrapv -fno-strict-aliasing -ffp-contract=off -pthread
//! -I<folder>/include ... -lm`. Generated code includes `bb.h` and checks
//! `BB_ABI_VERSION` == [`ABI_VERSION`]. The ABI is documented in
//! `runtime-c/README.md`.

/// The runtime ABI version; `bb.h` defines the same number as `BB_ABI_VERSION`.
pub const ABI_VERSION: u32 = 1;

/// Every header and C file of the runtime: (path relative to `runtime-c/`, contents).
pub const SOURCES: &[(&str, &str)] = &[
    ("include/bb.h", include_str!("../include/bb.h")),
    ("include/bb/base.h", include_str!("../include/bb/base.h")),
    ("include/bb/builtin.h", include_str!("../include/bb/builtin.h")),
    ("include/bb/error.h", include_str!("../include/bb/error.h")),
    ("include/bb/heap.h", include_str!("../include/bb/heap.h")),
    ("include/bb/lib.h", include_str!("../include/bb/lib.h")),
    ("include/bb/object.h", include_str!("../include/bb/object.h")),
    ("include/bb/sched.h", include_str!("../include/bb/sched.h")),
    ("include/bb/string.h", include_str!("../include/bb/string.h")),
    ("include/bb/tag.h", include_str!("../include/bb/tag.h")),
    ("include/bb/types.h", include_str!("../include/bb/types.h")),
    ("src/all.c", include_str!("../src/all.c")),
    ("src/error.c", include_str!("../src/error.c")),
    ("src/heap.c", include_str!("../src/heap.c")),
    ("src/internal.h", include_str!("../src/internal.h")),
    ("src/io.c", include_str!("../src/io.c")),
    ("src/lib.c", include_str!("../src/lib.c")),
    ("src/numfmt.c", include_str!("../src/numfmt.c")),
    ("src/object.c", include_str!("../src/object.c")),
    ("src/pow10_table.h", include_str!("../src/pow10_table.h")),
    ("src/sched.c", include_str!("../src/sched.c")),
    ("src/string.c", include_str!("../src/string.c")),
    ("src/tag.c", include_str!("../src/tag.c")),
];

/// The file to compile (a unity build that includes every other `.c`).
pub const UNITY_SOURCE: &str = "src/all.c";

/// The include directory to pass with `-I`, relative to where SOURCES were written.
pub const INCLUDE_DIR: &str = "include";

/// Flags that generated code and the runtime must be compiled with.
pub const CFLAGS: &[&str] = &["-std=gnu11", "-fwrapv", "-fno-strict-aliasing", "-ffp-contract=off", "-pthread"];

/// Libraries to link.
pub const LIBS: &[&str] = &["-lm", "-pthread"];

#[cfg(test)]
mod tests {
    use super::*;

    extern "C" {
        /// The C unit tests (tests/unit/*.c), linked in by build.rs; returns
        /// the number of failed checks.
        fn bb_run_unit_tests() -> i32;
    }

    #[test]
    fn c_unit_tests_pass() {
        let failures = unsafe { bb_run_unit_tests() };
        assert_eq!(failures, 0, "C unit tests failed (details on stderr)");
    }

    #[test]
    fn abi_version_matches_header() {
        let (_, bb_h) = SOURCES.iter().find(|(p, _)| *p == "include/bb.h").unwrap();
        let want = format!("#define BB_ABI_VERSION {}", ABI_VERSION);
        assert!(bb_h.contains(&want), "bb.h and lib.rs disagree on the ABI version");
    }

    #[test]
    fn sources_list_every_runtime_file() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for dir in ["include", "include/bb", "src"] {
            for e in std::fs::read_dir(root.join(dir)).unwrap() {
                let p = e.unwrap().path();
                let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
                if ext != "c" && ext != "h" {
                    continue;
                }
                let rel = format!("{}/{}", dir, p.file_name().unwrap().to_str().unwrap());
                let listed = SOURCES.iter().find(|(q, _)| *q == rel);
                assert!(listed.is_some(), "{rel} is missing from SOURCES");
                assert_eq!(listed.unwrap().1, std::fs::read_to_string(&p).unwrap());
            }
        }
        assert!(SOURCES.iter().any(|(p, _)| *p == UNITY_SOURCE));
    }
}
