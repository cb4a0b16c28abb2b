mod common;
use common::*;
use bambooc_syntax::{parse, span::FileId};

#[test]
fn scratch() {
    let src = std::fs::read_to_string("/tmp/scratch.bb").unwrap();
    let (f, errs) = parse(FileId(0), &src);
    println!("{}", file(&f));
    for e in &errs { println!("{:?} {:?} {:?}", e.code(), &src[e.span().range()], e); }
}
