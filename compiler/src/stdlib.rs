//! The standard library's Bamboo sources, embedded at build time from
//! `stdlib/*.bb` (LANGUAGE.md section 3).

include!(concat!(env!("OUT_DIR"), "/stdlib_files.rs"));
