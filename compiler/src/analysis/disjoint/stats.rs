//! Counts of the disjointness analysis' work, per task, for measuring how
//! it grows with program size (`BAMBOOC_DISJOINT_STATS=1` makes the driver
//! print them). In: increments from the analysis. Out: [`Stats`] in each
//! task's result and a table rendered for the driver; never part of the
//! lock plan's meaning.

use std::fmt::Write;

/// The work of one task's analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Statements interpreted (replayed calls count theirs).
    pub statements: u64,
    /// Graph nodes made.
    pub nodes: u64,
    /// Calls analysed in their context (not replayed).
    pub calls_analysed: u64,
    /// Calls replayed from the cache.
    pub memo_hits: u64,
    /// Conservative summaries computed (not reused).
    pub havocs: u64,
    /// Objects allocated (each folds its site's recent node into the
    /// summary).
    pub allocations: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.statements += o.statements;
        self.nodes += o.nodes;
        self.calls_analysed += o.calls_analysed;
        self.memo_hits += o.memo_hits;
        self.havocs += o.havocs;
        self.allocations += o.allocations;
    }

    fn row(&self, name: &str) -> String {
        format!(
            "{name:<24} {:>9} {:>6} {:>8} {:>8} {:>7} {:>8}\n",
            self.statements,
            self.nodes,
            self.calls_analysed,
            self.memo_hits,
            self.havocs,
            self.allocations
        )
    }
}

/// A table of the tasks' counts (named by `names`) and their total.
pub fn render<'a>(rows: impl Iterator<Item = (&'a str, Stats)>) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<24} {:>9} {:>6} {:>8} {:>8} {:>7} {:>8}",
        "task", "stmts", "nodes", "calls", "replays", "havocs", "allocs"
    );
    let mut total = Stats::default();
    for (name, st) in rows {
        total.add(&st);
        s.push_str(&st.row(name));
    }
    s.push_str(&total.row("total"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_total_adds_the_rows() {
        let a = Stats {
            statements: 3,
            allocations: 1,
            ..Stats::default()
        };
        let b = Stats {
            statements: 4,
            havocs: 2,
            ..Stats::default()
        };
        let t = render([("a", a), ("b", b)].into_iter());
        let last = t.lines().last().unwrap();
        let cols: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(cols, ["total", "7", "0", "0", "0", "2", "1"]);
    }
}
