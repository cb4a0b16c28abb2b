//! Fuzz target: the profile reader (`Profile::from_json`) on arbitrary
//! text, for the program `examples/keyword.bb`. A profile it accepts goes
//! on to the Markov model, as under `bambooc --profile`, so validation
//! must let through only what the model can take; any panic is a bug, a
//! rejected profile is an error value.
//!
//! The program is checked once, on first use, and kept for the run.

#![no_main]

use bambooc::synthesis::markov::model;
use bambooc::synthesis::profile::Profile;
use libfuzzer_sys::fuzz_target;

#[path = "keyword.rs"]
mod keyword;
use keyword::FRONTEND;

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
