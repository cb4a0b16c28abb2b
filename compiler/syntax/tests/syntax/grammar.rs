//! The Java part of the grammar: declarations, statements, expressions.

use crate::common::*;
use bambooc_syntax::ast::*;

#[test]
fn precedence_and_associativity() {
    let cases = [
        ("a + b * c", "(+ a (* b c))"),
        ("a * b + c", "(+ (* a b) c)"),
        ("a - b - c", "(- (- a b) c)"),
        ("a / b * c % d", "(% (* (/ a b) c) d)"),
        ("a << b + c", "(<< a (+ b c))"),
        ("a >>> b >> c << d", "(<< (>> (>>> a b) c) d)"),
        ("a < b == c > d", "(== (< a b) (> c d))"),
        ("a <= b != c >= d", "(!= (<= a b) (>= c d))"),
        ("a & b ^ c | d", "(| (^ (& a b) c) d)"),
        ("a | b ^ c & d", "(| a (^ b (& c d)))"),
        ("a == b & c", "(& (== a b) c)"),
        ("a && b || c && d", "(|| (&& a b) (&& c d))"),
        ("a || b && c | d", "(|| a (&& b (| c d)))"),
        ("a ? b : c ? d : e", "(? a b (? c d e))"),
        ("a ? b ? c : d : e", "(? a (? b c d) e)"),
        ("a || b ? c + d : e", "(? (|| a b) (+ c d) e)"),
        ("a instanceof Foo && b", "(&& (instanceof a Foo) b)"),
        ("a + b instanceof Foo", "(instanceof (+ a b) Foo)"),
        ("x instanceof int[][]", "(instanceof x int[][])"),
        ("-a * b", "(* (neg a) b)"),
        ("!a && ~b", "(&& (! a) (~ b))"),
        ("- - a", "(neg (neg a))"),
        ("-(-(-a))", "(neg (neg (neg a)))"),
        ("++a + b--", "(+ (pre++ a) (post-- b))"),
        ("a++ ++", "(post++ (post++ a))"),
        ("+-~!a", "(plus (neg (~ (! a))))"),
        ("(a + b) * c", "(* (+ a b) c)"),
        ("-2147483648", "(neg 2147483648)"),
    ];
    for (src, want) in cases {
        assert_eq!(expr_of(src), want, "{src}");
    }
}

/// A run of `CHAIN_MIN` or more left-nested operators is one flat `Chain`
/// node holding the same tree; a shorter run is nested `Binary` nodes.
#[test]
fn long_left_nested_runs_are_flat_chains() {
    let terms = |n: usize, op: &str| {
        (1..=n)
            .map(|i| format!("a{i}"))
            .collect::<Vec<_>>()
            .join(op)
    };
    let nested = |n: usize, op: &str| {
        (2..=n).fold("a1".to_string(), |acc, i| {
            format!("({} {acc} a{i})", op.trim())
        })
    };
    for n in [CHAIN_MIN, CHAIN_MIN + 1, 40] {
        let f = parse_ok(&format!("class A {{ int x = {}; }}", terms(n, " - ")));
        let Item::Class(c) = &f.items[0] else {
            panic!()
        };
        let Member::Field(fd) = &c.members[0] else {
            panic!()
        };
        let Some(VarInit::Expr(e)) = &fd.declarators[0].init else {
            panic!()
        };
        let want_chain = n > CHAIN_MIN;
        assert_eq!(matches!(e.kind, ExprKind::Chain { .. }), want_chain, "{n}");
        assert_eq!(expr(e), nested(n, " - "), "{n}");
    }
    // Mixed precedence: the spine holds the additive steps, each operand a
    // complete product.
    let src = format!("{} * z + q", terms(20, " + "));
    let want = format!(
        "(+ {} q)",
        nested(20, " + ").replacen("a20)", "(* a20 z))", 1)
    );
    assert_eq!(expr_of(&src), want);
    assert_eq!(
        expr_of(&format!("{} instanceof T", terms(20, " + "))),
        format!("(instanceof {} T)", nested(20, " + "))
    );
}

#[test]
fn assignment_is_right_associative() {
    assert_eq!(stmts("a = b = c;"), "(= a (= b c));");
    assert_eq!(stmts("a += b -= c;"), "(+= a (-= b c));");
    assert_eq!(
        stmts("a *= 1; a /= 1; a %= 1; a <<= 1; a >>= 1; a >>>= 1; a &= 1; a ^= 1; a |= 1;"),
        "(*= a 1); (/= a 1); (%= a 1); (<<= a 1); (>>= a 1); (>>>= a 1); (&= a 1); (^= a 1); (|= a 1);"
    );
    assert_eq!(stmts("a[i] = b.c = d;"), "(= ([] a i) (= (. b c) d));");
    assert_eq!(stmts("x = a ? b : c;"), "(= x (? a b c));");
}

#[test]
fn casts_and_parentheses() {
    let cases = [
        ("(a) + b", "(+ a b)"),
        ("(a) - b", "(- a b)"),
        ("(int) -x", "(cast int (neg x))"),
        ("(int) +x", "(cast int (plus x))"),
        ("(Foo) x", "(cast Foo x)"),
        ("(Foo) !x", "(cast Foo (! x))"),
        ("(Foo) (x)", "(cast Foo x)"),
        ("(a)[0]", "([] a 0)"),
        ("(a).b", "(. a b)"),
        ("(a).b()", "(call a b)"),
        ("(int[]) o", "(cast int[] o)"),
        ("(Foo[]) o", "(cast Foo[] o)"),
        ("(Foo[][]) o", "(cast Foo[][] o)"),
        ("(double) i / 2", "(/ (cast double i) 2)"),
        ("(int) (long) x", "(cast int (cast long x))"),
        ("(a)(b)(c)", "(cast a (cast b c))"),
        ("(String) \"s\"", "(cast String \"s\")"),
        ("(Foo) this", "(cast Foo this)"),
        ("(Foo) new Foo()", "(cast Foo (new Foo))"),
        ("(Foo) x.y()", "(cast Foo (call x y))"),
        ("(char) 65", "(cast char 65)"),
        ("(byte) ~x", "(cast byte (~ x))"),
        ("(a)++", "(post++ a)"),
        ("((a))", "a"),
        ("(tag) t", "(cast tag t)"),
    ];
    for (src, want) in cases {
        assert_eq!(expr_of(src), want, "{src}");
    }
    assert_eq!(
        errors("class T { void m() { x = (a + b) c; } }"),
        vec![("E0001", "(a + b)".to_string())]
    );
}

#[test]
fn primaries() {
    let cases = [
        ("a.b.c", "(. (. a b) c)"),
        ("a.b().c", "(. (call a b) c)"),
        ("f()", "(call f)"),
        ("f(1, g(2), h)", "(call f 1 (call g 2) h)"),
        ("a.b.c(1)", "(call (. a b) c 1)"),
        ("this.x", "(. this x)"),
        ("this.m()", "(call this m)"),
        ("super.x", "(. super x)"),
        ("super.m(1)", "(call super m 1)"),
        ("a[i][j]", "([] ([] a i) j)"),
        ("a.b[i].c", "(. ([] (. a b) i) c)"),
        ("f()[0]", "([] (call f) 0)"),
        ("a.length", "(. a length)"),
        ("new Foo()", "(new Foo)"),
        ("new Foo(1, 2).bar()", "(call (new Foo 1 2) bar)"),
        ("new int[n]", "(new-array int [n])"),
        ("new int[n][m][]", "(new-array int [n] [m] [])"),
        ("new Foo[2][]", "(new-array Foo [2] [])"),
        ("new int[]{1, 2}", "(new-array int [] {1 2})"),
        (
            "new int[][]{{1}, {2, 3,}}",
            "(new-array int [] [] {{1} {2 3}})",
        ),
        ("new int[]{}", "(new-array int [] {})"),
        ("new int[5].length", "(. (new-array int [5]) length)"),
        ("new tag(link)", "(new-tag link)"),
        ("new tag[3]", "(new-array tag [3])"),
        ("null", "null"),
        ("true", "true"),
        ("'c'", "'c'"),
        ("\"s\"", "\"s\""),
        ("1.5f", "1.5f"),
        ("7L", "7L"),
    ];
    for (src, want) in cases {
        assert_eq!(expr_of(src), want, "{src}");
    }
}

#[test]
fn contextual_keywords_are_identifiers_in_java_code() {
    assert_eq!(
        stmts("list.add(x); int in = 0; clear(); with.and(or); in++; add = clear;"),
        "(call list add x); (local int (in 0)) (call clear); (call with and or); (post++ in); (= add clear);"
    );
    let f = parse_ok("class in { and or; void add(with clear) {} in(int and) {} }");
    assert_eq!(
        file(&f),
        "(class in (field and (or)) (method void add ((with clear)) {}) (ctor in ((int and)) {}))"
    );
}

#[test]
fn declarations() {
    let f = parse_ok(
        "abstract class Shape extends Object {
            public static final int SIDES = 3, MORE = 4;
            private double[] xs;
            protected String name = \"s\";
            final int c = 1;
            flag drawn;
            flag big, small;
            tag t;
            abstract double area();
            public native int hash(int a, final String[] b, int c[]);
            Shape(int x) { super(x); }
            Shape() { this(1); }
            static void f() {}
        }",
    );
    assert_eq!(
        file(&f),
        "(class abstract Shape extends Object \
         (field public static final int (SIDES 3) (MORE 4)) \
         (field private double[] (xs)) \
         (field protected String (name \"s\")) \
         (field final int (c 1)) \
         (flag drawn) (flag big small) \
         (field tag (t)) \
         (method abstract double area () ;) \
         (method public native int hash ((int a) (final String[] b) (int[] c)) ;) \
         (ctor Shape ((int x)) {(super-call x)}) \
         (ctor Shape () {(this-call 1)}) \
         (method static void f () {}))"
    );
    // Stray semicolons between members and declarations are allowed.
    assert_eq!(
        file(&parse_ok(";class A { ; int x;; };")),
        "(class A (field int (x)))"
    );
    assert_eq!(file(&parse_ok("")), "");
}

#[test]
fn c_style_array_declarators() {
    assert_eq!(
        stmts("float pair[][] = new float[2][n]; int[] a, b[] = {{1}}, c = null;"),
        "(local float (pair[][] (new-array float [2] [n]))) (local int[] (a) (b[] {{1}}) (c null))"
    );
    let f = parse_ok("class A { int m(int a[], String[] b[]) { return 0; } }");
    let Item::Class(c) = &f.items[0] else {
        panic!()
    };
    let Member::Method(m) = &c.members[0] else {
        panic!()
    };
    assert_eq!(ty(&m.params[0].ty), "int[]");
    assert_eq!(ty(&m.params[1].ty), "String[][]");
}

#[test]
fn declaration_or_expression() {
    assert_eq!(stmts("Foo x;"), "(local Foo (x))");
    assert_eq!(stmts("Foo[] x;"), "(local Foo[] (x))");
    assert_eq!(stmts("Foo[][] x = null;"), "(local Foo[][] (x null))");
    assert_eq!(stmts("a[i] = 1;"), "(= ([] a i) 1);");
    assert_eq!(stmts("a[i][j]++;"), "(post++ ([] ([] a i) j));");
    assert_eq!(stmts("final int x = 1;"), "(local final int (x 1))");
    assert_eq!(
        stmts("tag t = new tag(link);"),
        "(local tag (t (new-tag link)))"
    );
    assert_eq!(stmts("a.b = c;"), "(= (. a b) c);");
    assert_eq!(stmts("a < b;"), "(< a b);");
    assert_eq!(stmts("x;"), "x;");
}

#[test]
fn statements() {
    assert_eq!(
        stmts("if (a) b(); else if (c) d(); else { e(); }"),
        "(if a (call b); (if c (call d); {(call e);}))"
    );
    assert_eq!(
        stmts("if (a) if (b) c(); else d();"),
        "(if a (if b (call c); (call d);))"
    );
    assert_eq!(
        stmts("if (a) while (b) if (c) d(); else e(); else f();"),
        "(if a (while b (if c (call d); (call e);)) (call f);)"
    );
    assert_eq!(stmts("while (i < n) i++;"), "(while (< i n) (post++ i);)");
    assert_eq!(
        stmts("do { x--; } while (x > 0);"),
        "(do {(post-- x);} (> x 0))"
    );
    assert_eq!(
        stmts("for (int i = 0, j = n; i < j; i++, j--) ;"),
        "(for ((local int (i 0) (j n))) (< i j) ((post++ i) (post-- j)) ;)"
    );
    assert_eq!(
        stmts("for (i = 0, j = 1; ; ) {}"),
        "(for ((= i 0); (= j 1);) _ () {})"
    );
    assert_eq!(stmts("for (;;) break;"), "(for () _ () (break))");
    assert_eq!(
        stmts("for (String s : args) f(s);"),
        "(foreach String s args (call f s);)"
    );
    assert_eq!(
        stmts("for (final int x : a) {}"),
        "(foreach final int x a {})"
    );
    assert_eq!(stmts("for (int x[] : aa) {}"), "(foreach int[] x aa {})");
    assert_eq!(
        stmts("outer: for (;;) { inner: while (a) { continue outer; } break inner; }"),
        "(label outer (for () _ () {(label inner (while a {(continue outer)})) (break inner)}))"
    );
    assert_eq!(stmts("return; return x + 1;"), "(return) (return (+ x 1))");
    assert_eq!(stmts("{ } ; { ; }"), "{} ; {;}");
    assert_eq!(
        stmts("switch (x) { case 1: case 2: a(); b(); default: c(); break; case 'z': }"),
        "(switch x [(case 1) (case 2) (call a); (call b);] [(default) (call c); (break)] [(case 'z')])"
    );
    assert_eq!(stmts("switch (x) { }"), "(switch x )");
    assert_eq!(stmts("switch (x) { default: }"), "(switch x [(default)])");
    assert_eq!(
        stmts("switch (x) { case A + 1: { } }"),
        "(switch x [(case (+ A 1)) {}])"
    );
    assert_eq!(
        stmts("switch (c ? 1 : 2) { case 1 > 2 ? 3 : 4: }"),
        "(switch (? c 1 2) [(case (? (> 1 2) 3 4))])"
    );
}

#[test]
fn spans() {
    let src = "class A { int f() { return a + b * c; } }";
    let f = parse_ok(src);
    let Item::Class(c) = &f.items[0] else {
        panic!()
    };
    assert_eq!(&src[c.span.range()], src);
    assert_eq!(&src[c.name.span.range()], "A");
    let Member::Method(m) = &c.members[0] else {
        panic!()
    };
    assert_eq!(&src[m.span.range()], "int f() { return a + b * c; }");
    let st = &m.body.as_ref().unwrap().stmts[0];
    assert_eq!(&src[st.span.range()], "return a + b * c;");
    let StmtKind::Return(Some(e)) = &st.kind else {
        panic!()
    };
    assert_eq!(&src[e.span.range()], "a + b * c");
    let ExprKind::Binary { rhs, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(&src[rhs.span.range()], "b * c");
    assert_eq!(f.span.range(), 0..src.len());
}

#[test]
fn spans_of_prefix_and_cast_runs() {
    let src = "class A { void f() { x = -(int)~y; } }";
    let f = parse_ok(src);
    let Item::Class(c) = &f.items[0] else {
        panic!()
    };
    let Member::Method(m) = &c.members[0] else {
        panic!()
    };
    let StmtKind::Expr(Expr {
        kind: ExprKind::Assign { rhs, .. },
        ..
    }) = &m.body.as_ref().unwrap().stmts[0].kind
    else {
        panic!()
    };
    assert_eq!(&src[rhs.span.range()], "-(int)~y");
    let ExprKind::Unary { operand, .. } = &rhs.kind else {
        panic!()
    };
    assert_eq!(&src[operand.span.range()], "(int)~y");
    let ExprKind::Cast { ty, operand } = &operand.kind else {
        panic!()
    };
    assert_eq!(&src[ty.span.range()], "int");
    assert_eq!(&src[operand.span.range()], "~y");
}
