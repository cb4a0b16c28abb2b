//! Fuzz target: the profile reader (`Profile::from_json`) on arbitrary
//! text, for the program `examples/keyword.bb`. A profile it accepts goes
//! on to the Markov model, as under `bambooc --profile`, so validation
//! must let through only what the model can take; any panic is a bug, a
//! rejected profile is an error value.
//!
//! The program is checked once, on first use, and kept for the run.

#![no_main]

use bambooc::driver::{check_source, Frontend};
use bambooc::profile::{model, Profile};
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
        if let Ok(profile) = Profile::from_json(program, &text) {
            let cstg = fe.cstg().expect("the CSTG of a checked program");
            let m = model(program, cstg, &profile);
            std::hint::black_box(m.dump(program).len());
        }
    });
});
