//! benchplot: draws the benchmark harness's SVG plots.
//!
//! Input: `benchmarks/results.json`, written by `benchmarks/harness.py`
//! (its `benchmarks[*].fig7`, `fig9` and `sim62` objects; a figure the
//! harness could not measure is `null` and is left out of the plot, never
//! drawn as zero). Output, in the folder given: `speedups.svg` (N-core
//! speedups per benchmark, Bamboo and OpenMP), `simulator.svg` (the
//! simulator's estimate against the measured time, paper Figure 9) and
//! `sim62.svg` (simulated 62-core speedups on tilepro64 beside the
//! paper's) and, when the report has its section 7 (`cluster`),
//! `cluster.svg` (Bamboo's times at 2 ranks over hand-written MPI's, per
//! cluster benchmark) and `hidden.svg` (the share of communication hidden
//! on the simulated 16 x 16 cluster). Usage: `benchplot RESULTS.json
//! OUT_DIR`.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Results {
    cores: u32,
    size: String,
    benchmarks: Vec<Bench>,
    /// Section 7 as `benchmarks/harness_cluster.py` writes it; read by
    /// path, since its parts may each be missing (`{"na": why}`).
    #[serde(default)]
    cluster: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Bench {
    name: String,
    #[serde(default)]
    fig7: Option<Fig7>,
    #[serde(default)]
    fig9: Vec<Fig9>,
    #[serde(default)]
    sim62: Option<Sim62>,
}

#[derive(Deserialize)]
struct Fig7 {
    speedup: Option<f64>,
    speedup_vs_c: Option<f64>,
    omp_speedup: Option<f64>,
}

#[derive(Deserialize)]
struct Fig9 {
    cores: u32,
    estimate_s: Option<f64>,
    measured_s: Option<f64>,
}

#[derive(Deserialize)]
struct Sim62 {
    speedup: Option<f64>,
    paper: Option<f64>,
}

/// One group of bars per benchmark; one bar per series (missing values
/// leave a gap).
struct Bars<'a> {
    title: String,
    y_label: &'a str,
    groups: Vec<String>,
    series: Vec<(&'a str, RGBColor, Vec<Option<f64>>)>,
    /// A horizontal reference line (a goal), if any.
    line: Option<(f64, &'a str)>,
}

const COLOURS: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];

fn draw(path: &Path, bars: &Bars) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let max = bars
        .series
        .iter()
        .flat_map(|(_, _, v)| v.iter().flatten().copied())
        .chain(bars.line.map(|(y, _)| y))
        .fold(0.0_f64, f64::max);
    let top = if max > 0.0 { max * 1.4 } else { 1.0 };
    let groups = bars.groups.len().max(1);
    let per = bars.series.len().max(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(&bars.title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..groups as f64, 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc(bars.y_label)
        .draw()?;
    // The benchmark names, centred under their groups.
    let label_style = ("sans-serif", 14)
        .into_font()
        .into_text_style(&root)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, name) in bars.groups.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
        root.draw(&Text::new(name.clone(), (x, y + 8), label_style.clone()))?;
    }
    for (k, (label, colour, values)) in bars.series.iter().enumerate() {
        let colour = *colour;
        let rects = values.iter().enumerate().filter_map(|(g, v)| {
            v.map(|v| {
                let x0 = g as f64 + 0.1 + 0.8 * k as f64 / per;
                let x1 = x0 + 0.8 / per;
                Rectangle::new([(x0, 0.0), (x1, v)], colour.filled())
            })
        });
        chart
            .draw_series(rects)?
            .label(*label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
    }
    if let Some((y, label)) = bars.line {
        chart
            .draw_series(LineSeries::new(
                vec![(0.0, y), (groups as f64, y)],
                BLACK.stroke_width(1),
            ))?
            .label(label)
            .legend(move |(x, yy)| PathElement::new(vec![(x, yy), (x + 10, yy)], BLACK));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()?;
    root.present()?;
    Ok(())
}

fn run(input: &Path, out: &Path) -> Result<Vec<PathBuf>, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(input)
        .map_err(|e| format!("cannot read `{}`: {e}", input.display()))?;
    let r: Results = serde_json::from_str(&text)
        .map_err(|e| format!("`{}` is not a harness results file: {e}", input.display()))?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create `{}`: {e}", out.display()))?;
    let names: Vec<String> = r.benchmarks.iter().map(|b| b.name.clone()).collect();
    let n = r.cores;
    let fig7 = |f: fn(&Fig7) -> Option<f64>| -> Vec<Option<f64>> {
        r.benchmarks
            .iter()
            .map(|b| b.fig7.as_ref().and_then(f))
            .collect()
    };
    let mut written = Vec::new();

    let speedups = Bars {
        title: format!("{n}-core speedups ({} size)", r.size),
        y_label: "speedup",
        groups: names.clone(),
        series: vec![
            ("Bamboo N over Bamboo 1", COLOURS[0], fig7(|f| f.speedup)),
            ("Bamboo N over C", COLOURS[1], fig7(|f| f.speedup_vs_c)),
            ("OpenMP N over C", COLOURS[2], fig7(|f| f.omp_speedup)),
        ],
        line: Some((1.9, "goal 1.9 (N = 2)")),
    };
    written.push(out.join("speedups.svg"));
    draw(&written[written.len() - 1], &speedups)?;

    // Times relative to the measured 1-core time, so that benchmarks of
    // different lengths share the axis (as in the paper's Figure 9).
    let fig9 = |cores: u32, f: fn(&Fig9) -> Option<f64>| -> Vec<Option<f64>> {
        r.benchmarks
            .iter()
            .map(|b| {
                let base = b.fig9.iter().find(|x| x.cores == 1)?.measured_s?;
                let v = b.fig9.iter().find(|x| x.cores == cores).and_then(f)?;
                (base > 0.0).then(|| v / base)
            })
            .collect()
    };
    let simulator = Bars {
        title: format!("Simulator estimate vs measured time ({} size)", r.size),
        y_label: "time / measured 1-core time",
        groups: names.clone(),
        series: vec![
            ("1 core: estimate", COLOURS[0], fig9(1, |x| x.estimate_s)),
            ("1 core: measured", COLOURS[1], fig9(1, |x| x.measured_s)),
            ("N cores: estimate", COLOURS[2], fig9(n, |x| x.estimate_s)),
            ("N cores: measured", COLOURS[3], fig9(n, |x| x.measured_s)),
        ],
        line: None,
    };
    written.push(out.join("simulator.svg"));
    draw(&written[written.len() - 1], &simulator)?;

    let sim62 = |f: fn(&Sim62) -> Option<f64>| -> Vec<Option<f64>> {
        r.benchmarks
            .iter()
            .map(|b| b.sim62.as_ref().and_then(f))
            .collect()
    };
    let tile = Bars {
        title: "Simulated 62-core speedup on tilepro64".into(),
        y_label: "speedup over 1 core",
        groups: names,
        series: vec![
            (
                "bambooc (this machine's profiles)",
                COLOURS[0],
                sim62(|s| s.speedup),
            ),
            ("paper (Figure 7)", COLOURS[1], sim62(|s| s.paper)),
        ],
        line: None,
    };
    written.push(out.join("sim62.svg"));
    draw(&written[written.len() - 1], &tile)?;
    if let Some(cluster) = &r.cluster {
        for (file, bars) in cluster_bars(cluster) {
            written.push(out.join(file));
            draw(&written[written.len() - 1], &bars)?;
        }
    }
    Ok(written)
}

/// The plots of section 7: Bamboo's ratios to hand-written MPI at 2 ranks,
/// and the share of communication hidden on the simulated cluster.
fn cluster_bars(c: &serde_json::Value) -> Vec<(&'static str, Bars<'static>)> {
    let mut plots = Vec::new();
    if let Some(results) = c.pointer("/measured/results").and_then(|v| v.as_object()) {
        let groups: Vec<String> = results.keys().cloned().collect();
        let ratio = |key: &str| -> Vec<Option<f64>> {
            results
                .values()
                .map(|r| {
                    r.pointer(&format!("/ratios/{key}"))
                        .and_then(|v| v.as_f64())
                })
                .collect()
        };
        plots.push((
            "cluster.svg",
            Bars {
                title: "Bamboo at 2 ranks over hand-written MPI (wall time)".into(),
                y_label: "ratio (below 1: Bamboo faster)",
                groups,
                series: vec![
                    (
                        "shared / MPI-basic",
                        COLOURS[0],
                        ratio("Bamboo shared/MPI-basic"),
                    ),
                    (
                        "shared / MPI-overlap",
                        COLOURS[1],
                        ratio("Bamboo shared/MPI-overlap"),
                    ),
                    ("MPI / MPI-basic", COLOURS[2], ratio("Bamboo MPI/MPI-basic")),
                    (
                        "MPI / MPI-overlap",
                        COLOURS[3],
                        ratio("Bamboo MPI/MPI-overlap"),
                    ),
                ],
                line: Some((1.0, "goal 1.0 (basic)")),
            },
        ));
    }
    if let Some(sim) = c.get("simulated").and_then(|v| v.as_object()) {
        let groups: Vec<String> = sim.keys().cloned().collect();
        let hidden = sim
            .values()
            .map(|r| {
                let net = r.pointer("/big/network")?;
                let flight = net.get("flight_ns")?.as_f64()?;
                (flight > 0.0).then(|| net.get("hidden_ns")?.as_f64().map(|h| h / flight))?
            })
            .collect();
        plots.push((
            "hidden.svg",
            Bars {
                title: "Communication hidden behind computation, simulated cluster:16x16".into(),
                y_label: "share of flight time hidden",
                groups,
                series: vec![("bambooc", COLOURS[0], hidden)],
                line: Some((0.6, "goal 60%")),
            },
        ));
    }
    plots
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: benchplot RESULTS.json OUT_DIR");
        std::process::exit(2);
    }
    match run(Path::new(&args[1]), Path::new(&args[2])) {
        Ok(files) => {
            for f in files {
                println!("wrote {}", f.display());
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
