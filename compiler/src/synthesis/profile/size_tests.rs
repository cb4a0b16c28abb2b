//! Unit tests of the object sizes of format version 5: read, checked
//! against the program, carried into the Markov model.

use super::tests::{edited, err, SRC};
use super::*;
use crate::synthesis::markov::MarkovModel;
use crate::test_support::program;

#[test]
fn sizes_reach_the_model() {
    let p = program(SRC);
    let text = edited(&p, |x| {
        let e = &mut x.tasks[0].exits[1];
        e.param_bytes_mean = Some(vec![64.0]);
        e.allocations[0].bytes_mean = Some(4096.0);
    });
    let prof = Profile::from_json(&p, &text).unwrap();
    let m = MarkovModel::from_profile(&p, &prof, &[]).unwrap();
    let e = m.tasks[0]
        .exits
        .iter()
        .find(|e| e.runtime_exit == 1)
        .unwrap();
    assert_eq!(e.param_bytes, vec![64.0]);
    assert_eq!(e.alloc_region_bytes[0], 4096.0);
}

#[test]
fn sizes_for_the_wrong_number_of_parameters_are_rejected() {
    let p = program(SRC);
    let text = edited(&p, |x| {
        x.tasks[2].exits[1].param_bytes_mean = Some(vec![1.0])
    });
    assert_eq!(
        err(&p, &text),
        ProfileError::ParamBytesLength {
            task: "merge".into(),
            exit: 1,
            found: 1,
            nparams: 2,
        }
    );
}

#[test]
fn version_4_profiles_without_sizes_are_still_read() {
    let p = program(SRC);
    let text = edited(&p, |x| x.version = 4);
    let prof = Profile::from_json(&p, &text).unwrap();
    assert!(prof.tasks[0]
        .exits
        .iter()
        .all(|e| e.param_bytes_mean.is_none()));
}
