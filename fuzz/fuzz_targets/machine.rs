//! Fuzz target: the machine-description reader (`Machine::from_toml`, as
//! `bambooc sim --machine FILE` reads it) on arbitrary text. A description
//! it accepts must print back to itself (`to_toml`) and answer hop counts
//! between its cores. Any panic is a bug; a rejected description is an
//! error value.

#![no_main]

use bambooc::synthesis::machine::Machine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(m) = Machine::from_toml(&text) {
        assert_eq!(Machine::from_toml(&m.to_toml()).as_ref(), Ok(&m));
        let last = m.cores.saturating_sub(1);
        std::hint::black_box((m.hops(0, last), m.hops(last, last / 2)));
    }
});
