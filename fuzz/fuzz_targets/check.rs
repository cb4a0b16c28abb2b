//! Fuzz target: the whole front end (lexer, parser, type checker, flow
//! analysis, diagnostic rendering) on arbitrary input. Any panic, stack
//! overflow or hang is a bug: `check_source` must answer every input with
//! diagnostics.
//!
//! Bytes that are not UTF-8 are converted lossily (U+FFFD), so every input
//! reaches the lexer; invalid UTF-8 itself is the driver's business
//! (`read_sources`), not `check_source`'s.
//!
//! Like the `bambooc` binary, the compiler runs on a thread with a 256 MiB
//! stack. One such thread is kept for the whole run and fed input by
//! input; a panic on it aborts the process (libfuzzer-sys's panic hook),
//! which libFuzzer reports as a crash with the input saved.

#![no_main]

use bambooc::driver::{check_source, render, ErrorFormat};
use libfuzzer_sys::fuzz_target;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Mutex, OnceLock};

const STACK_SIZE: usize = 256 * 1024 * 1024;

struct Worker {
    input: SyncSender<String>,
    done: Receiver<()>,
}

fn worker() -> &'static Mutex<Worker> {
    static WORKER: OnceLock<Mutex<Worker>> = OnceLock::new();
    WORKER.get_or_init(|| {
        let (input, inputs) = sync_channel::<String>(0);
        let (finished, done) = sync_channel::<()>(0);
        std::thread::Builder::new()
            .name("bambooc-fuzz".into())
            .stack_size(STACK_SIZE)
            .spawn(move || {
                for text in inputs {
                    run(&text);
                    if finished.send(()).is_err() {
                        break;
                    }
                }
            })
            .expect("spawn the compiler thread");
        Mutex::new(Worker { input, done })
    })
}

fn run(text: &str) {
    let fe = check_source("fuzz.bb", text);
    // Rendering walks every span through the source map: exercise it too.
    let human = render(&fe, ErrorFormat::Human, false);
    let json = render(&fe, ErrorFormat::Json, false);
    std::hint::black_box((fe.has_errors(), human.len(), json.len()));
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let w = worker().lock().unwrap_or_else(|e| e.into_inner());
    w.input.send(text).expect("compiler thread alive");
    w.done.recv().expect("compiler thread alive");
});
