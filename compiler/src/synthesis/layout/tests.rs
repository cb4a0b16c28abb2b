//! Tests of layouts: the default's policies, the file format and its rules.
use super::*;

use crate::test_support::program;

const KEYWORD: &str = include_str!("../../../../examples/keyword.bb");

#[test]
fn default_layout_spreads_workers_and_keeps_merges_single() {
    let p = program(KEYWORD);
    let l = Layout::default_for(&p, "keyword", "smp:4", 4);
    let id = |n: &str| TaskId(p.tasks.iter().position(|t| t.name == n).unwrap() as u32);
    assert_eq!(l.instances(id("processText")), vec![0, 1, 2, 3]);
    assert_eq!(l.policies[id("processText").0 as usize], Policy::RoundRobin);
    assert_eq!(l.instances(id("startup")), vec![0]);
    assert_eq!(l.instances(id("mergeIntermediateResult")), vec![0]);
    assert_eq!(l.validate(&p, 4), Ok(()));
}

#[test]
fn json_round_trips_and_is_checked() {
    let p = program(KEYWORD);
    let l = Layout::default_for(&p, "keyword", "smp:2", 2);
    let text = l.to_json(&p);
    assert_eq!(Layout::from_json(&p, "keyword", &text), Ok(l.clone()));
    assert!(matches!(
        Layout::from_json(&p, "other", &text),
        Err(LayoutError::Program { .. })
    ));
    let mut file = l.to_file(&p);
    file.cores[1]
        .routes
        .insert("mergeIntermediateResult".into(), vec![1]);
    assert!(matches!(
        Layout::from_file(&p, "keyword", &file),
        Err(LayoutError::RouteToNonHost { .. })
    ));
    assert!(matches!(
        Layout::from_json(&p, "keyword", "{"),
        Err(LayoutError::Syntax(_))
    ));
}

#[test]
fn version_2_carries_the_fingerprint_and_version_1_is_still_read() {
    let p = program(KEYWORD);
    let l = Layout::default_for(&p, "keyword", "smp:2", 2);
    let mut file = l.to_file(&p);
    assert_eq!(file.version, 2);
    let ours = crate::synthesis::profile::fingerprint(&p);
    assert_eq!(file.fingerprint.as_ref(), Some(&ours));
    file.fingerprint = Some("0123456789abcdef".into());
    assert_eq!(
        Layout::from_file(&p, "keyword", &file),
        Err(LayoutError::Fingerprint {
            expected: ours.clone(),
            found: Some("0123456789abcdef".into())
        })
    );
    file.fingerprint = None;
    assert!(matches!(
        Layout::from_file(&p, "keyword", &file),
        Err(LayoutError::Fingerprint { found: None, .. })
    ));
    file.version = 1;
    assert_eq!(Layout::from_file(&p, "keyword", &file), Ok(l));
    file.version = 3;
    assert_eq!(
        Layout::from_file(&p, "keyword", &file),
        Err(LayoutError::Version { found: 3 })
    );
}

#[test]
fn layouts_stop_at_the_core_limit() {
    // A 5,000-core layout once built, then hung at run time.
    let p = program(KEYWORD);
    let limit = bambooc_runtime::MAX_CORES;
    let at = Layout::default_for(&p, "keyword", "smp", limit);
    assert_eq!(Layout::from_json(&p, "keyword", &at.to_json(&p)), Ok(at));
    let above = Layout::default_for(&p, "keyword", "smp", 5000).to_json(&p);
    assert_eq!(
        Layout::from_json(&p, "keyword", &above),
        Err(LayoutError::TooManyCores { cores: 5000 })
    );
}

#[test]
fn tag_routed_tasks_go_to_all_their_instances_from_every_core() {
    let p = program(include_str!("../../../../tests/manycore/taghome.bb"));
    let mut l = Layout::spread_for(&p, "taghome", "smp:2", 2);
    let join = p.tasks.iter().position(|t| t.name == "join").unwrap();
    // Each spread spawn makes its join's tag: the join runs where it was made.
    assert_eq!(l.policies[join], Policy::TagHome);
    let text = l.to_json(&p);
    assert!(text.contains("\"join\": \"tag-home\""));
    assert_eq!(Layout::from_json(&p, "taghome", &text), Ok(l.clone()));
    // Core 1 keeping its joins: a pair split over both cores would
    // never meet.
    l.routes[1][join] = vec![1];
    assert_eq!(
        l.validate(&p, 2),
        Err(LayoutError::UnevenTagRoutes {
            task: "join".into(),
            core: 1
        })
    );
}

#[test]
fn the_default_keeps_tiny_tasks_and_chains_on_their_core() {
    let id = |p: &Program, n: &str| p.tasks.iter().position(|t| t.name == n).unwrap();
    let p = program(include_str!("../../../../tests/run/fine_pingpong.bb"));
    let l = Layout::default_for(&p, "fine_pingpong", "smp:2", 2);
    assert_eq!(l.policies[id(&p, "a")], Policy::Here);
    assert_eq!(l.policies[id(&p, "b")], Policy::Here);
    assert_eq!(l.policies[id(&p, "count")], Policy::Single);
    let p = program(
        "class W { flag one; flag two; int n; }
task startup(StartupObject s in initialstate) {
  for (int i = 0; i < 4; i++) new W() { one := true };
  taskexit(s: initialstate := false);
}
task first(W w in one) { while (w.n < 100000) w.n++; taskexit(w: one := false, two := true); }
task second(W w in two) { while (w.n > 0) w.n--; taskexit(w: two := false); }
",
    );
    let l = Layout::default_for(&p, "chain", "smp:2", 2);
    assert_eq!(l.policies[id(&p, "first")], Policy::Local);
    assert_eq!(l.policies[id(&p, "second")], Policy::Local);
    let p = program(KEYWORD);
    let l = Layout::default_for(&p, "keyword", "smp:2", 2);
    // The merge on core 0 takes Text objects: spread them.
    assert_eq!(l.policies[id(&p, "processText")], Policy::RoundRobin);
}

#[test]
fn tags_made_on_many_cores_route_to_their_maker() {
    let id = |p: &Program, n: &str| p.tasks.iter().position(|t| t.name == n).unwrap();
    // Each Seed's spawn, spread over the cores, makes the tag its two
    // Parts share: their join runs where the tag was made, even when it
    // is tiny (it then costs no hop at all).
    let made_spread = |spawn_work: &str| {
        format!(
            "class Seed {{ flag go; int n; }}
class Part {{ flag ready; int n; }}
task startup(StartupObject s in initialstate) {{
  for (int i = 0; i < 8; i++) new Seed() {{ go := true }};
  taskexit(s: initialstate := false);
}}
task spawn(Seed d in go) {{
  {spawn_work}
  tag t = new tag(job);
  new Part() {{ ready := true, add t }};
  new Part() {{ ready := true, add t }};
  taskexit(d: go := false);
}}
task join(Part a in ready with job t, Part b in ready with job t) {{
  taskexit(a: ready := false; b: ready := false);
}}
"
        )
    };
    let p = program(&made_spread("while (d.n < 100000) d.n++;"));
    let l = Layout::default_for(&p, "spread", "smp:2", 2);
    assert_eq!(l.policies[id(&p, "spawn")], Policy::Local);
    assert_eq!(l.policies[id(&p, "join")], Policy::TagHome);
    // A tiny spawn stays on core 0 (`Here`): its tags are all made
    // there, and the tiny join is then one instance on core 0.
    let p = program(&made_spread(""));
    let l = Layout::default_for(&p, "here", "smp:2", 2);
    assert_eq!(l.policies[id(&p, "spawn")], Policy::Here);
    assert_eq!(l.policies[id(&p, "join")], Policy::Single);
    // Tags made by the startup task: hashed over the cores (a join
    // with work) as before.
    let p = program(
        "class Part { flag ready; int n; }
task startup(StartupObject s in initialstate) {
  for (int i = 0; i < 8; i++) {
tag t = new tag(job);
new Part() { ready := true, add t };
new Part() { ready := true, add t };
  }
  taskexit(s: initialstate := false);
}
task join(Part a in ready with job t, Part b in ready with job t) {
  while (a.n < 100000) a.n++;
  taskexit(a: ready := false; b: ready := false);
}
",
    );
    let l = Layout::default_for(&p, "startup", "smp:2", 2);
    assert_eq!(l.policies[id(&p, "join")], Policy::TagHash);
}
