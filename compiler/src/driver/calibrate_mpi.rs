//! `bambooc calibrate --mpi`: the network between MPI ranks (issue 32).
//! Builds `benchmarks/mpi/bounce.bb` with `--mpi --spread`, runs it under
//! `mpirun` on R ranks of one core with a small and a large payload, and
//! returns the median time per object that crossed ranks
//! ([`crate::synthesis::calibrate::MeasuredNetwork`]);
//! `calibrate::cluster` turns it into a cluster machine (paper 4.4: the
//! simulator's costs of this machine, here across nodes).

use super::{CodegenArgs, Failure};
use crate::synthesis::calibrate::{MeasuredNetwork, BOUNCE_BB, BOUNCE_BYTES};
use std::path::{Path, PathBuf};

/// Hops of the measured runs per payload: enough for about a tenth of a
/// second of crossings at the latency and bandwidth of loopback MPI.
const HOPS: [u64; 2] = [20_000, 400];
/// Hops of the run whose time is taken off: MPI's start and the job's end.
const BASE_HOPS: u64 = 2;

/// Builds `bounce` for MPI in `dir` and runs it once on `ranks` ranks, so
/// that a machine without MPI fails before the long measurements. Whether
/// `mpirun` starts at all is asked first: the build would take seconds.
pub(super) fn build_bounce(dir: &Path, ranks: u32) -> Result<PathBuf, Failure> {
    let mpirun = mpirun();
    std::process::Command::new(&mpirun)
        .arg("--version")
        .output()
        .map_err(|error| Failure::MpirunNotRun {
            mpirun: mpirun.to_string_lossy().into_owned(),
            error,
        })?;
    let cg = CodegenArgs {
        opt_level: 2,
        no_bounds_checks: true,
        mpi: true,
        spread: true,
        ..Default::default()
    };
    let (exe, _) = super::calibrate::build_benchmark(dir, "bounce", BOUNCE_BB, &cg, "bounce")?;
    job(&exe, ranks, BOUNCE_BYTES[0], BASE_HOPS)?;
    Ok(exe)
}

/// Measures `bounce` (from [`build_bounce`]) `runs` times per payload on
/// `ranks` ranks, alternating the payloads; `spreads` gets each
/// measurement's median and spread.
pub(super) fn measure_network(
    exe: &Path,
    runs: u32,
    ranks: u32,
    spreads: &mut Vec<super::calibrate::Spread>,
) -> Result<MeasuredNetwork, Failure> {
    let mut samples = vec![Vec::new(); BOUNCE_BYTES.len()];
    for _ in 0..runs {
        for (i, &bytes) in BOUNCE_BYTES.iter().enumerate() {
            let base = job(exe, ranks, bytes, BASE_HOPS)?;
            let (ms, crossed) = job(exe, ranks, bytes, HOPS[i])?;
            if crossed > base.1 {
                samples[i].push((ms - base.0).max(0.0) * 1e-3 / (crossed - base.1) as f64);
            }
        }
    }
    let mut crossing_s = Vec::new();
    for (&bytes, v) in BOUNCE_BYTES.iter().zip(samples) {
        if v.is_empty() {
            return Err(Failure::BenchmarkFailed {
                exe: exe.to_path_buf(),
                cores: ranks,
                error: None,
            });
        }
        let (median, spread) = super::calibrate::median_spread(v);
        spreads.push((format!("crossing ranks, {bytes} B"), median, spread));
        crossing_s.push((bytes, median));
    }
    Ok(MeasuredNetwork {
        ranks,
        cores_per_rank: 1,
        crossing_s,
    })
}

/// One `mpirun` of `bounce` with `BAMBOO_STATS=1`: the slowest rank's
/// total milliseconds and the objects the ranks received from each other.
fn job(exe: &Path, ranks: u32, bytes: u64, hops: u64) -> Result<(f64, u64), Failure> {
    let failed = |error| Failure::BenchmarkFailed {
        exe: exe.to_path_buf(),
        cores: ranks,
        error,
    };
    let mpirun = mpirun();
    let stderr = super::calibrate::stats_stderr(
        std::process::Command::new(&mpirun)
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .env("BAMBOO_CORES", "1")
            .args([
                "--oversubscribe",
                "-x",
                "BAMBOO_STATS",
                "-x",
                "BAMBOO_CORES",
                "-np",
            ])
            .arg(ranks.to_string())
            .arg(exe)
            .args([bytes.to_string(), hops.to_string()]),
        |error| Failure::MpirunNotRun {
            mpirun: mpirun.to_string_lossy().into_owned(),
            error,
        },
        || failed(None),
    )?;
    rank_figures(&stderr).ok_or_else(|| failed(None))
}

/// The MPI launcher: `$MPIRUN`, else `mpirun`.
fn mpirun() -> std::ffi::OsString {
    std::env::var_os("MPIRUN").unwrap_or_else(|| "mpirun".into())
}

/// From every rank's `BAMBOO_STATS`: the largest `N ms total` and the sum
/// of the objects received from other ranks (mpi_thread.c's line
/// `objects to other ranks A (…), from them B …`).
pub(super) fn rank_figures(stats: &str) -> Option<(f64, u64)> {
    let mut total_ms: Option<f64> = None;
    let mut received = 0u64;
    let mut ranks_seen = 0;
    for line in stats.lines() {
        if let Some(rest) = line.strip_prefix("bamboo: stats: ") {
            if let Some(ms) = rest
                .split_once(" ms total")
                .and_then(|(a, _)| a.rsplit(' ').next())
            {
                let ms: f64 = ms.parse().ok()?;
                total_ms = Some(total_ms.map_or(ms, |t| t.max(ms)));
            }
            if let Some(from) = rest.split_once("from them ") {
                received += from.1.split(' ').next()?.parse::<u64>().ok()?;
                ranks_seen += 1;
            }
        }
    }
    (ranks_seen > 0).then_some(())?;
    Some((total_ms?, received))
}

#[cfg(test)]
mod tests {
    use super::rank_figures;

    #[test]
    fn figures_come_from_every_ranks_stats() {
        let stats = "bamboo: stats: rank 0 of 2:\n\
                     bamboo: stats: 1 core, 12.500 ms total\n\
                     bamboo: stats: rank 0: objects to other ranks 10 (640 bytes, packed in 0.010 ms), from them 9 (576 bytes)\n\
                     bamboo: stats: rank 1 of 2:\n\
                     bamboo: stats: 1 core, 13.000 ms total\n\
                     bamboo: stats: rank 1: objects to other ranks 9 (576 bytes, packed in 0.010 ms), from them 10 (640 bytes)\n";
        assert_eq!(rank_figures(stats), Some((13.0, 19)));
        assert_eq!(
            rank_figures("bamboo: stats: 1 core, 1.000 ms total\n"),
            None
        );
    }
}
