//! Fuzz target: the layout reader (`Layout::from_json`) on arbitrary
//! text, for the program `examples/keyword.bb` (as `--layout FILE` reads
//! it). A layout it accepts must be usable: its routing tables are built
//! as codegen builds them. Any panic is a bug; a rejected layout is an
//! error value.

#![no_main]

use bambooc::driver::{check_source, Frontend};
use bambooc::layout::Layout;
use libfuzzer_sys::fuzz_target;

const PROGRAM: &str = include_str!("../../examples/keyword.bb");

thread_local! {
    static FRONTEND: Frontend = {
        let fe = check_source("keyword.bb", PROGRAM);
        assert!(!fe.has_errors(), "examples/keyword.bb must check");
        fe
    };
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    FRONTEND.with(|fe| {
        let program = fe.program.as_ref().expect("checked program");
        if let Ok(layout) = Layout::from_json(program, "keyword", &text) {
            std::hint::black_box(layout.all_instance_routes().len());
        }
    });
});
