//! Fuzz target: the lexer and parser alone, on arbitrary input. Much
//! faster than `check` (which also parses and checks the whole standard
//! library on every input), so it explores the grammar more deeply per
//! second. Run on a 256 MiB-stack thread like `check`.

#![no_main]

use bambooc::syntax::span::FileId;
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
                    let (file, errors) = bambooc::syntax::parse(FileId(0), &text);
                    std::hint::black_box((file.items.len(), errors.len()));
                    drop(file);
                    if finished.send(()).is_err() {
                        break;
                    }
                }
            })
            .expect("spawn the parser thread");
        Mutex::new(Worker { input, done })
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let w = worker().lock().unwrap_or_else(|e| e.into_inner());
    w.input.send(text).expect("parser thread alive");
    w.done.recv().expect("parser thread alive");
});
