//! A recorded simulation as Chrome trace-event JSON (`--emit sim-trace`):
//! in, the [`Model`] and a [`SimResult`] with its trace; out, the text,
//! written by serde_json one event per line.

use super::*;
use serde::Serialize;

/// One trace event; absent fields are left out, as the runtime leaves
/// them out of its `BAMBOO_TRACE` files.
#[derive(Serialize)]
struct Event<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cat: Option<&'static str>,
    ph: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bp: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    pid: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    tid: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ts: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dur: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    args: Option<Args<'a>>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Args<'a> {
    Name { name: &'a str },
    Exit { exit: u32 },
}

impl<'a> Event<'a> {
    fn new(name: &'a str, ph: &'static str, args: Option<Args<'a>>) -> Event<'a> {
        Event {
            name,
            cat: None,
            ph,
            bp: None,
            id: None,
            pid: 0,
            tid: None,
            ts: None,
            dur: None,
            args,
        }
    }
}

/// Nanoseconds as the trace's microseconds, to the nanosecond (a whole
/// number divided by 1000 prints with at most three decimals).
fn micros(ns: f64) -> Option<f64> {
    Some(ns.round() / 1000.0)
}

/// The simulated execution as Chrome trace-event JSON in the shape of the
/// runtime's `BAMBOO_TRACE` files: the process named after the program, one
/// track per core, a complete event per invocation, and a flow arrow ("s"
/// on the sender, "f" on the receiver) where the object an invocation
/// waited for last came from another core.
pub fn trace_json(model: &Model, r: &SimResult) -> String {
    let process = format!("{} (simulated)", model.program);
    let cores: Vec<String> = (0..r.busy_ns.len()).map(|c| format!("core {c}")).collect();
    let mut events = vec![Event::new(
        "process_name",
        "M",
        Some(Args::Name { name: &process }),
    )];
    for (c, name) in cores.iter().enumerate() {
        events.push(Event {
            tid: Some(c as u32),
            ..Event::new("thread_name", "M", Some(Args::Name { name }))
        });
    }
    for (i, inv) in r.trace.iter().enumerate() {
        let task = &model.tasks[inv.task as usize];
        events.push(Event {
            cat: Some("task"),
            tid: Some(inv.core),
            ts: micros(inv.start),
            dur: micros(inv.end - inv.start),
            ..Event::new(
                &task.name,
                "X",
                Some(Args::Exit {
                    exit: task.exits[inv.exit as usize].runtime_exit,
                }),
            )
        });
        let Some(sender) = r.trace.get(inv.data_pred as usize) else {
            continue;
        };
        if sender.core == inv.core {
            continue;
        }
        let flow = |ph, bp, core, at| Event {
            cat: Some("handoff"),
            bp,
            id: Some(i),
            tid: Some(core),
            ts: micros(at),
            ..Event::new(&task.name, ph, None)
        };
        events.push(flow("s", None, sender.core, sender.end));
        events.push(flow("f", Some("e"), inv.core, inv.ready));
    }
    let lines: Vec<String> = events
        .iter()
        .filter_map(|e| serde_json::to_string(e).ok())
        .collect();
    format!(
        "{{\"traceEvents\":[\n{}\n],\"displayTimeUnit\":\"ns\"}}\n",
        lines.join(",\n")
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{data_parallel, free_machine, layout_of};
    use super::*;

    #[test]
    fn trace_names_the_process_and_draws_hand_offs() {
        // Eight objects of 100 ns from core 0 to four cores, round-robin.
        let m = data_parallel(8, 100.0);
        let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
        let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
        let text = trace_json(&m, &r);
        assert_eq!(text, trace_json(&m, &r));
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let events = json["traceEvents"].as_array().unwrap();
        assert_eq!(events[0]["name"], "process_name");
        assert_eq!(
            events[0]["args"]["name"],
            format!("{} (simulated)", m.program)
        );
        let count = |ph: &str| events.iter().filter(|e| e["ph"] == ph).count();
        assert_eq!(count("M"), 5);
        assert_eq!(count("X"), 9);
        // The six objects sent to cores 1-3 each get an arrow.
        assert_eq!((count("s"), count("f")), (6, 6));
        for s in events.iter().filter(|e| e["ph"] == "s") {
            let f = events
                .iter()
                .find(|e| e["ph"] == "f" && e["id"] == s["id"])
                .unwrap();
            assert_ne!(s["tid"], f["tid"]);
            assert_eq!(f["bp"], "e");
            assert!(s["ts"].as_f64() <= f["ts"].as_f64());
        }
    }
}
