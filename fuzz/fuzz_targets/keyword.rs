//! The program the `profile` and `layout` targets read files for:
//! `examples/keyword.bb`, checked once per process on first use.

use bambooc::driver::{check_source, Frontend};

const PROGRAM: &str = include_str!("../../examples/keyword.bb");

thread_local! {
    pub static FRONTEND: Frontend = {
        let fe = check_source("keyword.bb", PROGRAM);
        assert!(!fe.has_errors(), "examples/keyword.bb must check");
        fe
    };
}
