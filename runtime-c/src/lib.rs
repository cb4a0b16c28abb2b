//! The C runtime's sources, for the driver to hand to the system C compiler.
//!
//! The driver writes every entry of [`SOURCES`] under one folder (keeping the
//! relative paths), writes the generated program next to it, and compiles
//! `src/all.c` plus the generated `.c` files with `$CC` and [`CFLAGS`] (plus
//! `-O2` and [`ALIGN_FLAGS`]), `-I<folder>/include`, and [`LIBS`]; the flags
//! are those of `runtime-c/cflags.txt`. Generated code includes `bb.h` and checks
//! `BB_ABI_VERSION` == [`ABI_VERSION`]. The ABI is documented in
//! `runtime-c/README.md`.

/// The runtime ABI version; `bb.h` defines the same number as `BB_ABI_VERSION`.
pub const ABI_VERSION: u32 = 11;

/// The most cores a program can run on, everywhere: `--cores`, layout and
/// machine files, `BAMBOO_CORES`; the runtime's headers define the same
/// number as `BB_MAX_CORES`.
pub const MAX_CORES: u32 = 1024;

/// Every header and C file of the runtime: (path relative to `runtime-c/`, contents).
pub const SOURCES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The file to compile (a unity build that includes every other `.c`).
pub const UNITY_SOURCE: &str = "src/all.c";

/// The include directory to pass with `-I`, relative to where SOURCES were written.
pub const INCLUDE_DIR: &str = "include";

// CFLAGS, ALIGN_FLAGS and LIBS, read from `runtime-c/cflags.txt` by build.rs.
include!(concat!(env!("OUT_DIR"), "/cflags.rs"));

/// Every native of the standard library (stdlib/NATIVES.md): the key
/// `Class.method(ParamType,...)` (constructors as `Class.<init>(...)`, types
/// spelled as in Bamboo) and the C function implementing it. Calling
/// convention: `ctx` first, then the receiver for instance natives, then the
/// arguments in order; Bamboo types map to C as `boolean`→`bool`,
/// `char`→`bb_char`, `int`→`int32_t`, `long`→`int64_t`, `float`, `double`,
/// `String`→`bb_string *`, arrays→`bb_array *`, other classes→`bb_object *`
/// (or the generated struct pointer). Constructors return the new object.
pub const NATIVES: &[(&str, &str)] = &[
    ("String.<init>()", "bb_String_new"),
    ("String.<init>(String)", "bb_String_newFromString"),
    ("String.<init>(char[])", "bb_String_newFromChars"),
    ("String.<init>(char[],int,int)", "bb_String_newFromChars3"),
    ("String.<init>(byte[])", "bb_String_newFromBytes"),
    ("Double.toString(double)", "bb_Double_toString"),
    ("Double.parseDouble(String)", "bb_Double_parseDouble"),
    (
        "Double.doubleToRawLongBits(double)",
        "bb_Double_doubleToRawLongBits",
    ),
    (
        "Double.longBitsToDouble(long)",
        "bb_Double_longBitsToDouble",
    ),
    ("Float.toString(float)", "bb_Float_toString"),
    ("Float.parseFloat(String)", "bb_Float_parseFloat"),
    (
        "Float.floatToRawIntBits(float)",
        "bb_Float_floatToRawIntBits",
    ),
    ("Float.intBitsToFloat(int)", "bb_Float_intBitsToFloat"),
    ("Character.getType(int)", "bb_Character_getType"),
    ("Character.isUpperCase(int)", "bb_Character_isUpperCase"),
    ("Character.isLowerCase(int)", "bb_Character_isLowerCase"),
    ("Character.toUpperCase(int)", "bb_Character_toUpperCase"),
    ("Character.toLowerCase(int)", "bb_Character_toLowerCase"),
    ("Character.digit(int,int)", "bb_Character_digit"),
    ("Files.readString(String)", "bb_Files_readString"),
    ("Files.readAllBytes(String)", "bb_Files_readAllBytes"),
    ("Files.size(String)", "bb_Files_size"),
    ("Files.readBytes(String,long,int)", "bb_Files_readBytes"),
    (
        "Files.readInto(String,long,byte[],int,int)",
        "bb_Files_readInto",
    ),
    (
        "Arrays.equals(byte[],int,int,byte[],int,int)",
        "bb_Arrays_equalsRange",
    ),
    ("Math.sqrt(double)", "bb_Math_sqrt"),
    ("Math.cbrt(double)", "bb_Math_cbrt"),
    ("Math.sin(double)", "bb_Math_sin"),
    ("Math.cos(double)", "bb_Math_cos"),
    ("Math.tan(double)", "bb_Math_tan"),
    ("Math.asin(double)", "bb_Math_asin"),
    ("Math.acos(double)", "bb_Math_acos"),
    ("Math.atan(double)", "bb_Math_atan"),
    ("Math.atan2(double,double)", "bb_Math_atan2"),
    ("Math.exp(double)", "bb_Math_exp"),
    ("Math.log(double)", "bb_Math_log"),
    ("Math.log10(double)", "bb_Math_log10"),
    ("Math.pow(double,double)", "bb_Math_pow"),
    ("Math.floor(double)", "bb_Math_floor"),
    ("Math.ceil(double)", "bb_Math_ceil"),
    ("Math.rint(double)", "bb_Math_rint"),
    ("Math.hypot(double,double)", "bb_Math_hypot"),
    ("Math.expm1(double)", "bb_Math_expm1"),
    ("Math.log1p(double)", "bb_Math_log1p"),
    ("Math.sinh(double)", "bb_Math_sinh"),
    ("Math.cosh(double)", "bb_Math_cosh"),
    ("Math.tanh(double)", "bb_Math_tanh"),
    ("Math.sqrtf(float)", "bb_Math_sqrtf"),
    ("Math.sinf(float)", "bb_Math_sinf"),
    ("Math.cosf(float)", "bb_Math_cosf"),
    ("Math.expf(float)", "bb_Math_expf"),
    ("Math.logf(float)", "bb_Math_logf"),
    ("Math.powf(float,float)", "bb_Math_powf"),
    ("Math.ceilf(float)", "bb_Math_ceilf"),
    ("Math.floorf(float)", "bb_Math_floorf"),
    ("StrictMath.sqrt(double)", "bb_StrictMath_sqrt"),
    ("StrictMath.log(double)", "bb_StrictMath_log"),
    ("Object.hashCode()", "bb_Object_hashCode"),
    (
        "BambooRuntime.error(String,String)",
        "bb_BambooRuntime_error",
    ),
    (
        "BambooRuntime.className(Object)",
        "bb_BambooRuntime_className",
    ),
    ("String.length()", "bb_String_length"),
    ("String.charAt(int)", "bb_String_charAt"),
    ("String.getChars(int,int,char[],int)", "bb_String_getChars"),
    ("String.equals(Object)", "bb_String_equals"),
    ("String.hashCode()", "bb_String_hashCode"),
    ("String.compareTo(String)", "bb_String_compareTo"),
    ("String.indexOf(int,int)", "bb_String_indexOfChar2"),
    ("String.indexOf(String,int)", "bb_String_indexOf2"),
    ("String.lastIndexOf(int,int)", "bb_String_lastIndexOfChar2"),
    ("String.lastIndexOf(String,int)", "bb_String_lastIndexOf2"),
    ("String.substring(int,int)", "bb_String_substring2"),
    ("String.concat(String)", "bb_String_concat"),
    ("String.toLowerCase()", "bb_String_toLowerCase"),
    ("String.toUpperCase()", "bb_String_toUpperCase"),
    ("String.getBytes()", "bb_String_getBytes"),
    (
        "PrintStream.write(int,String,boolean)",
        "bb_PrintStream_write",
    ),
    ("PrintStream.flush(int)", "bb_PrintStream_flush"),
    ("System.exit(int)", "bb_System_exit"),
    ("System.gc()", "bb_System_gc"),
    ("System.nanoTime()", "bb_System_nanoTime"),
    ("System.currentTimeMillis()", "bb_System_currentTimeMillis"),
    ("System.microTimes()", "bb_System_microTimes"),
    ("System.getticks()", "bb_System_getticks"),
    (
        "System.arraycopy(Object,int,Object,int,int)",
        "bb_System_arraycopy",
    ),
    (
        "System.identityHashCode(Object)",
        "bb_System_identityHashCode",
    ),
];

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

    /// Every `native` declared in stdlib/*.bb has an entry in NATIVES, and
    /// every C function named there is declared in a runtime header.
    #[test]
    fn every_stdlib_native_is_provided() {
        let stdlib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../stdlib");
        let Ok(dir) = std::fs::read_dir(&stdlib) else {
            return;
        };
        let mut missing = Vec::new();
        let mut found = 0;
        for e in dir {
            let p = e.unwrap().path();
            if p.extension().is_none_or(|x| x != "bb") {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            let mut class = String::new();
            for line in text.lines() {
                let code = line.split("//").next().unwrap();
                let words: Vec<&str> = code.split_whitespace().collect();
                let modifiers = ["public", "final", "abstract"];
                if let Some(i) = words.iter().position(|w| *w == "class") {
                    if !words[..i].iter().all(|w| modifiers.contains(w)) {
                        continue;
                    }
                    if let Some(name) = words.get(i + 1) {
                        class = name.trim_end_matches('{').to_string();
                    }
                }
                let Some(pos) = code.find(" native ") else {
                    continue;
                };
                let after = &code[pos + 8..];
                let open = after.find('(').unwrap();
                let close = after.find(')').unwrap();
                let name = after[..open].split_whitespace().last().unwrap();
                let params: Vec<String> = after[open + 1..close]
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| {
                        let ws: Vec<&str> = s.split_whitespace().collect();
                        ws[..ws.len() - 1].join(" ")
                    })
                    .collect();
                let key = format!("{class}.{name}({})", params.join(","));
                found += 1;
                if !NATIVES.iter().any(|(k, _)| *k == key) {
                    missing.push(key);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "natives without a C implementation: {missing:?}"
        );
        assert!(found == 0 || found + 5 <= NATIVES.len());
        let headers: String = SOURCES
            .iter()
            .filter(|(p, _)| p.starts_with("include/"))
            .map(|(_, s)| *s)
            .collect();
        for (key, c) in NATIVES {
            let m = c.trim_start_matches("bb_Math_");
            let declared = headers.contains(&format!("{c}("))
                || (c.starts_with("bb_Math_")
                    && (headers.contains(&format!("BB__M1({m},"))
                        || headers.contains(&format!("BB__F1({m},"))));
            assert!(
                declared,
                "{key}: {c} is not declared in the runtime headers"
            );
        }
    }

    #[test]
    fn abi_version_matches_header() {
        let (_, bb_h) = SOURCES.iter().find(|(p, _)| *p == "include/bb.h").unwrap();
        let want = format!("#define BB_ABI_VERSION {}", ABI_VERSION);
        assert!(
            bb_h.contains(&want),
            "bb.h and lib.rs disagree on the ABI version"
        );
    }

    #[test]
    fn core_limit_matches_header() {
        let (_, types_h) = SOURCES
            .iter()
            .find(|(p, _)| *p == "include/bb/types.h")
            .unwrap();
        let want = format!("#define BB_MAX_CORES    {MAX_CORES} ");
        assert!(
            types_h.contains(&want),
            "bb/types.h and lib.rs disagree on the core limit"
        );
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
