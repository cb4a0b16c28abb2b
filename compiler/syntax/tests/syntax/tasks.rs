//! The task language, in both spellings.

use crate::common::*;
use bambooc_syntax::ast::*;

/// LANGUAGE.md section 4 (the paper's Figure 2), verbatim.
const PAPER: &str = r#"
task startup(StartupObject s in initialstate) {
  Partitioner p = new Partitioner(s.args[0]);
  while (p.morePartitions()) {
    String section = p.nextpartition();
    Text tp = new Text(section) { process := true };
  }
  Results rp = new Results(p.sectionNum()) { finished := false };
  taskexit(s: initialstate := false);
}
task processText(Text tp in process) {
  tp.process();
  taskexit(tp: process := false, submit := true);
}
task mergeIntermediateResult(Results rp in !finished, Text tp in submit) {
  boolean allprocessed = rp.mergeResult(tp);
  if (allprocessed)
    taskexit(rp: finished := true; tp: submit := false);
  taskexit(tp: submit := false);
}
"#;

/// The same program in the original distribution's brace spelling.
const ORIGINAL: &str = r#"
task startup(StartupObject s{initialstate}) {
  Partitioner p = new Partitioner(s.args[0]);
  while (p.morePartitions()) {
    String section = p.nextpartition();
    Text tp = new Text(section) {process};
  }
  Results rp = new Results(p.sectionNum()) {!finished};
  taskexit(s{!initialstate});
}
task processText(Text tp{process}) {
  tp.process();
  taskexit(tp{!process, submit});
}
task mergeIntermediateResult(Results rp{!finished}, Text tp{submit}) {
  boolean allprocessed = rp.mergeResult(tp);
  if (allprocessed)
    taskexit(rp{finished}, tp{!submit});
  taskexit(tp{!submit});
}
"#;

const EXPECTED: &str = "(task startup ((StartupObject s initialstate)) \
    {(local Partitioner (p (new Partitioner ([] (. s args) 0)))) \
    (while (call p morePartitions) {(local String (section (call p nextpartition))) \
    (local Text (tp (new Text section {process:=true})))}) \
    (local Results (rp (new Results (call p sectionNum) {finished:=false}))) \
    (taskexit (s: initialstate:=false))}) \
    (task processText ((Text tp process)) {(call tp process); (taskexit (tp: process:=false, submit:=true))}) \
    (task mergeIntermediateResult ((Results rp (not finished)) (Text tp submit)) \
    {(local boolean (allprocessed (call rp mergeResult tp))) \
    (if allprocessed (taskexit (rp: finished:=true) (tp: submit:=false))) \
    (taskexit (tp: submit:=false))})";

#[test]
fn paper_example() {
    assert_eq!(file(&parse_ok(PAPER)), EXPECTED);
}

#[test]
fn original_spelling_gives_the_same_tree() {
    assert_eq!(file(&parse_ok(ORIGINAL)), EXPECTED);
}

#[test]
fn spellings_mix_in_one_file() {
    let mixed = format!(
        "{}\n{}",
        &PAPER[..PAPER.find("task mergeIntermediateResult").unwrap()],
        {
            let i = ORIGINAL.find("task mergeIntermediateResult").unwrap();
            &ORIGINAL[i..]
        }
    );
    assert_eq!(file(&parse_ok(&mixed)), EXPECTED);
}

fn params(src: &str) -> String {
    let f = parse_ok(&format!("task t({src}) {{}}"));
    let Item::Task(t) = &f.items[0] else { panic!() };
    t.params
        .iter()
        .map(task_param)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn guards() {
    assert_eq!(
        params("Text tp in process and !done"),
        "(Text tp (and process (not done)))"
    );
    assert_eq!(
        params("Text tp{process && !done}"),
        "(Text tp (and process (not done)))"
    );
    assert_eq!(params("A a in x or y and z"), "(A a (or x (and y z)))");
    assert_eq!(
        params("A a in x || y && !z"),
        "(A a (or x (and y (not z))))"
    );
    assert_eq!(params("A a in (x or y) and z"), "(A a (and (or x y) z))");
    assert_eq!(params("A a in !!x"), "(A a (not (not x)))");
    assert_eq!(params("A a in !(x and y)"), "(A a (not (and x y)))");
    assert_eq!(
        params("A a in true, B b in false"),
        "(A a true) (B b false)"
    );
    assert_eq!(params("A a{x and y || z}"), "(A a (or (and x y) z))");
    assert_eq!(params("A a{}"), "(A a true)");
    assert_eq!(params("A a"), "(A a true)");
    assert_eq!(
        params("Drawing d in saving with link t"),
        "(Drawing d saving (tag link t))"
    );
    assert_eq!(
        params("Text tp in process and !done with link t and other u"),
        "(Text tp (and process (not done)) (tag link t) (tag other u))"
    );
    assert_eq!(
        params("Drawing d{saving}{link t}"),
        "(Drawing d saving (tag link t))"
    );
    assert_eq!(
        params("Text tp{process}{link t, other u}, Foo f in x"),
        "(Text tp process (tag link t) (tag other u)) (Foo f x)"
    );
    assert_eq!(params("D d with link t"), "(D d true (tag link t))");
    // Contextual keywords name parameters and types outside guards.
    assert_eq!(params("in in in x"), "(in in x)");
}

fn exit(src: &str) -> String {
    let f = parse_ok(&format!("task t(A a in x) {{ {src} }}"));
    let Item::Task(t) = &f.items[0] else { panic!() };
    t.body.stmts.iter().map(stmt).collect::<Vec<_>>().join(" ")
}

#[test]
fn exits() {
    assert_eq!(exit("taskexit();"), "(taskexit)");
    assert_eq!(exit("taskexit;"), "(taskexit)");
    assert_eq!(
        exit(
            "taskexit(tp: process := false, submit := true, add t, clear u; rp: finished := true);"
        ),
        "(taskexit (tp: process:=false, submit:=true, add t, clear u) (rp: finished:=true))"
    );
    assert_eq!(
        exit("taskexit(o: add f, clear l);"),
        "(taskexit (o: add f, clear l))"
    );
    assert_eq!(
        exit("taskexit(tp{!process, submit}, rp{finished});"),
        "(taskexit (tp: process:=false, submit:=true) (rp: finished:=true))"
    );
    assert_eq!(
        exit("taskexit(o{!C, E}{!l, f});"),
        "(taskexit (o: C:=false, E:=true, clear l, add f))"
    );
    assert_eq!(exit("taskexit(o{}{t});"), "(taskexit (o: add t))");
    // Both separators, both spellings, in one exit.
    assert_eq!(
        exit("taskexit(a: f := true, b{g}; c: add t);"),
        "(taskexit (a: f:=true) (b: g:=true) (c: add t))"
    );
    // Parameters may be named by contextual keywords.
    assert_eq!(
        exit("taskexit(add: add t, clear u);"),
        "(taskexit (add: add t, clear u))"
    );
}

#[test]
fn allocation_blocks() {
    let cases = [
        (
            "new Text(s) { process := true, add t }",
            "(new Text s {process:=true, add t})",
        ),
        (
            "new Text(s){process}{t}",
            "(new Text s {process:=true, add t})",
        ),
        (
            "new Text(s){process, !done}{t, !u}",
            "(new Text s {process:=true, done:=false, add t, clear u})",
        ),
        ("new Text(s) {}", "(new Text s {})"),
        ("new Text(s) {}{}", "(new Text s {})"),
        (
            "new Text(s) { !done, f := false, clear t }",
            "(new Text s {done:=false, f:=false, clear t})",
        ),
        ("new Text(s)", "(new Text s)"),
    ];
    for (src, want) in cases {
        assert_eq!(expr_of(src), want, "{src}");
    }
}

#[test]
fn spans_in_the_task_language() {
    let src = "task t(Text tp in process and !done with link l) { taskexit(tp: process := false, add l); }";
    let f = parse_ok(src);
    let Item::Task(t) = &f.items[0] else { panic!() };
    let p = &t.params[0];
    assert_eq!(
        &src[p.span.range()],
        "Text tp in process and !done with link l"
    );
    assert_eq!(&src[p.guard.span().range()], "process and !done");
    assert_eq!(&src[p.tags[0].span.range()], "link l");
    let StmtKind::TaskExit(ex) = &t.body.stmts[0].kind else {
        panic!()
    };
    assert_eq!(&src[ex[0].span.range()], "tp: process := false, add l");
    assert_eq!(
        &src[ex[0].actions.flags[0].span.range()],
        "process := false"
    );
    assert_eq!(&src[ex[0].actions.tags[0].span.range()], "add l");
}
