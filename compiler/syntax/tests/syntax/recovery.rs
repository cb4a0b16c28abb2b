//! Error recovery: every error reported, one per broken construct, and the
//! rest of the file still parsed.

use crate::common::*;
use bambooc_syntax::ast::*;
use bambooc_syntax::span::FileId;
use bambooc_syntax::{parse, JavaFeature, ParseError};

fn lines_and_codes(src: &str) -> Vec<(usize, &'static str)> {
    let (_, errs) = parse(FileId(0), src);
    errs.iter()
        .map(|e| {
            (
                src[..e.span().start as usize].matches('\n').count() + 1,
                e.code(),
            )
        })
        .collect()
}

#[test]
fn one_error_per_broken_statement_and_member() {
    let src = "class Broken {
    int a = ;
    int ok;
    void first() {
        int x = (1 + ;
        ok = 1;
    }
    int fine() { return ok; }
    void second() {
        y = = 2;
        ok = y;
        ok = ok * ;
        foo(1, , 2);
    }
    double also fine;
    int last() { return ok + 1; }
}
task startup(StartupObject s in initialstate) {
    int z = b.fine() +* 2;
    taskexit(s: initialstate := false);
}
";
    assert_eq!(
        lines_and_codes(src),
        vec![
            (2, "E0001"),
            (5, "E0001"),
            (10, "E0001"),
            (12, "E0001"),
            (13, "E0001"),
            (15, "E0001"),
            (19, "E0001")
        ]
    );
    let (f, _) = parse(FileId(0), src);
    assert_eq!(
        file(&f),
        "(class Broken <error> (field int (ok)) (method void first () {<error> (= ok 1);}) \
         (method int fine () {(return ok)}) \
         (method void second () {<error> (= ok y); <error> <error>}) <error> \
         (method int last () {(return (+ ok 1))})) \
         (task startup ((StartupObject s initialstate)) {<error> (taskexit (s: initialstate:=false))})"
    );
}

#[test]
fn the_expected_tokens_are_listed() {
    let (_, errs) = parse(FileId(0), "class A { void f() { x = 1 } }");
    match &errs[..] {
        [ParseError::UnexpectedToken {
            found, expected, ..
        }] => {
            assert_eq!(found, "}");
            assert!(expected.contains(&";".to_string()), "{expected:?}");
            assert!(!expected.iter().any(|e| e.contains('"')), "{expected:?}");
            assert!(
                !expected.contains(&"try".to_string()),
                "Java-only words are not suggested"
            );
        }
        e => panic!("{e:?}"),
    }
    let (_, errs) = parse(FileId(0), "class A extends");
    assert!(
        matches!(&errs[..], [ParseError::UnexpectedEof { expected, .. }] if expected == &["add", "and", "clear", "identifier", "in", "or", "with"]),
        "{errs:?}"
    );
}

#[test]
fn errors_in_headers_keep_the_body() {
    // A broken method header: the body is still parsed, its errors found.
    let src = "class A {
    void f(int x,) { y = = 1; }
    void g() {}
}
class B extends { int x; }
task t(Foo f in a b) { z = ; }
task u(Foo f in a) {}
";
    assert_eq!(
        lines_and_codes(src),
        vec![
            (2, "E0001"),
            (2, "E0001"),
            (5, "E0001"),
            (6, "E0001"),
            (6, "E0001")
        ]
    );
    let (f, _) = parse(FileId(0), src);
    assert_eq!(
        file(&f),
        "(class A <error> (method void g () {})) (class B (field int (x))) <error> (task u ((Foo f a)) {})"
    );
}

#[test]
fn missing_closing_braces() {
    // The method's `}` is missing: the class and the task after it parse.
    let src = "class A {
    int x;
    void f() {
        if (x > 0) {
            x = 1;
        }
}
task t(A a in f) { taskexit(a: f := false); }
";
    assert_eq!(lines_and_codes(src), vec![(8, "E0001")]);
    let (f, errs) = parse(FileId(0), src);
    assert!(
        matches!(&errs[0], ParseError::UnexpectedToken { found, expected, .. } if found == "task" && expected == &["}"])
    );
    assert_eq!(
        file(&f),
        "(class A (field int (x)) (method void f () {(if (> x 0) {(= x 1);})})) \
         (task t ((A a f)) {(taskexit (a: f:=false))})"
    );
    // At the end of the file.
    let src = "class A { void f() { g(); ";
    assert_eq!(lines_and_codes(src), vec![(1, "E0002")]);
    assert_eq!(
        file(&parse(FileId(0), src).0),
        "(class A (method void f () {(call g);}))"
    );
    // A class starting a line inside another class is the next class.
    let src = "class A {\n  void f() {}\nclass B {}\n";
    assert_eq!(lines_and_codes(src), vec![(3, "E0001")]);
    assert_eq!(
        file(&parse(FileId(0), src).0),
        "(class A (method void f () {})) (class B)"
    );
}

#[test]
fn a_keyword_used_as_a_name_is_one_error() {
    let src = "task startup(StartupObject s in initialstate) {
    int task = 3;
    int class = 4;
    taskexit(s: initialstate := false);
}";
    assert_eq!(lines_and_codes(src), vec![(2, "E0001"), (3, "E0001")]);
}

#[test]
fn errors_inside_nested_braces_do_not_desynchronise() {
    let src = "class A {
    Object o = new Object() { public void run() { x(); } };
    int[] a = {1, 2 3};
    void f() {
        switch (x) { case 1 2: foo(); case 3: }
        y = new B() { f := };
        taskexit(p{ f g });
    }
    int z;
}
task t(A a{x y}{link l}) {}
";
    assert_eq!(
        lines_and_codes(src),
        vec![
            (2, "E0012"),
            (3, "E0001"),
            (5, "E0001"),
            (6, "E0001"),
            (7, "E0001"),
            (11, "E0001")
        ]
    );
    let (f, _) = parse(FileId(0), src);
    assert_eq!(
        file(&f),
        "(class A (field Object (o (new Object {}))) (field int[] (a {})) \
         (method void f () {(switch x ) (= y (new B {})); (taskexit (p: ))}) (field int (z))) \
         (task t ((A a true (tag link l))) {})"
    );
}

#[test]
fn unsupported_java_is_named() {
    let src = "import java.util.*;
package p;
public interface I { void f(); }
enum E { A, B }
class A implements Runnable, Cloneable {
    @Override public String toString() { return \"\"; }
    static { x = 1; }
    volatile int v;
    synchronized void s() {}
    void f(int... xs) throws Exception {
        try { a(); } catch (Exception e) { b(); } finally { c(); }
        synchronized (this) { d(); }
        throw new Error();
        assert x;
        Runnable r = () -> 1;
        java.util.List<String> l = new ArrayList<String>();
        r = x -> x;
        r = A::f;
    }
    class Inner {}
    Object o = new Object() { public void run() {} };
}
";
    let (f, errs) = parse(FileId(0), src);
    let got: Vec<(usize, JavaFeature)> = errs
        .iter()
        .map(|e| match e {
            ParseError::Unsupported { span, feature } => (
                src[..span.start as usize].matches('\n').count() + 1,
                *feature,
            ),
            e => panic!("{e:?}: {:?}", &src[e.span().range()]),
        })
        .collect();
    use JavaFeature::*;
    assert_eq!(
        got,
        vec![
            (1, Import),
            (2, Package),
            (3, Interface),
            (4, Enum),
            (5, Implements),
            (6, Annotation),
            (7, InitializerBlock),
            (8, Modifier),
            (9, Synchronized),
            (10, Varargs),
            (11, Try),
            (12, Synchronized),
            (13, Throw),
            (14, Assert),
            (15, Lambda),
            (16, Generics),
            (17, Lambda),
            (18, MethodReference),
            (20, NestedClass),
            (21, AnonymousClass),
        ]
    );
    // What could be kept, was.
    let Item::Class(c) = &f.items[2] else {
        panic!("{}", file(&f))
    };
    assert_eq!(c.name.name, "A");
    assert_eq!(
        c.members.iter().map(member).collect::<Vec<_>>()[..4].join(" "),
        "(method public String toString () {(return \"\")}) <error> (field int (v)) (method void s () {})"
    );
    // `throws` is reported but the method is parsed.
    let (_, errs) = parse(FileId(0), "class A { void f() throws E, F { } }");
    assert!(matches!(
        &errs[..],
        [ParseError::Unsupported {
            feature: Throws,
            ..
        }]
    ));
}

#[test]
fn every_error_up_to_the_limit() {
    let src = "class A { void f() { ".to_string() + &"x = = 1; ".repeat(300) + "} }";
    let (f, errs) = parse(FileId(0), &src);
    assert_eq!(errs.len(), bambooc_syntax::MAX_ERRORS);
    assert!(errs.iter().all(|e| e.code() == "E0001"));
    assert_eq!(f.items.len(), 1);
}

#[test]
fn lexical_errors_do_not_cascade() {
    let src = "class Lexy {
    char c = 'ab';
    String t = \"bad \\q escape\";
    int n = 0x;
    int get() {
        # 
        return n;
    }
    String u = \"open
    double d = 2.5e;
}";
    assert_eq!(
        lines_and_codes(src),
        vec![
            (2, "E0005"),
            (3, "E0007"),
            (4, "E0008"),
            (6, "E0003"),
            (9, "E0004"),
            (10, "E0008")
        ]
    );
}
