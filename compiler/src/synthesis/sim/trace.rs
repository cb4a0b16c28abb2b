//! A recorded simulation as Chrome trace-event JSON (`--emit sim-trace`):
//! in, the [`Model`] and a [`SimResult`] with its trace; out, the text.

use super::*;

/// The simulated execution as Chrome trace-event JSON, one track per core,
/// in the shape of the runtime's `BAMBOO_TRACE` files.
pub fn trace_json(model: &Model, r: &SimResult) -> String {
    use std::fmt::Write;
    let mut s = String::from("{\"traceEvents\":[\n");
    let mut first = true;
    for c in 0..r.busy_ns.len() {
        if !first {
            s.push_str(",\n");
        }
        first = false;
        let _ = write!(
            s,
            "{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":{c},\"args\":{{\"name\":\"core {c}\"}}}}"
        );
    }
    for inv in &r.trace {
        let task = &model.tasks[inv.task as usize];
        let _ = write!(
            s,
            ",\n{{\"name\":{},\"cat\":\"task\",\"ph\":\"X\",\"pid\":0,\"tid\":{},\"ts\":{:.3},\"dur\":{:.3},\"args\":{{\"exit\":{}}}}}",
            serde_json::to_string(&task.name).expect("strings serialise"),
            inv.core,
            inv.start / 1000.0,
            (inv.end - inv.start) / 1000.0,
            task.exits[inv.exit as usize].runtime_exit
        );
    }
    s.push_str("\n],\"displayTimeUnit\":\"ns\"}\n");
    s
}
