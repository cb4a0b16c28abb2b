//! Tests of code generation: direct calls, the methods emitted, inlining,
//! counted loops and guards in disjunctive normal form.

use super::*;

/// The C text of a checked program with default options.
fn c_of(src: &str) -> (Program, String) {
    let fe = crate::driver::check_source("test.bb", src);
    assert!(!fe.has_errors());
    let p = fe.program.expect("a checked program");
    let opts = Options {
        meets: Vec::new(),
        pinned: Vec::new(),
        bounds_checks: true,
        program_name: "test".into(),
        profile_fingerprint: None,
        layout: None,
        cores: 1,
        spread: false,
    };
    let locks = LockPlan::none(&p);
    let c = generate(&p, &fe.sources, &opts, &locks).expect("generated C");
    (p, c)
}

#[test]
fn calls_to_methods_nothing_overrides_go_direct() {
    let (p, c) = c_of(
        "class Base { int kept() { return 1; } int replaced() { return 2; } }\n\
         class Sub extends Base { int replaced() { return 3; } }\n\
         class Leaf extends Sub { }\n\
         class Use { static int run(Base b, Sub s) {\n\
             return b.kept() + b.replaced() + s.kept() + s.replaced(); } }\n\
         task startup(StartupObject s in initialstate) {\n\
             System.out.println(Use.run(new Base(), new Leaf()));\n\
             taskexit(s: initialstate := false); }\n",
    );
    let find = |class: &str, name: &str| {
        let id = (0..p.methods.len() as u32)
            .map(MethodId)
            .find(|&m| p.method(m).name == name && p.class(p.method(m).class).name == class)
            .expect("the method");
        (id, p.method(id).vtable_slot.expect("a virtual method"))
    };
    let (kept, kept_slot) = find("Base", "kept");
    let (_, replaced_slot) = find("Base", "replaced");
    let overridden = methods::overridden_methods(&p);
    assert!(!overridden[kept.0 as usize]);
    assert!(overridden[find("Base", "replaced").0 .0 as usize]);
    let run = c
        .split("/* Use.run */")
        .nth(1)
        .and_then(|s| s.split("\n}\n").next())
        .expect("the body of Use.run");
    // `kept` is called directly on both receivers (null-checked) ...
    assert_eq!(
        run.matches(&format!("{}(ctx, bb_nn(", method_name(kept)))
            .count(),
        2,
        "{run}"
    );
    assert!(!run.contains(&format!("vtable[{kept_slot}]")), "{run}");
    // ... `replaced` through a `Base` still dispatches through the vtable
    // ... and through a `Sub` resolves to `Sub.replaced`, which `Leaf`
    // does not override, so it goes direct.
    assert_eq!(
        run.matches(&format!("vtable[{replaced_slot}]")).count(),
        1,
        "{run}"
    );
    let (sub_replaced, _) = find("Sub", "replaced");
    assert!(
        run.contains(&format!("{}(ctx, bb_nn(", method_name(sub_replaced))),
        "{run}"
    );
}

#[test]
fn only_methods_that_can_run_are_emitted() {
    let (_, c) = c_of(
        "class A { int f() { return 1; } int unused() { return 9; } }\n\
         class Never extends A { int f() { return 2; } }\n\
         class Made extends A { int f() { return 3; } }\n\
         class Late extends A { int f() { return 4; } }\n\
         class Use { static int call(A a) { return a.f(); }\n\
             static A late() { return new Late(); } }\n\
         task startup(StartupObject s in initialstate) {\n\
             System.out.println(Use.call(new Made()) + Use.call(Use.late()));\n\
             taskexit(s: initialstate := false); }\n",
    );
    // A virtual call reaches the override of every instantiated class,
    // whether the class was instantiated before or after the call was
    // seen, and the called method itself ...
    for kept in [
        "/* A.f */",
        "/* Made.f */",
        "/* Late.f */",
        "/* Use.call */",
    ] {
        assert!(c.contains(kept), "{kept} is missing");
    }
    // ... but not the override of a class no `new` creates, nor methods
    // nothing calls, in the program or the standard library.
    for dropped in ["/* Never.f */", "/* A.unused */", "/* String.repeat */"] {
        assert!(!c.contains(dropped), "{dropped} is emitted");
    }
}

#[test]
fn a_string_made_only_to_be_parsed_is_not_made() {
    let (_, c) = c_of(
        "task startup(StartupObject s in initialstate) {\n\
             char[] text = \"1.5,2\".toCharArray();\n\
             double a = Double.parseDouble(new String(text, 0, 3));\n\
             String kept = new String(text, 4, 1);\n\
             System.out.println(a + Double.parseDouble(kept));\n\
             taskexit(s: initialstate := false); }\n",
    );
    let task = c
        .split("/* task startup */")
        .nth(1)
        .expect("the startup task");
    // The parsed String is left out; the kept one is still made.
    assert_eq!(
        task.matches("bb_Double_parseDouble_chars(ctx, ").count(),
        1,
        "{task}"
    );
    assert_eq!(
        task.matches("bb_String_newFromChars3(ctx, ").count(),
        1,
        "{task}"
    );
    assert_eq!(
        task.matches("bb_Double_parseDouble(ctx, ").count(),
        1,
        "{task}"
    );
}

#[test]
fn methods_called_from_one_place_are_always_inlined() {
    let (_, c) = c_of(
        "class Use {\n\
             static int once(int k) { return k * 3; }\n\
             static int twice(int k) { return k + 1; }\n\
             static int even(int n) { if (n == 0) { return 1; } return odd(n - 1); }\n\
             static int odd(int n) { if (n == 0) { return 0; } return even(n - 1); } }\n\
         task startup(StartupObject s in initialstate) {\n\
             int t = 0;\n\
             for (int k = 0; k < 10; k++) { t += Use.once(k) + Use.twice(k); }\n\
             System.out.println(t + Use.twice(2) + Use.even(7));\n\
             taskexit(s: initialstate := false); }\n",
    );
    let forced = |name: &str| {
        let header = c.split(&format!("/* Use.{name} */\n")).nth(1).expect(name);
        header.starts_with("static inline __attribute__((always_inline))")
    };
    // One call site: forced inline, even inside a loop that versioning
    // may copy.
    assert!(forced("once"));
    // Two call sites, or part of a recursive cycle: left to the C
    // compiler.
    assert!(!forced("twice"));
    assert!(!forced("even"));
    assert!(!forced("odd"));
    // Only the methods on a cycle of calls lose their tail calls.
    let no_tail = |name: &str| {
        let header = c.split(&format!("/* Use.{name} */\n")).nth(1).expect(name);
        header.starts_with("static inline BB_NO_TAIL_CALLS")
    };
    assert!(no_tail("even") && no_tail("odd"));
    assert!(!no_tail("once") && !no_tail("twice"));
}

#[test]
fn counted_loops_test_a_strict_bound_below_the_extreme_int() {
    let (_, c) = c_of(
        "class Use {\n\
             static int up(int[] a, int last) {\n\
                 int s = 0; for (int k = 0; k <= last; k++) { s += a[k]; } return s; }\n\
             static int down(int[] a, int first) {\n\
                 int s = 0; for (int k = 9; k >= first; k -= 1) { s += a[k]; } return s; }\n\
             static int moved(int[] a, int last) {\n\
                 int s = 0; for (int k = 0; k <= last; k++) { s += a[k]; last--; } return s; }\n\
             static int nested(int[] a, int last) {\n\
                 int s = 0; for (int k = 0; k <= last; k++) {\n\
                     for (int j = 0; j < k; j++) { s += a[j]; } } return s; } }\n\
         task startup(StartupObject s in initialstate) {\n\
             int[] a = new int[10];\n\
             System.out.println(Use.up(a, 9) + Use.down(a, 0) + Use.moved(a, 9) + Use.nested(a, 9));\n\
             taskexit(s: initialstate := false); }\n",
    );
    let body = |name: &str| {
        c.split(&format!("/* Use.{name} */"))
            .nth(1)
            .and_then(|s| s.split("\n}\n").next())
            .expect("the method's body")
            .to_string()
    };
    // `up`: parameters l0 (a) and l1 (last), then s (l2) and k (l3).
    let up = body("up");
    assert!(up.contains("if (BB_LIKELY(l1 < INT32_MAX)) {"), "{up}");
    assert!(
        up.contains("if (!((l3) < ((bb_int)(l1 + 1)))) break;"),
        "{up}"
    );
    // The other copy keeps Java's condition for last == MAX_VALUE.
    assert!(up.contains("<= (l1)"), "{up}");
    let down = body("down");
    assert!(down.contains("if (BB_LIKELY(l1 > INT32_MIN)) {"), "{down}");
    assert!(
        down.contains("if (!((l3) > ((bb_int)(l1 - 1)))) break;"),
        "{down}"
    );
    // A bound the body assigns is not a counted loop, nor is a loop
    // with a loop inside.
    for name in ["moved", "nested"] {
        let b = body(name);
        assert!(!b.contains("INT32_MAX"), "{b}");
    }
}

#[test]
fn dnf_of_guards() {
    let f = |b| Box::new(Guard::Flag(FlagBit(b)));
    // process and !done
    let g = Guard::And(f(0), Box::new(Guard::Not(f(1))));
    assert_eq!(dnf(&g).unwrap(), vec![(0b11, 0b01)]);
    // a or b
    let g = Guard::Or(f(0), f(1));
    assert_eq!(dnf(&g).unwrap(), vec![(0b01, 0b01), (0b10, 0b10)]);
    // !(a or b) == !a and !b
    let g = Guard::Not(Box::new(Guard::Or(f(0), f(1))));
    assert_eq!(dnf(&g).unwrap(), vec![(0b11, 0)]);
    // a and !a is unsatisfiable
    let g = Guard::And(f(0), Box::new(Guard::Not(f(0))));
    assert_eq!(dnf(&g).unwrap(), vec![]);
    assert_eq!(dnf(&Guard::Const(true)).unwrap(), vec![(0, 0)]);
    for word in 0..16u64 {
        let g = Guard::Or(
            Box::new(Guard::And(f(0), f(2))),
            Box::new(Guard::Not(Box::new(Guard::And(f(1), f(3))))),
        );
        let terms = dnf(&g).unwrap();
        assert_eq!(
            g.eval(word),
            terms.iter().any(|&(m, v)| word & m == v),
            "word {word:#b}"
        );
    }
}
