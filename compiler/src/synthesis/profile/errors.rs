//! Why a profile is rejected: the errors `Profile::from_json` returns
//! (worded in `diagnostics::profile`), and the checks of the raw JSON that
//! come before the typed reading (truncation, syntax, figures out of
//! range).

use super::MAX_FIGURE;

/// Why a profile was rejected. Wording: `diagnostics::profile`.
#[derive(Clone, Debug, PartialEq)]
pub enum ProfileError {
    /// The text ends before the JSON value does (a cut-off file).
    Truncated {
        line: usize,
        column: usize,
    },
    /// Not valid JSON, or JSON of the wrong shape (a missing or unknown
    /// field, a value of the wrong type). `detail` is the JSON reader's.
    Malformed {
        line: usize,
        column: usize,
        detail: String,
    },
    /// The `format` field is missing or is not [`FORMAT`].
    NotAProfile {
        found: Option<String>,
    },
    /// A `version` other than [`VERSION`] (written as found in the file).
    UnsupportedVersion {
        found: String,
    },
    /// A number below zero; `path` is where, e.g. `tasks[1].exits[0].count`.
    NegativeFigure {
        path: String,
        value: f64,
    },
    /// A number above [`MAX_FIGURE`].
    FigureTooLarge {
        path: String,
        value: f64,
        limit: f64,
    },
    /// More task objects than [`MAX_TASK_OBJECTS`] for a windowed
    /// simulation to make, all sites together.
    TooManyObjects {
        total: u64,
    },
    /// An exit's `param_bytes_mean` whose length is not its task's
    /// parameter count.
    ParamBytesLength {
        task: String,
        exit: u32,
        found: u32,
        nparams: u32,
    },
    /// An allocation record whose `mean` is not its `total` over the
    /// exit's count.
    AllocMeanMismatch {
        task: String,
        exit: u32,
        site: u32,
        mean: f64,
        total: u64,
        count: u64,
    },
    /// The fingerprint is another program's. `difference` is the first
    /// reason found by comparing the profile with this program, if any.
    OtherProgram {
        program: String,
        found: String,
        expected: String,
        difference: Option<Box<ProfileError>>,
    },
    UnknownTask {
        name: String,
        suggestion: Option<String>,
    },
    DuplicateTask {
        name: String,
    },
    ExitOutOfRange {
        task: String,
        exit: u32,
        nexits: u32,
    },
    DuplicateExit {
        task: String,
        exit: u32,
    },
    /// A task's exit counts do not add up to its invocations (`task` is
    /// `None` for the profile's total).
    CountMismatch {
        task: Option<String>,
        sum: u64,
        stated: u64,
    },
    /// A probability outside [0, 1].
    BadProbability {
        task: String,
        exit: u32,
        value: f64,
    },
    /// The probabilities of a task that ran do not sum to 1, or those of a
    /// task that never ran are not 0.
    ProbabilitySum {
        task: String,
        sum: f64,
        invocations: u64,
    },
    SiteOutOfRange {
        task: String,
        exit: u32,
        site: u32,
        nsites: u32,
    },
    SiteClassMismatch {
        task: String,
        exit: u32,
        site: u32,
        found: String,
        expected: String,
    },
    DuplicateSite {
        task: String,
        exit: u32,
        site: u32,
    },
    /// A tag binding record that does not fit the program.
    BadTagBinding {
        task: String,
        exit: u32,
        problem: TagBindingProblem,
    },
}

/// What is wrong with a tag binding record.
#[derive(Clone, Debug, PartialEq)]
pub enum TagBindingProblem {
    /// Neither or both of `param` and `site`.
    NoPoint,
    ParamOutOfRange {
        param: u32,
        nparams: u32,
    },
    SiteOutOfRange {
        site: u32,
        nsites: u32,
    },
    UnknownTagType {
        name: String,
    },
    /// The same point and tag type twice.
    Duplicate {
        tag: String,
    },
    /// `fresh` or a `from_params` count above `bound`.
    CountAboveBound {
        tag: String,
    },
    /// `from_params` does not have one count per parameter.
    FromParamsLength {
        tag: String,
        found: u32,
        nparams: u32,
    },
}

pub(super) fn json_error(e: serde_json::Error) -> ProfileError {
    match e.classify() {
        serde_json::error::Category::Eof => ProfileError::Truncated {
            line: e.line(),
            column: e.column(),
        },
        _ => {
            // serde_json appends " at line L column C"; the position is
            // given separately.
            let text = e.to_string();
            let detail = match text.rfind(" at line ") {
                Some(i) => text[..i].to_string(),
                None => text,
            };
            ProfileError::Malformed {
                line: e.line(),
                column: e.column(),
                detail,
            }
        }
    }
}

/// The largest figure the field at `path` may hold: [`MAX_FIGURE`], or its
/// square for a figure in squared nanoseconds (`_ns2`).
fn figure_limit(path: &str) -> f64 {
    if path.ends_with("_ns2") {
        MAX_FIGURE * MAX_FIGURE
    } else {
        MAX_FIGURE
    }
}

/// The first negative number or number above [`MAX_FIGURE`] in a JSON
/// value, with its path.
pub(super) fn find_out_of_range(
    v: &serde_json::Value,
    path: &mut String,
) -> Result<(), ProfileError> {
    use serde_json::Value;
    match v {
        Value::Number(n) => match n.as_f64() {
            Some(x) if x < 0.0 || !x.is_finite() => Err(ProfileError::NegativeFigure {
                path: path.clone(),
                value: x,
            }),
            // A variance is in squared nanoseconds: a task whose times
            // vary by seconds has one above 10^18.
            Some(x) if x > figure_limit(path) => Err(ProfileError::FigureTooLarge {
                path: path.clone(),
                value: x,
                limit: figure_limit(path),
            }),
            _ => Ok(()),
        },
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                find_out_of_range(item, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(k);
                find_out_of_range(item, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
