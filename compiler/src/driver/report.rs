//! How the driver speaks on stderr outside the source's diagnostics:
//! failures, warnings, notes about the run and the `-v` lines, each in
//! the format the command was given (`--error-format`).
//!
//! In: a [`Failure`], a [`DriverWarning`], a note or a `-v` line. Out: the
//! text for people, or one JSON object per line (`diagnostics/json.rs`).
//! The format and `-v` are set once per process by `driver::main`, since
//! the C compiler's command lines and stage times are printed deep inside
//! the pipeline.

use super::{DriverWarning, ErrorFormat, Failure};
use crate::diagnostics::{self, Diagnostic};
use crate::source::SourceMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by `--error-format json`.
static JSON: AtomicBool = AtomicBool::new(false);

/// Set by `-v`/`--verbose`: print each stage's time and the C compiler's
/// command lines.
static VERBOSE: AtomicBool = AtomicBool::new(false);

pub(super) fn set_format(format: ErrorFormat) {
    JSON.store(format == ErrorFormat::Json, Ordering::Relaxed);
}

fn format() -> ErrorFormat {
    if JSON.load(Ordering::Relaxed) {
        ErrorFormat::Json
    } else {
        ErrorFormat::Human
    }
}

pub(super) fn set_verbose(on: bool) {
    VERBOSE.store(on, Ordering::Relaxed);
}

/// Whether stage times and command lines are printed (`-v`, or
/// `BAMBOOC_TIME_PASSES` set).
pub(super) fn verbose() -> bool {
    VERBOSE.load(Ordering::Relaxed) || std::env::var_os("BAMBOOC_TIME_PASSES").is_some()
}

/// Prints diagnostics without a place in the chosen format.
fn print(diags: &[Diagnostic]) {
    let text = super::render_diagnostics(diags, &SourceMap::new(), format(), false);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Prints an error met outside the source text.
pub fn report_failure(f: &Failure) {
    print(&[diagnostics::failure_diagnostic(f)]);
}

/// Prints a problem the driver works around.
pub(super) fn report_warning(w: &DriverWarning) {
    print(&[diagnostics::driver_warning(w)]);
}

/// Prints a note about the run (no code, no place): `note: what` for
/// people, an object of severity `note` under `--error-format json`.
pub(super) fn report_note(message: String) {
    print(&[Diagnostic::note(message)]);
}

/// Prints a line of information about the run (a `-v` line, a
/// calibration measurement): as it is for people, a note object under
/// `--error-format json`, so that every line on stderr is JSON.
pub(super) fn report_line(line: String) {
    match format() {
        ErrorFormat::Human => eprintln!("{line}"),
        ErrorFormat::Json => report_note(line),
    }
}

/// Prints how long a stage took (under `-v`).
pub(super) fn print_time(stage: &str, d: std::time::Duration) {
    report_line(format!(
        "time: {stage:<8} {:>10.3} ms",
        d.as_secs_f64() * 1e3
    ));
}
