//! Fuzz target: the layout reader (`Layout::from_json`) on arbitrary
//! text, for the program `examples/keyword.bb` (as `--layout FILE` reads
//! it). A layout it accepts must be usable: its routing tables are built
//! as codegen builds them. Any panic is a bug; a rejected layout is an
//! error value.

#![no_main]

use bambooc::synthesis::layout::Layout;
use libfuzzer_sys::fuzz_target;

#[path = "keyword.rs"]
mod keyword;
use keyword::FRONTEND;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    FRONTEND.with(|fe| {
        let program = fe.program.as_ref().expect("checked program");
        if let Ok(layout) = Layout::from_json(program, "keyword", &text) {
            std::hint::black_box(layout.all_instance_routes().len());
        }
    });
});
