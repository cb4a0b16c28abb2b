//! Wording of profile errors (`--profile FILE`, `--count-hint`).

use super::Diagnostic;
use crate::synthesis::markov::UnknownHintTask;
use crate::synthesis::profile::{ProfileError, FORMAT, MAX_TASK_OBJECTS, MIN_VERSION, VERSION};

const REGENERATE: &str =
    "rebuild the program with `--profile-gen`, run it, and pass the profile it writes";

/// The diagnostic for a profile `file` that could not be used.
pub fn profile_diagnostic(file: &str, e: &ProfileError) -> Diagnostic {
    use ProfileError::*;
    let d = match e {
        Truncated { line, column } => Diagnostic::global(
            "E0601",
            format!("profile `{file}` is truncated: it ends at line {line}, column {column}, inside the JSON value"),
        )
        .with_help(REGENERATE),
        Malformed { line, column, detail } => Diagnostic::global(
            "E0602",
            format!("profile `{file}` is malformed at line {line}, column {column}: {detail}"),
        )
        .with_help("profiles are written by programs built with `--profile-gen`; see docs/profile-format.md"),
        NotAProfile { found: None } => Diagnostic::global(
            "E0603",
            format!("`{file}` is not a bambooc profile: it has no `\"format\": \"{FORMAT}\"`"),
        )
        .with_help(REGENERATE),
        NotAProfile { found: Some(f) } => Diagnostic::global(
            "E0603",
            format!("`{file}` is not a bambooc profile: its format is `{f}`, not `{FORMAT}`"),
        )
        .with_help(REGENERATE),
        UnsupportedVersion { found } => Diagnostic::global(
            "E0604",
            format!("profile `{file}` has format version {found}; this bambooc reads versions {MIN_VERSION} to {VERSION}"),
        )
        .with_help(REGENERATE)
        .with_note(if found == "1" || found == "2" {
            "versions 1 and 2 do not record tag bindings, which the simulator needs (version 3); version 1 also lacks the time outside the task bodies"
        } else {
            "the format is described in docs/profile-format.md"
        }),
        NegativeFigure { path, value } => Diagnostic::global(
            "E0608",
            format!("profile `{file}` has a negative figure: `{path}` is {value}"),
        )
        .with_help("counts, times and probabilities in a profile are never negative"),
        FigureTooLarge { path, value, limit } => Diagnostic::global(
            "E0608",
            format!("profile `{file}` has an impossible figure: `{path}` is {value}, above {limit:e}"),
        )
        .with_help(REGENERATE)
        .with_note("no count of a run and no time in nanoseconds (31 years) comes near it"),
        TooManyObjects { total } => Diagnostic::global(
            "E0608",
            format!("profile `{file}` makes the simulator create {total} task objects; at most {MAX_TASK_OBJECTS} are accepted"),
        )
        .with_help(REGENERATE)
        .with_note("the simulator keeps every task object it makes, so this bounds the compiler's memory; a simulated window of a real run makes far fewer"),
        ParamBytesLength { task, exit, found, nparams } => Diagnostic::global(
            "E0609",
            format!("profile `{file}`: exit {exit} of task `{task}` gives object sizes (`param_bytes_mean`) for {found} parameters, but the task has {nparams}"),
        )
        .with_help(REGENERATE),
        AllocMeanMismatch { task, exit, site, mean, total, count } => Diagnostic::global(
            "E0609",
            format!("profile `{file}`: allocation site {site} under exit {exit} of task `{task}` has mean {mean}, but {total} objects over {count} invocations"),
        )
        .with_help(REGENERATE),
        OtherProgram { program, found, expected, difference } => {
            let mut d = Diagnostic::global(
                "E0605",
                format!("profile `{file}` is of another program (`{program}`): its fingerprint is {found}, this program's is {expected}"),
            )
            .with_help(REGENERATE);
            if let Some(diff) = difference {
                d = d.with_note(format!("for instance: {}", profile_diagnostic(file, diff).message));
            } else {
                d = d.with_note("the program's tasks, their parameters, exits or allocation sites changed since the profile was made");
            }
            d
        }
        UnknownTask { name, suggestion } => {
            let d = Diagnostic::global("E0606", format!("profile `{file}` names task `{name}`, which this program does not have"));
            match suggestion {
                Some(s) => d.with_help(format!("a task with a similar name exists: `{s}`")),
                None => d.with_help(REGENERATE),
            }
        }
        DuplicateTask { name } => Diagnostic::global("E0611", format!("profile `{file}` lists task `{name}` twice")),
        DuplicateExit { task, exit } => Diagnostic::global("E0611", format!("profile `{file}` lists exit {exit} of task `{task}` twice")),
        DuplicateSite { task, exit, site } => Diagnostic::global(
            "E0611",
            format!("profile `{file}` lists allocation site {site} twice under exit {exit} of task `{task}`"),
        ),
        ExitOutOfRange { task, exit, nexits } => Diagnostic::global(
            "E0607",
            format!("profile `{file}` has exit {exit} for task `{task}`, which has exits 0 to {}", nexits.saturating_sub(1)),
        )
        .with_note("exit 0 is the end of the task body; exit k is the task's k-th `taskexit`"),
        CountMismatch { task: Some(task), sum, stated } => Diagnostic::global(
            "E0609",
            format!("profile `{file}`: the exit counts of task `{task}` add up to {sum}, but it says the task ran {stated} times"),
        ),
        CountMismatch { task: None, sum, stated } => Diagnostic::global(
            "E0609",
            format!("profile `{file}`: the tasks' invocations add up to {sum}, but the profile says {stated}"),
        ),
        BadProbability { task, exit, value } => Diagnostic::global(
            "E0608",
            format!("profile `{file}`: the probability of exit {exit} of task `{task}` is {value}, outside 0 to 1"),
        ),
        ProbabilitySum { task, sum, invocations: 0 } => Diagnostic::global(
            "E0609",
            format!("profile `{file}`: task `{task}` never ran, but its exit probabilities sum to {sum}, not 0"),
        ),
        ProbabilitySum { task, sum, .. } => Diagnostic::global(
            "E0609",
            format!("profile `{file}`: the exit probabilities of task `{task}` sum to {sum}, not 1"),
        ),
        SiteOutOfRange { task, exit, site, nsites } => Diagnostic::global(
            "E0610",
            format!("profile `{file}` has allocation site {site} under exit {exit} of task `{task}`, but the program has {nsites} allocation sites"),
        ),
        SiteClassMismatch { task, exit, site, found, expected } => Diagnostic::global(
            "E0610",
            format!("profile `{file}` says allocation site {site} (under exit {exit} of task `{task}`) makes `{found}` objects, but it makes `{expected}`"),
        ),
        BadTagBinding { task, exit, problem } => {
            use crate::synthesis::profile::TagBindingProblem::*;
            let what = match problem {
                NoPoint => "a tag binding record needs exactly one of `param` and `site`".to_string(),
                ParamOutOfRange { param, nparams } => format!("a tag binding names parameter {param}, but the task has {nparams}"),
                SiteOutOfRange { site, nsites } => format!("a tag binding names allocation site {site}, but the program has {nsites}"),
                UnknownTagType { name } => format!("a tag binding names tag type `{name}`, which the program does not use"),
                Duplicate { tag } => format!("tag type `{tag}` is listed twice for the same binding point"),
                CountAboveBound { tag } => format!("the `{tag}` binding record counts more fresh or parameter-held bindings than bindings"),
                FromParamsLength { tag, found, nparams } => format!("the `{tag}` binding record has {found} `from_params` counts for {nparams} parameters"),
            };
            Diagnostic::global("E0610", format!("profile `{file}`, exit {exit} of task `{task}`: {what}")).with_help(REGENERATE)
        }
    };
    d
}

/// The diagnostic for `--count-hint` naming an unknown task.
pub fn count_hint_diagnostic(e: &UnknownHintTask) -> Diagnostic {
    let d = Diagnostic::global(
        "E0612",
        format!(
            "`--count-hint` names task `{}`, which this program does not have",
            e.name
        ),
    );
    match &e.suggestion {
        Some(s) => d.with_help(format!("a task with a similar name exists: `{s}`")),
        None => d.with_help("write `--count-hint TASK=per-object` or `TASK=per-task` with one of the program's tasks"),
    }
}

/// The diagnostic for a profile file that cannot be read.
pub fn profile_unreadable(file: &str, reason: &str) -> Diagnostic {
    Diagnostic::global("E0600", format!("cannot read profile `{file}`: {reason}"))
}
