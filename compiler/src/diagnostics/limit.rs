//! The error limit (`--error-limit`, as clang's `-ferror-limit`): a
//! pathological input can hold tens of thousands of errors, and rendering
//! each under its source line costs far more than finding it.
//!
//! In: sorted `Diagnostic`s and the most errors to show. Out: the prefix to
//! show and, when anything is left out, a note saying how much and how to
//! see it.

use super::Diagnostic;

/// The errors shown when `--error-limit` is not given.
pub const DEFAULT_ERROR_LIMIT: usize = 100;

/// The diagnostics to show: everything up to and including the
/// `max_errors`-th error (0: no limit), then a note counting the errors and
/// warnings left out.
pub fn limit(diags: &[Diagnostic], max_errors: usize) -> (&[Diagnostic], Option<Diagnostic>) {
    let cut = match diags
        .iter()
        .enumerate()
        .filter(|(_, d)| d.is_error())
        .nth(max_errors.wrapping_sub(1))
    {
        Some((i, _)) if max_errors > 0 => i + 1,
        _ => return (diags, None),
    };
    let (shown, hidden) = diags.split_at(cut);
    let errors = hidden.iter().filter(|d| d.is_error()).count();
    let warnings = hidden.len() - errors;
    let plural = |n: usize, what: &str| match n {
        1 => format!("1 more {what}"),
        _ => format!("{n} more {what}s"),
    };
    let what = match (errors, warnings) {
        (0, 0) => return (shown, None),
        (e, 0) => plural(e, "error"),
        (0, w) => plural(w, "warning"),
        (e, w) => format!("{} and {}", plural(e, "error"), plural(w, "warning")),
    };
    let note = Diagnostic::note(format!(
        "{what} not shown: at most {max_errors} errors are; `--error-limit N` changes the limit (0 shows all)"
    ));
    (shown, Some(note))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error() -> Diagnostic {
        Diagnostic::global("E0001", "e")
    }

    fn warning() -> Diagnostic {
        Diagnostic {
            severity: super::super::Severity::Warning,
            ..Diagnostic::global("W0001", "w")
        }
    }

    #[test]
    fn cuts_after_the_last_error_shown() {
        let diags = vec![error(), warning(), error(), warning(), error(), error()];
        let (shown, note) = limit(&diags, 2);
        assert_eq!(shown.len(), 3);
        let note = note.unwrap();
        assert_eq!(
            note.message,
            "2 more errors and 1 more warning not shown: at most 2 errors are; `--error-limit N` changes the limit (0 shows all)"
        );
        assert_eq!(limit(&diags, 0).0.len(), 6);
        assert!(limit(&diags, 4).1.is_none());
        assert!(limit(&diags, 5).1.is_none());
    }
}
