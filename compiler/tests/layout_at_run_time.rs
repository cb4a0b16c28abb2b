//! Layouts at run time (issue 31): `BAMBOO_LAYOUT=file.json` gives an
//! executable its layout when it starts (runtime-c/src/layout.c). One
//! build of `tests/manycore/relayout.bb` for 2 cores runs with the default
//! layout and the `--spread` one, both written by `bambooc --emit layout`,
//! and with an edited one; BAMBOO_STATS and BAMBOO_TRACE show each took
//! effect. A layout that does not fit (missing, not JSON, another
//! program's, for other cores, naming an unknown task) ends the run with
//! one line naming BAMBOO_LAYOUT and exit status 2.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The sorted lines `relayout.bb` prints.
const ITEMS: &str = "item 1\nitem 11\nitem 21\nitem 31\nitem 41\nitem 51\nitem 61\nitem 71\n";

/// A layout file, the environment to run with, and what its error says.
type Refusal<'a> = (PathBuf, &'a [(&'a str, &'a str)], String);

/// A scratch folder for test `test`.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bambooc-relayout-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `bambooc ARGS... SOURCE -o OUT` with `--emit layout`: builds `out` and
/// writes `out.layout.json`, whose path it returns.
fn build_emitting_layout(source: &str, args: &[&str], out: &Path) -> PathBuf {
    std::env::set_current_dir(common::repo_root()).unwrap();
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .args(["-O1", "--emit", "layout"])
            .args(args)
            .arg(source)
            .arg("-o")
            .arg(out),
    );
    PathBuf::from(format!("{}.layout.json", out.display()))
}

/// Runs `exe` with `BAMBOO_LAYOUT=layout` (when given), no balancing (so
/// the routes alone decide), statistics, a trace and `env`.
fn run(exe: &Path, layout: Option<&Path>, env: &[(&str, &str)]) -> (Output, serde_json::Value) {
    let trace = exe.with_extension("trace.json");
    let _ = std::fs::remove_file(&trace);
    let mut cmd = Command::new(exe);
    cmd.env("BAMBOO_BALANCE", "0")
        .env("BAMBOO_STATS", "1")
        .env("BAMBOO_TRACE", &trace)
        .envs(env.iter().copied());
    if let Some(layout) = layout {
        cmd.env("BAMBOO_LAYOUT", layout);
    }
    let out = cmd.output().unwrap();
    let json = std::fs::read_to_string(&trace)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    (out, json)
}

fn sorted_stdout(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort_unstable();
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Trace events of `task` with phase `ph` ("X" an invocation, "s" a hand-off
/// sent), counted per core (track).
fn per_core(trace: &serde_json::Value, task: &str, ph: &str) -> [u32; 2] {
    let mut n = [0; 2];
    for e in trace["traceEvents"].as_array().unwrap() {
        if e["name"] == task && e["ph"] == ph {
            n[e["tid"].as_u64().unwrap() as usize] += 1;
        }
    }
    n
}

/// The count of objects core `core` sent, from BAMBOO_STATS.
fn sent_by(out: &Output, core: u32) -> u64 {
    let stats = String::from_utf8_lossy(&out.stderr);
    let line = stats
        .lines()
        .find(|l| l.starts_with(&format!("bamboo: stats: core {core}:")))
        .unwrap_or_else(|| panic!("no stats for core {core}:\n{stats}"));
    let after = line.split(", sent ").nth(1).unwrap();
    after.split(',').next().unwrap().parse().unwrap()
}

#[test]
fn one_executable_runs_the_layouts_it_is_given() {
    let dir = scratch("layouts");
    let src = "tests/manycore/relayout.bb";
    let exe = dir.join("relayout");
    let default = build_emitting_layout(src, &["--cores", "2"], &exe);
    let spread = build_emitting_layout(src, &["--cores", "2", "--spread"], &dir.join("spread"));
    let policy = |file: &Path, task: &str| {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        json["policies"][task].as_str().unwrap().to_string()
    };
    assert_eq!(policy(&default, "report"), "here");
    assert_eq!(policy(&spread, "report"), "round-robin");

    // The default layout, compiled in or given: `work` alternates between
    // the cores and each `report` stays where its `work` ran, so core 1
    // sends nothing.
    for layout in [None, Some(default.as_path())] {
        let (out, trace) = run(&exe, layout, &[]);
        assert!(out.status.success(), "{layout:?}: {out:?}");
        assert_eq!(sorted_stdout(&out), ITEMS);
        assert_eq!(per_core(&trace, "work", "X"), [4, 4], "{layout:?}");
        assert_eq!(per_core(&trace, "report", "s"), [0, 0], "{layout:?}");
        assert_eq!(sent_by(&out, 1), 0, "{layout:?}");
    }

    // The spread layout: each core sends `report` round-robin from its own
    // index, so half of each core's reports cross to the other core.
    let (out, trace) = run(&exe, Some(&spread), &[]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(sorted_stdout(&out), ITEMS);
    assert_eq!(per_core(&trace, "report", "s"), [2, 2]);
    assert_eq!(sent_by(&out, 1), 2);

    // An edited layout: `work` once, on core 1.
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&spread).unwrap()).unwrap();
    json["policies"]["work"] = "single".into();
    for (c, core) in json["cores"].as_array_mut().unwrap().iter_mut().enumerate() {
        core["routes"]["work"] = serde_json::json!([1]);
        if c == 0 {
            core["tasks"] = serde_json::json!(["startup", "report"]);
        }
    }
    let edited = dir.join("edited.layout.json");
    std::fs::write(&edited, json.to_string()).unwrap();
    let (out, trace) = run(&exe, Some(&edited), &[]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(sorted_stdout(&out), ITEMS);
    assert_eq!(per_core(&trace, "work", "X"), [0, 8]);

    // A build with a layout compiled in takes another just as well.
    let fixed = dir.join("fixed");
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .args(["-O1", "--layout"])
            .arg(&edited)
            .arg(src)
            .arg("-o")
            .arg(&fixed),
    );
    let (_, trace) = run(&fixed, None, &[]);
    assert_eq!(per_core(&trace, "work", "X"), [0, 8]);
    let (out, trace) = run(&fixed, Some(&spread), &[]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(per_core(&trace, "report", "s"), [2, 2]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_layout_that_does_not_fit_is_refused() {
    let dir = scratch("refused");
    let exe = dir.join("relayout");
    let layout = build_emitting_layout(
        "tests/manycore/relayout.bb",
        &["--cores", "2", "--spread"],
        &exe,
    );
    let text = std::fs::read_to_string(&layout).unwrap();
    let other = build_emitting_layout(
        "tests/manycore/roundrobin.bb",
        &["--cores", "2", "--spread"],
        &dir.join("roundrobin"),
    );
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    // Cut after line 6 (`"machine": "smp",`): a key should follow.
    let cut: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
    let cases: Vec<Refusal> = vec![
        (
            dir.join("missing.json"),
            &[],
            "cannot read it: No such file or directory".into(),
        ),
        (
            write("cut.json", &cut),
            &[],
            "line 7: expected a key, found the end of the file".into(),
        ),
        (
            other.clone(),
            &[],
            "was made for a program with fingerprint ".into(),
        ),
        (
            layout.clone(),
            &[("BAMBOO_CORES", "3")],
            "has 2 cores, but this run has 3 (BAMBOO_CORES=3)".into(),
        ),
        (
            write(
                "unknown.json",
                &text.replacen(
                    "\"report\": \"round-robin\"",
                    "\"reprot\": \"round-robin\"",
                    1,
                ),
            ),
            &[],
            "line 8: `policies` names unknown task `reprot`".into(),
        ),
    ];
    for (path, env, want) in cases {
        let (out, _) = run(&exe, Some(&path), env);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {stderr}", path.display());
        assert!(out.stdout.is_empty(), "{}", path.display());
        let prefix = format!("bamboo: error: BAMBOO_LAYOUT={}: ", path.display());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&prefix) && stderr.contains(&want),
            "{}: wanted `{want}` in\n{stderr}",
            path.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
