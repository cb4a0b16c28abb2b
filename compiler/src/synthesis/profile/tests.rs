//! Unit tests: the format, every validation error, exit numbering, the
//! fingerprint and the model.

use super::*;
use crate::analysis::cstg::CstgEdge;
use crate::synthesis::markov::*;
use crate::test_support::program;

pub(super) const SRC: &str = r#"
class Text { flag process; flag submit; int n; }
class Results { flag finished; int merged; }
task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 3; i++) { Text t = new Text() { process := true }; }
    Results r = new Results() { finished := false };
    taskexit(s: initialstate := false);
}
task processText(Text tp in process) {
    tp.n = 1;
    taskexit(tp: process := false, submit := true);
}
task merge(Results rp in !finished, Text tp in submit) {
    rp.merged++;
    if (rp.merged == 3) taskexit(rp: finished := true; tp: submit := false);
    taskexit(tp: submit := false);
}
"#;

fn exit(exit: u32, count: u64, probability: f64, allocations: Vec<AllocProfile>) -> ExitProfile {
    ExitProfile {
        tags: vec![],
        param_bytes_mean: None,
        exit,
        count,
        probability,
        time_mean_ns: 100.0,
        time_var_ns2: 4.0,
        sched_mean_ns: None,
        alloc_bytes_mean: None,
        allocations,
    }
}

/// The profile a run of SRC writes (times made up).
fn good(p: &Program) -> Profile {
    Profile {
        format: FORMAT.into(),
        version: VERSION,
        program: "test".into(),
        fingerprint: fingerprint(p),
        complete: true,
        clock: "CLOCK_MONOTONIC".into(),
        clock_overhead_ns: 20,
        total_ns: 10_000,
        task_ns: 700.0,
        init_ns: 0,
        sched_ns: 0.0,
        gc_ns: 0,
        gc_mark_ns: 0,
        collections: 0,
        gc_min_bytes: 0,
        gc_live_bytes: 0,
        finish_ns: 0,
        profiler_ns: 0.0,
        timed_invocations: 0,
        invocations: 7,
        allocations_outside_tasks: 0,
        tasks: vec![
            TaskProfile {
                task: "startup".into(),
                invocations: 1,
                exits: vec![
                    exit(0, 0, 0.0, vec![]),
                    exit(
                        1,
                        1,
                        1.0,
                        vec![
                            AllocProfile {
                                order: 0.0,
                                bytes_mean: None,
                                site: 0,
                                class: "Text".into(),
                                total: 3,
                                mean: 3.0,
                            },
                            AllocProfile {
                                order: 0.0,
                                bytes_mean: None,
                                site: 1,
                                class: "Results".into(),
                                total: 1,
                                mean: 1.0,
                            },
                        ],
                    ),
                ],
            },
            TaskProfile {
                task: "processText".into(),
                invocations: 3,
                exits: vec![exit(0, 0, 0.0, vec![]), exit(1, 3, 1.0, vec![])],
            },
            TaskProfile {
                task: "merge".into(),
                invocations: 3,
                exits: vec![
                    exit(0, 0, 0.0, vec![]),
                    exit(1, 1, 1.0 / 3.0, vec![]),
                    exit(2, 2, 2.0 / 3.0, vec![]),
                ],
            },
        ],
    }
}

/// Reads `text` as a profile of SRC and returns the error.
pub(super) fn err(p: &Program, text: &str) -> ProfileError {
    Profile::from_json(p, text).expect_err("the profile should be rejected")
}

/// The good profile changed by `f`, as JSON.
pub(super) fn edited(p: &Program, f: impl FnOnce(&mut Profile)) -> String {
    let mut prof = good(p);
    f(&mut prof);
    prof.to_json()
}

/// The good profile's JSON changed by `f` on its JSON value.
fn edited_json(p: &Program, f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&good(p).to_json()).unwrap();
    f(&mut v);
    v.to_string()
}

#[test]
fn a_good_profile_round_trips() {
    let p = program(SRC);
    let text = good(&p).to_json();
    assert_eq!(Profile::from_json(&p, &text), Ok(good(&p)));
}

#[test]
fn runtime_exits_map_to_hir_exits() {
    let p = program(SRC);
    let merge = &p.tasks[2];
    assert_eq!(merge.exits.len(), 3);
    assert!(merge.exits[2].implicit);
    assert_eq!(exit_id(merge, 0), Some(ExitId(2)));
    assert_eq!(exit_id(merge, 1), Some(ExitId(0)));
    assert_eq!(exit_id(merge, 2), Some(ExitId(1)));
    assert_eq!(exit_id(merge, 3), None);
    for e in 0..3 {
        assert_eq!(runtime_exit(merge, exit_id(merge, e).unwrap()), e);
    }
}

#[test]
fn fingerprint_is_stable_and_tracks_tasks_and_sites() {
    let p = program(SRC);
    let f = fingerprint(&p);
    assert_eq!(f.len(), 16);
    assert_eq!(f, fingerprint(&program(SRC)));
    // A method body does not matter.
    let body = SRC.replace("tp.n = 1;", "tp.n = 2;");
    assert_eq!(f, fingerprint(&program(&body)));
    // A task's exit, a guard, an allocation site do.
    let exit = SRC.replace("submit := true);", "submit := false);");
    assert_ne!(f, fingerprint(&program(&exit)));
    let guard = SRC.replace("Text tp in process)", "Text tp in !submit)");
    assert_ne!(f, fingerprint(&program(&guard)));
    let site = SRC.replace(
        "Results r = new Results() { finished := false };",
        "Results r = new Results() { finished := false }; Text u = new Text() { submit := true };",
    );
    assert_ne!(f, fingerprint(&program(&site)));
}

#[test]
fn truncated() {
    let p = program(SRC);
    let text = good(&p).to_json();
    for cut in [0, 1, text.len() / 2, text.len() - 2] {
        assert!(
            matches!(err(&p, &text[..cut]), ProfileError::Truncated { .. }),
            "cut at {cut}"
        );
    }
}

#[test]
fn malformed_json_and_shape() {
    let p = program(SRC);
    assert!(matches!(
        err(&p, "{\"format\": \"bambooc-profile\",, }"),
        ProfileError::Malformed { line: 1, .. }
    ));
    let missing = edited_json(&p, |v| {
        v.as_object_mut().unwrap().remove("tasks");
    });
    match err(&p, &missing) {
        ProfileError::Malformed { detail, .. } => assert!(detail.contains("tasks"), "{detail}"),
        e => panic!("{e:?}"),
    }
    let unknown = edited_json(&p, |v| v["tasks"][0]["colour"] = "red".into());
    match err(&p, &unknown) {
        ProfileError::Malformed { detail, .. } => assert!(detail.contains("colour"), "{detail}"),
        e => panic!("{e:?}"),
    }
    let wrong_type = edited_json(&p, |v| v["tasks"][0]["invocations"] = "one".into());
    assert!(matches!(
        err(&p, &wrong_type),
        ProfileError::Malformed { .. }
    ));
}

#[test]
fn not_a_profile() {
    let p = program(SRC);
    assert_eq!(
        err(&p, "{\"traceEvents\": []}"),
        ProfileError::NotAProfile { found: None }
    );
    assert_eq!(err(&p, "[1, 2]"), ProfileError::NotAProfile { found: None });
    let other = edited(&p, |x| x.format = "gprof".into());
    assert_eq!(
        err(&p, &other),
        ProfileError::NotAProfile {
            found: Some("gprof".into())
        }
    );
}

#[test]
fn older_or_newer_version() {
    let p = program(SRC);
    // An older format is reported as such even if its fields differ.
    let old = r#"{"format": "bambooc-profile", "version": 0, "tasks": {}}"#;
    assert_eq!(
        err(&p, old),
        ProfileError::UnsupportedVersion { found: "0".into() }
    );
    let newer = edited(&p, |x| x.version = VERSION + 1);
    assert_eq!(
        err(&p, &newer),
        ProfileError::UnsupportedVersion {
            found: (VERSION + 1).to_string()
        }
    );
    // Version 3, without the heap figures, is still read.
    let three = edited(&p, |x| x.version = 3);
    assert!(Profile::from_json(&p, &three).is_ok());
    // Versions 1 (no time outside the bodies) and 2 (no tag bindings) are
    // the previous formats, and the error says what they lack.
    for old in [1, 2] {
        let text = edited(&p, |x| x.version = old);
        let e = err(&p, &text);
        assert_eq!(
            e,
            ProfileError::UnsupportedVersion {
                found: old.to_string()
            }
        );
        let shown = format!("{:?}", crate::diagnostics::profile_diagnostic("p.json", &e));
        assert!(shown.contains("do not record tag bindings"), "{shown}");
    }
    let none = edited_json(&p, |v| {
        v.as_object_mut().unwrap().remove("version");
    });
    assert_eq!(
        err(&p, &none),
        ProfileError::UnsupportedVersion {
            found: "none".into()
        }
    );
}

#[test]
fn negative_figures() {
    let p = program(SRC);
    let count = edited_json(&p, |v| v["tasks"][1]["exits"][1]["count"] = (-3).into());
    assert_eq!(
        err(&p, &count),
        ProfileError::NegativeFigure {
            path: "tasks[1].exits[1].count".into(),
            value: -3.0
        }
    );
    let time = edited(&p, |x| x.tasks[2].exits[1].time_mean_ns = -0.5);
    assert_eq!(
        err(&p, &time),
        ProfileError::NegativeFigure {
            path: "tasks[2].exits[1].time_mean_ns".into(),
            value: -0.5
        }
    );
}

#[test]
fn figures_beyond_any_run_are_rejected() {
    // An allocation mean of 10^12 (or 10^9) once made the simulator of
    // `--profile P --cores 4` allocate gigabytes and abort. One invocation
    // making 10^12 objects is simulated as a window's worth of them; many
    // invocations making 10^12 each would still be too many.
    let p = program(SRC);
    let huge = edited(&p, |x| {
        let a = &mut x.tasks[0].exits[1].allocations[0];
        (a.mean, a.total) = (1e12, 1_000_000_000_000);
    });
    assert!(Profile::from_json(&p, &huge).is_ok());
    let window = crate::synthesis::sim::WINDOW;
    let many = edited(&p, |x| {
        x.tasks[0].invocations = window;
        x.invocations += window - 1;
        let e = &mut x.tasks[0].exits[1];
        e.count = window;
        let a = &mut e.allocations[0];
        (a.mean, a.total) = (1e12, 1_000_000_000_000 * window);
        let results = &mut e.allocations[1];
        (results.mean, results.total) = (1.0, window);
    });
    assert_eq!(
        err(&p, &many),
        ProfileError::TooManyObjects {
            total: window * window + window
        }
    );
    let inconsistent = edited(&p, |x| x.tasks[0].exits[1].allocations[0].mean = 1e9);
    assert_eq!(
        err(&p, &inconsistent),
        ProfileError::AllocMeanMismatch {
            task: "startup".into(),
            exit: 1,
            site: 0,
            mean: 1e9,
            total: 3,
            count: 1
        }
    );
    let time = edited(&p, |x| x.tasks[2].exits[1].time_mean_ns = 1e300);
    assert_eq!(
        err(&p, &time),
        ProfileError::FigureTooLarge {
            path: "tasks[2].exits[1].time_mean_ns".into(),
            value: 1e300,
            limit: MAX_FIGURE
        }
    );
    // A variance in squared nanoseconds of tasks varying by seconds is
    // read; one beyond the square of the limit is not.
    let seconds = edited(&p, |x| x.tasks[2].exits[1].time_var_ns2 = 4e18);
    assert!(Profile::from_json(&p, &seconds).is_ok());
    let var = edited(&p, |x| x.tasks[2].exits[1].time_var_ns2 = 1e40);
    assert_eq!(
        err(&p, &var),
        ProfileError::FigureTooLarge {
            path: "tasks[2].exits[1].time_var_ns2".into(),
            value: 1e40,
            limit: MAX_FIGURE * MAX_FIGURE
        }
    );
    // At the limits, a profile is still read.
    let most = edited(&p, |x| {
        let a = &mut x.tasks[0].exits[1].allocations[0];
        (a.mean, a.total) = ((MAX_TASK_OBJECTS - 1) as f64, MAX_TASK_OBJECTS - 1);
    });
    assert!(Profile::from_json(&p, &most).is_ok());
}

#[test]
fn not_a_number_is_malformed() {
    // JSON has no NaN; a profile writer that printed one made a bad file.
    let p = program(SRC);
    let text = good(&p)
        .to_json()
        .replacen("\"time_var_ns2\": 4.0", "\"time_var_ns2\": NaN", 1);
    assert!(matches!(err(&p, &text), ProfileError::Malformed { .. }));
    let huge = good(&p)
        .to_json()
        .replacen("\"time_var_ns2\": 4.0", "\"time_var_ns2\": 1e999", 1);
    assert!(matches!(err(&p, &huge), ProfileError::Malformed { .. }));
}

#[test]
fn another_programs_profile() {
    let p = program(SRC);
    let other = program(&SRC.replace("task merge(", "task mergeAll("));
    let text = good(&other).to_json(); // names `merge`, fingerprint of `other`
    match err(&p, &text) {
        ProfileError::OtherProgram {
            program,
            found,
            expected,
            difference,
        } => {
            assert_eq!(program, "test");
            assert_eq!(found, fingerprint(&other));
            assert_eq!(expected, fingerprint(&p));
            assert_eq!(difference, None);
        }
        e => panic!("{e:?}"),
    }
    // A profile naming tasks this program lacks says so in the difference.
    let renamed = edited(&p, |x| {
        x.fingerprint = "0123456789abcdef".into();
        x.tasks[2].task = "mergeAll".into();
    });
    match err(&p, &renamed) {
        ProfileError::OtherProgram { difference, .. } => assert_eq!(
            difference.as_deref(),
            Some(&ProfileError::UnknownTask {
                name: "mergeAll".into(),
                suggestion: None
            })
        ),
        e => panic!("{e:?}"),
    }
}

#[test]
fn unknown_and_duplicate_tasks() {
    let p = program(SRC);
    let unknown = edited(&p, |x| x.tasks[1].task = "procesText".into());
    assert_eq!(
        err(&p, &unknown),
        ProfileError::UnknownTask {
            name: "procesText".into(),
            suggestion: Some("processText".into())
        }
    );
    let twice = edited(&p, |x| {
        let t = x.tasks[1].clone();
        x.tasks.push(t);
        x.invocations += 3;
    });
    assert_eq!(
        err(&p, &twice),
        ProfileError::DuplicateTask {
            name: "processText".into()
        }
    );
}

#[test]
fn exit_out_of_range_or_twice() {
    let p = program(SRC);
    let range = edited(&p, |x| x.tasks[1].exits[1].exit = 2);
    assert_eq!(
        err(&p, &range),
        ProfileError::ExitOutOfRange {
            task: "processText".into(),
            exit: 2,
            nexits: 2
        }
    );
    let twice = edited(&p, |x| x.tasks[2].exits[0].exit = 1);
    assert_eq!(
        err(&p, &twice),
        ProfileError::DuplicateExit {
            task: "merge".into(),
            exit: 1
        }
    );
}

#[test]
fn counts_must_add_up() {
    let p = program(SRC);
    let task = edited(&p, |x| x.tasks[1].invocations = 4);
    assert_eq!(
        err(&p, &task),
        ProfileError::CountMismatch {
            task: Some("processText".into()),
            sum: 3,
            stated: 4
        }
    );
    let total = edited(&p, |x| x.invocations = 8);
    assert_eq!(
        err(&p, &total),
        ProfileError::CountMismatch {
            task: None,
            sum: 7,
            stated: 8
        }
    );
}

#[test]
fn probabilities() {
    let p = program(SRC);
    let above = edited(&p, |x| x.tasks[1].exits[1].probability = 1.5);
    assert_eq!(
        err(&p, &above),
        ProfileError::BadProbability {
            task: "processText".into(),
            exit: 1,
            value: 1.5
        }
    );
    let sum = edited(&p, |x| x.tasks[2].exits[1].probability = 0.3);
    assert!(matches!(
        err(&p, &sum),
        ProfileError::ProbabilitySum { ref task, invocations: 3, .. } if task == "merge"
    ));
    // Within the tolerance is fine.
    let close = edited(&p, |x| x.tasks[2].exits[1].probability = 1.0 / 3.0 + 1e-9);
    assert!(Profile::from_json(&p, &close).is_ok());
    // A task that never ran has no probabilities.
    let never = edited(&p, |x| {
        x.tasks[1].invocations = 0;
        x.tasks[1].exits[1].count = 0;
        x.invocations = 4;
    });
    assert_eq!(
        err(&p, &never),
        ProfileError::ProbabilitySum {
            task: "processText".into(),
            sum: 1.0,
            invocations: 0
        }
    );
}

#[test]
fn allocation_sites() {
    let p = program(SRC);
    let range = edited(&p, |x| x.tasks[0].exits[1].allocations[1].site = 7);
    assert_eq!(
        err(&p, &range),
        ProfileError::SiteOutOfRange {
            task: "startup".into(),
            exit: 1,
            site: 7,
            nsites: 2
        }
    );
    let class = edited(&p, |x| {
        x.tasks[0].exits[1].allocations[1].class = "Text".into()
    });
    assert_eq!(
        err(&p, &class),
        ProfileError::SiteClassMismatch {
            task: "startup".into(),
            exit: 1,
            site: 1,
            found: "Text".into(),
            expected: "Results".into()
        }
    );
    let twice = edited(&p, |x| x.tasks[0].exits[1].allocations[1].site = 0);
    assert!(matches!(
        err(&p, &twice),
        ProfileError::DuplicateSite { site: 0, .. }
    ));
}

#[test]
fn every_error_has_a_catalogued_code() {
    let p = program(SRC);
    let errors = [
        err(&p, ""),
        err(&p, "{,}"),
        err(&p, "{}"),
        err(&p, r#"{"format": "bambooc-profile"}"#),
        err(&p, &edited(&p, |x| x.tasks[1].exits[1].time_mean_ns = -1.0)),
        err(&p, &edited(&p, |x| x.fingerprint = "x".into())),
        err(&p, &edited(&p, |x| x.tasks[1].task = "nope".into())),
        err(&p, &edited(&p, |x| x.tasks[1].exits[1].exit = 9)),
        err(&p, &edited(&p, |x| x.invocations = 1)),
        err(
            &p,
            &edited(&p, |x| x.tasks[0].exits[1].allocations[0].site = 9),
        ),
        err(&p, &edited(&p, |x| x.tasks[2].exits[0].exit = 2)),
    ];
    let mut codes = BTreeSet::new();
    for e in &errors {
        let d = crate::diagnostics::profile_diagnostic("p.profile", e);
        assert!(crate::diagnostics::explain(d.code).is_some(), "{}", d.code);
        assert!(d.message.contains("p.profile"), "{}", d.message);
        codes.insert(d.code);
    }
    assert_eq!(codes.len(), errors.len(), "{codes:?}");
}

#[test]
fn model_from_profile() {
    let p = program(SRC);
    let prof = good(&p);
    let hints = [CountHint {
        task: "merge".into(),
        counting: Counting::PerObject,
    }];
    let m = MarkovModel::from_profile(&p, &prof, &hints).unwrap();
    assert!(m.complete);
    let startup = m.exits(TaskId(0));
    // HIR exit 0 is the `taskexit`, runtime exit 1.
    assert_eq!(startup[0].runtime_exit, 1);
    assert_eq!(startup[0].probability, 1.0);
    assert_eq!(
        startup[0].allocs,
        vec![(AllocSiteId(0), 3.0), (AllocSiteId(1), 1.0)]
    );
    assert_eq!(startup[1].runtime_exit, 0);
    assert_eq!(startup[1].count, 0);
    assert_eq!(m.expected_allocs(TaskId(0), AllocSiteId(0)), 3.0);
    assert_eq!(m.invocations(TaskId(2)), 3);
    assert_eq!(m.counting(TaskId(2)), Counting::PerObject);
    assert_eq!(m.counting(TaskId(1)), Counting::PerTask);
    let merge = m.exits(TaskId(2));
    assert_eq!(merge[0].count, 1);
    assert_eq!(merge[1].count, 2);
    assert!((m.expected_ns(TaskId(2)) - 100.0).abs() < 1e-9);
    let bad = [CountHint {
        task: "merg".into(),
        counting: Counting::PerObject,
    }];
    assert_eq!(
        MarkovModel::from_profile(&p, &prof, &bad),
        Err(UnknownHintTask {
            name: "merg".into(),
            suggestion: Some("merge".into())
        })
    );
}

#[test]
fn model_on_the_cstg() {
    let p = program(SRC);
    let astgs = crate::analysis::astg::build(&p);
    let cstg = crate::analysis::cstg::build(&p, &astgs);
    let m = model(&p, &cstg, &good(&p));
    let node = |label: &str| {
        cstg.graph
            .node_indices()
            .find(|&n| cstg.graph[n].state.label(&p) == label)
            .unwrap_or_else(|| panic!("no state {label}"))
    };
    // Every exit takes 100 ns. A Text is processed (100) then merged (100);
    // Results loops with probability 2/3: T = 100 + 2/3 T.
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6 * b.max(1.0);
    assert!(close(m.node_time(node("Text{process}")), 200.0));
    assert!(close(m.node_time(node("Text{submit}")), 100.0));
    assert!(close(m.node_time(node("Results{}")), 300.0));
    assert!(close(
        m.node_time(node("StartupObject{initialstate}")),
        100.0
    ));
    assert_eq!(m.node_time(node("Text{}")), 0.0);
    // Edge labels of Figure 3.
    let mut new_text = None;
    for e in cstg.graph.edge_indices() {
        match (cstg.graph[e], m.edge(e)) {
            (
                CstgEdge::Transition { task, exit, .. },
                Some(EdgeStats::Transition {
                    probability,
                    mean_ns,
                }),
            ) => {
                assert_eq!(*probability, m.exits(task)[exit.0 as usize].probability);
                assert_eq!(*mean_ns, m.exits(task)[exit.0 as usize].mean_ns);
            }
            (CstgEdge::NewObject { site, exit, .. }, Some(EdgeStats::NewObject { expected })) => {
                if site == AllocSiteId(0) && exit == ExitId(0) {
                    new_text = Some(*expected);
                }
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(new_text, Some(3.0));
    // The merge task loops on the Results object with probability 2/3:
    // counted per object unless a hint says otherwise.
    assert_eq!(m.counting(TaskId(2)), Counting::PerObject);
    assert_eq!(m.counting(TaskId(1)), Counting::PerTask);
    let hint = [CountHint {
        task: "merge".into(),
        counting: Counting::PerTask,
    }];
    let hinted = model_with_hints(&p, &cstg, &good(&p), &hint).unwrap();
    assert_eq!(hinted.counting(TaskId(2)), Counting::PerTask);
}

const TAGGED: &str = r#"
class Part { flag ready; flag done; }
task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 2; i++) {
        tag t = new tag(pair);
        Part a = new Part() { ready := true, add t };
        Part b = new Part() { ready := true, add t };
    }
    taskexit(s: initialstate := false);
}
task join(Part a in ready with pair t, Part b in ready with pair t) {
    taskexit(a: ready := false, done := true; b: ready := false);
}
"#;

/// A profile of TAGGED whose startup exit binds its sites' objects to new
/// pair tags, one per two objects.
fn tagged_profile(p: &Program) -> Profile {
    let site = |site: u32| TagBindingProfile {
        param: None,
        site: Some(site),
        tag: "pair".into(),
        bound: 2,
        fresh: if site == 0 { 2 } else { 0 },
        from_params: vec![0],
    };
    let mut startup = exit(
        1,
        1,
        1.0,
        (0..2)
            .map(|site| AllocProfile {
                order: 0.0,
                bytes_mean: None,
                site,
                class: "Part".into(),
                total: 2,
                mean: 2.0,
            })
            .collect(),
    );
    startup.tags = vec![site(0), site(1)];
    Profile {
        tasks: vec![
            TaskProfile {
                task: "startup".into(),
                invocations: 1,
                exits: vec![exit(0, 0, 0.0, vec![]), startup],
            },
            TaskProfile {
                task: "join".into(),
                invocations: 2,
                exits: vec![exit(0, 0, 0.0, vec![]), exit(1, 2, 1.0, vec![])],
            },
        ],
        invocations: 3,
        fingerprint: fingerprint(p),
        ..good(p)
    }
}

#[test]
fn tag_bindings_are_read_and_checked() {
    let p = program(TAGGED);
    let good = tagged_profile(&p);
    let read = Profile::from_json(&p, &good.to_json()).expect("a good profile");
    let m = MarkovModel::from_profile(&p, &read, &[]).unwrap();
    let tags = &m.exits(TaskId(0))[0].tags;
    assert_eq!(tags.len(), 2);
    assert_eq!(tags[0].point, BindPoint::Site(AllocSiteId(0)));
    assert_eq!((tags[0].bound, tags[0].fresh), (2, 2));
    let bad = |f: &dyn Fn(&mut TagBindingProfile)| {
        let mut prof = tagged_profile(&p);
        f(&mut prof.tasks[0].exits[1].tags[0]);
        match Profile::from_json(&p, &prof.to_json()) {
            Err(ProfileError::BadTagBinding { problem, .. }) => problem,
            other => panic!("expected a tag binding error, got {other:?}"),
        }
    };
    assert_eq!(
        bad(&|b| b.tag = "link".into()),
        TagBindingProblem::UnknownTagType {
            name: "link".into()
        }
    );
    assert_eq!(
        bad(&|b| b.site = Some(9)),
        TagBindingProblem::SiteOutOfRange { site: 9, nsites: 2 }
    );
    assert_eq!(bad(&|b| b.param = Some(3)), TagBindingProblem::NoPoint);
    assert_eq!(
        bad(&|b| (b.site, b.param) = (None, Some(3))),
        TagBindingProblem::ParamOutOfRange {
            param: 3,
            nparams: 1
        }
    );
    assert_eq!(
        bad(&|b| b.fresh = 3),
        TagBindingProblem::CountAboveBound { tag: "pair".into() }
    );
    assert_eq!(
        bad(&|b| b.from_params = vec![]),
        TagBindingProblem::FromParamsLength {
            tag: "pair".into(),
            found: 0,
            nparams: 1
        }
    );
    assert_eq!(
        bad(&|b| b.site = Some(1)),
        TagBindingProblem::Duplicate { tag: "pair".into() }
    );
}
