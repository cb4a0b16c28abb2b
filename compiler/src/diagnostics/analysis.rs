//! Wording of the warnings drawn from the state transition graphs
//! (`analysis::checks`).

use super::{Diagnostic, Label};
use crate::analysis::checks::GraphWarning;
use crate::hir::Program;
use bambooc_syntax::span::Span;

/// How many reachable states a note lists before eliding the rest.
const MAX_LISTED: usize = 8;

pub fn analysis_diagnostic(p: &Program, w: &GraphWarning) -> Diagnostic {
    match w {
        GraphWarning::TaskNeverFires {
            task,
            param,
            reachable,
        } => {
            let t = p.task(*task);
            let tp = &t.params[*param as usize];
            let class = &p.class(tp.class).name;
            let what = if tp.tags.is_empty() {
                "a state this guard accepts"
            } else {
                "a state with the flags and tags this parameter needs"
            };
            let d = Diagnostic::warning(
                "W0001",
                format!("task `{}` can never run", t.name),
                Label::new(
                    tp.span,
                    format!("no object of class `{class}` ever reaches {what}"),
                ),
            )
            .with_help(
                "compare the guard with the flags and tags that allocation blocks and `taskexit`s give these objects",
            );
            if reachable.is_empty() {
                d.with_note(format!(
                    "no `{class}` object is ever allocated as a task object (`new {class}(...) {{ ... }}`)"
                ))
            } else {
                let mut listed: Vec<&str> = reachable
                    .iter()
                    .take(MAX_LISTED)
                    .map(String::as_str)
                    .collect();
                if reachable.len() > MAX_LISTED {
                    listed.push("...");
                }
                d.with_note(format!("the reachable states are {}", listed.join(", ")))
            }
        }
        GraphWarning::ExitKeepsGuards { task, exit } => {
            let t = p.task(*task);
            let e = &t.exits[exit.0 as usize];
            let (span, label) = if e.implicit {
                // The closing brace of the body.
                (
                    Span {
                        start: e.span.end.saturating_sub(1),
                        ..e.span
                    },
                    "reaching the end of the body changes no flag".to_string(),
                )
            } else {
                (
                    e.span,
                    "after this exit every parameter still satisfies its guard".to_string(),
                )
            };
            Diagnostic::warning(
                "W0002",
                format!("task `{}` would run again on the same objects forever", t.name),
                Label::new(span, label),
            )
            .with_secondary(t.span, "no exit of this task moves a parameter out of its guard")
            .with_help(format!(
                "change a parameter's flags when the work is done, e.g. `taskexit({}: ... := false)`",
                t.params[0].name
            ))
        }
        GraphWarning::TagTypeNeverCreated {
            task,
            param: _,
            tag_type,
            var,
        } => {
            let t = p.task(*task);
            let name = &p.tag_types[tag_type.0 as usize];
            let local = &t.locals[var.0 as usize];
            Diagnostic::warning(
                "W0003",
                format!("tag type `{name}` is never created"),
                Label::new(
                    local.span,
                    format!("task `{}` needs a `{name}` tag here, so it can never run", t.name),
                ),
            )
            .with_help(format!(
                "create one with `tag t = new tag({name});` and bind it with `add t`, or drop the requirement"
            ))
        }
        GraphWarning::FlagUnused { class, bit } => {
            let c = p.class(*class);
            let f = &c.flags[bit.0 as usize];
            Diagnostic::warning(
                "W0004",
                format!("flag `{}` of class `{}` is never used", f.name, c.name),
                Label::new(
                    f.span,
                    "no guard reads it and no allocation block or `taskexit` sets it",
                ),
            )
            .with_help("remove the flag, or set it and test it in a guard")
        }
        GraphWarning::NoStartupTask { main } => {
            let message = "the program has no startup task, so it runs nothing";
            let d = match main {
                Some(m) => Diagnostic::warning(
                    "W0005",
                    message,
                    Label::new(
                        p.method(*m).span,
                        "a Bamboo program does not start at `main`",
                    ),
                ),
                None => Diagnostic {
                    severity: super::Severity::Warning,
                    ..Diagnostic::global("W0005", message)
                },
            };
            d.with_help(
                "start with a task on the `StartupObject`: `task startup(StartupObject s in initialstate) { ... taskexit(s: initialstate := false); }`",
            )
            .with_note("the built program would create the `StartupObject`, find no task to run and exit at once")
        }
    }
}
