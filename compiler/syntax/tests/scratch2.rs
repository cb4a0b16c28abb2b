mod common;
use common::*;
use bambooc_syntax::{parse, span::FileId};
use std::time::Instant;

fn run(name: &str, src: String) {
    let t = Instant::now();
    let (f, errs) = parse(FileId(0), &src);
    let el = t.elapsed();
    let d = with_stack(move || { let d = depth_file(&f); drop(f); d });
    println!("{name}: len {} {:?} depth {} errors {:?}", src.len(), el, d, errs.iter().take(3).map(|e| (e.code(), e.span().start)).collect::<Vec<_>>());
}

#[test]
fn patho() {
    let n = 100_000;
    run("parens", format!("class A {{ int x = {}1{}; }}", "(".repeat(n), ")".repeat(n)));
    run("parens-unclosed", format!("class A {{ int x = {}1", "(".repeat(n)));
    run("neg", format!("class A {{ int x = {}1{}; }}", "-(".repeat(n), ")".repeat(n)));
    run("plus chain", format!("class A {{ int x = 1{}; }}", "+1".repeat(500_000)));
    run("bang", format!("class A {{ boolean x = {}x; }}", "!".repeat(1_000_000)));
    run("assign", format!("class A {{ void f() {{ {}x; }} }}", "a=".repeat(500_000)));
    run("cond", format!("class A {{ void f() {{ x = {}x; }} }}", "a?b:".repeat(200_000)));
    run("cond-mid", format!("class A {{ void f() {{ x = {}x{}; }} }}", "a?".repeat(200_000), ":b".repeat(200_000)));
    run("elseif", format!("class A {{ void f() {{ {} x(); }} }}", "if (a) x(); else ".repeat(100_000)));
    run("ifif", format!("class A {{ void f() {{ {} x(); }} }}", "if (a) ".repeat(100_000)));
    run("labels", format!("class A {{ void f() {{ {} x(); }} }}", "a: ".repeat(100_000)));
    run("casts", format!("class A {{ void f() {{ x = {} x; }} }}", "(int)".repeat(100_000)));
    run("refcasts", format!("class A {{ void f() {{ x = {} x; }} }}", "(A)".repeat(100_000)));
    run("blocks", format!("class A {{ void f() {{ {} }} }}", "{".repeat(100_000)));
    run("blocks-closed", format!("class A {{ void f() {{ {}{} }} }}", "{".repeat(100_000), "}".repeat(100_000)));
    run("arrinit", format!("class A {{ int[] x = {}1{}; }}", "{".repeat(100_000), "}".repeat(100_000)));
    run("field chain", format!("class A {{ int x = a{}; }}", ".b".repeat(500_000)));
    run("call nest", format!("class A {{ int x = {}1{}; }}", "f(".repeat(100_000), ")".repeat(100_000)));
    run("index nest", format!("class A {{ int x = {}1{}; }}", "a[".repeat(100_000), "]".repeat(100_000)));
    run("flag nots", format!("task t(A a in {}x) {{}}", "!".repeat(1_000_000)));
    run("flag and", format!("task t(A a in x{}) {{}}", " and x".repeat(200_000)));
    run("flag parens", format!("task t(A a in {}x{}) {{}}", "(".repeat(100_000), ")".repeat(100_000)));
    run("empty", String::new());
    run("nul", "\0".repeat(1_000_000));
    run("semis", ";".repeat(1_000_000));
    run("closers", "}".repeat(1_000_000));
    run("garbage", ") ] = ".repeat(300_000));
    run("deep garbage", format!("class A {{ void f() {{ {} {} }} }}", "(".repeat(999), ") ; = ".repeat(100_000)));
    run("deep block garbage", format!("class A {{ void f() {{ {} {} }} }}", "{".repeat(998), ") ; ) ".repeat(100_000)));
    let mut rnd = 12345u64;
    let bytes: Vec<u8> = (0..2_000_000).map(|_| { rnd ^= rnd << 13; rnd ^= rnd >> 7; rnd ^= rnd << 17; (rnd >> 24) as u8 }).collect();
    run("random", String::from_utf8_lossy(&bytes).into_owned());
    let ascii: Vec<u8> = (0..2_000_000).map(|_| { rnd ^= rnd << 13; rnd ^= rnd >> 7; rnd ^= rnd << 17; b" \n(){}[];,.=+-*/<>!?:abcxyz019\"'&|^%~@#class task if else while for new int"[(rnd >> 24) as usize % 62] }).collect();
    run("random ascii", String::from_utf8(ascii).unwrap());
}
