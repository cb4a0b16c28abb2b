use super::*;
use crate::codegen::CodegenError;
use crate::driver::MergeEscape;
use crate::synthesis::layout::LayoutError;
use crate::synthesis::machine::MachineError;
use crate::synthesis::markov::UnknownHintTask;
use crate::synthesis::profile::ProfileError;
use std::path::PathBuf;

fn not_found() -> Error {
    Error::from(ErrorKind::NotFound)
}

fn p(s: &str) -> PathBuf {
    PathBuf::from(s)
}

/// One failure of every kind, with the code it must carry.
fn every_failure() -> Vec<(Failure, &'static str)> {
    use Failure::*;
    vec![
        (NoInputFiles, "E0700"),
        (UnknownCode { code: "E9".into() }, "E0700"),
        (
            ProfileGenOnOneCore {
                layout: false,
                cores: 4,
            },
            "E0700",
        ),
        (SimNeedsProfile, "E0700"),
        (SimReadsProfile, "E0700"),
        (
            FullReplayTooLarge {
                objects: 1e9,
                limit: 10,
            },
            "E0700",
        ),
        (
            Read {
                path: p("a"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            Write {
                path: p("a"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            CreateFolder {
                path: p("a"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            WriteIn {
                folder: p("a"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            BuildFolder {
                parent: p("/t"),
                error: not_found(),
            },
            "E0701",
        ),
        (OutputIsFolder { output: p("o") }, "E0701"),
        (
            OutputIsInput {
                output: p("o"),
                input: p("o"),
            },
            "E0701",
        ),
        (
            OutputFolderMissing {
                output: p("d/o"),
                folder: p("d"),
            },
            "E0701",
        ),
        (
            OutputFolderNotFolder {
                output: p("d/o"),
                folder: p("d"),
            },
            "E0701",
        ),
        (
            OutputFolderUnwritable {
                output: p("d/o"),
                folder: p("d"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            CacheFolder {
                path: p("c"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            CacheRefused {
                path: p("c"),
                why: CacheRefusal::OtherUser { uid: 7 },
            },
            "E0701",
        ),
        (
            Stdout {
                what: StdoutWhat::ManPage,
                error: not_found(),
            },
            "E0701",
        ),
        (
            LayoutUnreadable {
                path: p("l"),
                error: not_found(),
            },
            "E0701",
        ),
        (
            MachineUnreadable {
                path: p("m"),
                error: not_found(),
            },
            "E0701",
        ),
        (GraphvizNotRun { error: not_found() }, "E0701"),
        (
            GraphvizFailed {
                path: p("g.dot"),
                output: "bad".into(),
            },
            "E0701",
        ),
        (
            CcNotRun {
                cc: "cc".into(),
                error: not_found(),
            },
            "E0702",
        ),
        (
            CcBroken {
                cc: "cc".into(),
                flags: vec![],
                output: String::new(),
            },
            "E0702",
        ),
        (MpiCcBroken { cc: "mpicc".into() }, "E0702"),
        (MpiCcMissing { cc: "mpicc".into() }, "E0702"),
        (
            CRejected {
                what: Rejected::Runtime,
                output: "x".into(),
            },
            "E0703",
        ),
        (Internal(crate::driver::Internal::Unchecked), "E0703"),
        (
            Codegen(CodegenError::MissingNative {
                class: "C".into(),
                method: "m".into(),
            }),
            "E0704",
        ),
        (
            Mpi(MpiRefusal::GlobalVariable {
                class: "C".into(),
                field: "f".into(),
            }),
            "E0705",
        ),
        (
            RunProgram {
                exe: p("e"),
                error: not_found(),
            },
            "E0706",
        ),
        (
            WaitProgram {
                exe: p("e"),
                error: not_found(),
            },
            "E0706",
        ),
        (
            BenchmarkFailed {
                exe: p("e"),
                cores: 2,
                error: None,
            },
            "E0706",
        ),
        (
            Layout {
                path: p("l"),
                error: LayoutError::NoCores,
            },
            "E0620",
        ),
        (
            Machine {
                source: "m".into(),
                error: MachineError::NoCores,
            },
            "E0621",
        ),
        (
            ProfileUnreadable {
                path: p("f"),
                error: not_found(),
            },
            "E0600",
        ),
        (
            Profile {
                path: p("f"),
                error: ProfileError::NotAProfile { found: None },
            },
            "E0603",
        ),
        (
            CountHint(UnknownHintTask {
                name: "t".into(),
                suggestion: None,
            }),
            "E0612",
        ),
    ]
}

#[test]
fn every_failure_is_an_error_with_a_catalogued_code() {
    for (f, code) in every_failure() {
        let d = failure_diagnostic(&f);
        assert_eq!(d.code, code, "{f:?}");
        assert_eq!(d.severity, Severity::Error, "{f:?}");
        assert!(d.primary.is_none(), "{f:?}");
        assert!(crate::diagnostics::explain(d.code).is_some(), "{f:?}");
        assert!(
            !d.message.is_empty() && !d.message.starts_with("error"),
            "{f:?}"
        );
    }
}

#[test]
fn warnings_are_warnings_with_catalogued_codes() {
    let warnings = [
        DriverWarning::CacheUnavailable {
            path: p("c"),
            error: not_found(),
        },
        DriverWarning::NoisyCalibration {
            percent: 20.0,
            measurements: vec!["hop".into()],
        },
    ];
    for (w, code) in warnings.iter().zip(["W0700", "W0701"]) {
        let d = driver_warning(w);
        assert_eq!((d.code, d.severity), (code, Severity::Warning), "{w:?}");
        assert!(crate::diagnostics::explain(d.code).is_some(), "{w:?}");
    }
}

#[test]
fn tool_output_stays_whole_and_indented_under_its_note() {
    let f = Failure::CRejected {
        what: Rejected::Program { kept: None },
        output: "\nprogram.c:1: error: bad\nprogram.c:2: note: here\n".into(),
    };
    let d = failure_diagnostic(&f);
    assert_eq!(
        d.notes,
        vec![
            "build again with `--emit c` to keep the generated C".to_string(),
            "program.c:1: error: bad\nprogram.c:2: note: here".to_string(),
        ]
    );
    assert_eq!(
        f.to_string(),
        "[E0703] Error: internal compiler error: the C compiler rejected the generated code\n    Note: build again with `--emit c` to keep the generated C\n    Note: program.c:1: error: bad\n          program.c:2: note: here"
    );
    // No output: no note for it.
    let quiet = Failure::CcBroken {
        cc: "cc".into(),
        flags: vec!["-x".into()],
        output: " \n".into(),
    };
    let d = failure_diagnostic(&quiet);
    assert!(d.notes.is_empty(), "{:?}", d.notes);
    assert!(
        d.message.contains("with BAMBOOC_CFLAGS `-x`"),
        "{}",
        d.message
    );
}

#[test]
fn mpi_refusals_name_the_exit_and_why() {
    let f = Failure::Mpi(MpiRefusal::MergedLocks {
        task: "merge".into(),
        exit: None,
        why: MergeEscape::Taker {
            task: "work".into(),
            class: "Item".into(),
        },
    });
    let d = failure_diagnostic(&f);
    assert_eq!(d.code, "E0705");
    assert!(
        d.message.contains("at its end of task `merge`"),
        "{}",
        d.message
    );
    assert!(
        d.message.contains("task `work`, which runs on every rank"),
        "{}",
        d.message
    );
    assert_eq!(d.help.as_deref(), Some(MPI_HELP));
    assert_eq!(d.notes.len(), 1);
}

#[test]
fn io_errors_read_as_words() {
    assert_eq!(io_reason(&not_found()), "no such file or folder");
    assert_eq!(
        io_reason(&Error::from(ErrorKind::PermissionDenied)),
        "permission denied"
    );
    assert_eq!(
        io_reason(&Error::from(ErrorKind::IsADirectory)),
        "it is a folder"
    );
    assert_eq!(
        io_reason(&Error::from_raw_os_error(28)),
        "no space left on device"
    );
}
