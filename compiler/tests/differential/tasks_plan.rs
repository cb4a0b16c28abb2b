//! The shape of a generated task program (`tasks`): which classes exist,
//! what each stage of a class makes, how many objects a run makes in all
//! (the accumulator's count), and the text of its classes and tasks.

use super::{and, not, Alloc, Change, Cls, Dual, Fx, Out, Param, TGen, TaskCase, ACC};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt::Write as _;

/// Stage `j` of work class `c`: what it spawns.
struct Stage {
    spawns: Vec<(usize, u64)>,
    pair: Option<(usize, usize, String, u64)>,
}

impl TGen {
    fn class_text(&mut self, c: usize, pairs: bool) -> (String, String) {
        let name = self.classes[c].name.clone();
        let len = 1 + self.below(4);
        let ints = vec!["x".to_string(), "v".to_string(), "a[0]".to_string()];
        let longs = vec!["w".to_string()];
        let mix = self.int_e(3, &ints, &longs);
        let mut bb = format!("class {name} {{\n");
        for f in &self.classes[c].flags {
            let _ = writeln!(bb, "    flag {f};");
        }
        let body = format!(
            "    int v;\n    long w;\n    int[] a;\n\n    {name}(int v, long w) {{\n        this.v = v;\n        this.w = w;\n        a = new int[{len}];\n        a[0] = v ^ 0x5bd1e995;\n    }}\n\n    int mix(int x) {{\n        return {mix};\n    }}\n}}\n\n"
        );
        bb.push_str(&body);
        let java = format!("class {name} extends TaskObj {{\n{body}");
        let _ = pairs;
        (bb, java)
    }

    /// Stage tasks of class `c` (stages `stages`), its merge task.
    fn work_tasks(&mut self, c: usize, stages: &[Stage]) {
        let cname = self.classes[c].name.clone();
        let n = stages.len();
        for (j, st) in stages.iter().enumerate() {
            let next = if j + 1 < n {
                format!("s{}", j + 1)
            } else {
                "fin".to_string()
            };
            let split = self.chance(0.3);
            let variants: Vec<Option<bool>> = if split {
                vec![Some(true), Some(false)]
            } else {
                vec![None]
            };
            let detour = !split && self.chance(0.25);
            for m in variants {
                let mark = Fx::F(self.classes[c].bit("mark"));
                let sj = Fx::F(self.classes[c].bit(&format!("s{j}")));
                let guard = match m {
                    Some(true) => and(sj, mark),
                    Some(false) => and(sj, not(mark)),
                    None => self.stage_guard(c, j),
                };
                let params = vec![Param {
                    var: "o".into(),
                    cls: c,
                    guard,
                    tag: None,
                }];
                let suffix = match m {
                    Some(true) => "m",
                    Some(false) => "u",
                    None => "",
                };
                let tname = format!("{}_{c}_s{j}{suffix}", self.p.to_lowercase());
                let paper = self.open_task(&tname, &params);
                self.stage_body(st);
                let cur = format!("s{j}");
                if detour {
                    let cond = self.int_e(1, &["o.v".to_string()], &[]);
                    self.tasks.both(&format!("if (({cond} & 3) == 0) {{"));
                    self.tasks.ind += 1;
                    let ch = Change {
                        param: 0,
                        flags: vec![(cur.clone(), false), (format!("d{j}"), true)],
                        clear: None,
                    };
                    self.exit(&params, &[ch], paper);
                    self.tasks.ind -= 1;
                    self.tasks.both("}");
                }
                let cond = self.int_e(1, &["o.v".to_string(), "o.a[0]".to_string()], &[]);
                self.tasks.both(&format!("if ({cond} < 0) {{"));
                self.tasks.ind += 1;
                let ch = Change {
                    param: 0,
                    flags: vec![
                        (cur.clone(), false),
                        (next.clone(), true),
                        ("mark".into(), true),
                    ],
                    clear: None,
                };
                self.exit(&params, &[ch], paper);
                self.tasks.ind -= 1;
                self.tasks.both("}");
                let ch = Change {
                    param: 0,
                    flags: vec![
                        (cur.clone(), false),
                        ("mark".into(), false),
                        (next.clone(), true),
                    ],
                    clear: None,
                };
                self.exit(&params, &[ch], paper);
                self.close_task();
            }
            if detour {
                let params = vec![Param {
                    var: "o".into(),
                    cls: c,
                    guard: Fx::F(self.classes[c].bit(&format!("d{j}"))),
                    tag: None,
                }];
                let tname = format!("{}_{c}_d{j}", self.p.to_lowercase());
                let paper = self.open_task(&tname, &params);
                let e = self.int_e(
                    2,
                    &["o.v".to_string(), "o.a[0]".to_string()],
                    &["o.w".to_string()],
                );
                self.tasks.both(&format!("o.v = {e};"));
                let ch = Change {
                    param: 0,
                    flags: vec![(format!("d{j}"), false), (next.clone(), true)],
                    clear: None,
                };
                self.exit(&params, &[ch], paper);
                self.close_task();
            }
        }
        // The merge: every object of the class ends here exactly once.
        let params = vec![
            Param {
                var: "acc".into(),
                cls: ACC,
                guard: Fx::F(0),
                tag: None,
            },
            Param {
                var: "o".into(),
                cls: c,
                guard: Fx::F(self.classes[c].bit("fin")),
                tag: None,
            },
        ];
        let tname = format!("{}_{c}_merge", self.p.to_lowercase());
        let paper = self.open_task(&tname, &params);
        self.tasks
            .both("acc.merge(o.v, o.w + o.a[o.a.length - 1]);");
        self.tasks.both("if (acc.pending == 0) {");
        self.tasks.ind += 1;
        let chs = [
            Change {
                param: 0,
                flags: vec![("open".into(), false), ("done".into(), true)],
                clear: None,
            },
            Change {
                param: 1,
                flags: vec![("fin".into(), false)],
                clear: None,
            },
        ];
        self.exit(&params, &chs, paper);
        self.tasks.ind -= 1;
        self.tasks.both("}");
        let ch = Change {
            param: 1,
            flags: vec![("fin".into(), false)],
            clear: None,
        };
        self.exit(&params, &[ch], paper);
        self.close_task();
        let _ = cname;
    }

    /// The body of a stage task on `o`: computation, then allocations.
    fn stage_body(&mut self, st: &Stage) {
        let x = self.fresh("x");
        let ints = vec!["o.v".to_string(), "o.a[0]".to_string()];
        let longs = vec!["o.w".to_string()];
        let e = self.int_e(3, &ints, &longs);
        self.tasks.both(&format!("int {x} = {e};"));
        let mut ints2 = ints.clone();
        ints2.push(x.clone());
        if self.chance(0.5) {
            let q = self.fresh("q");
            let k = 1 + self.below(5);
            self.tasks
                .both(&format!("for (int {q} = 0; {q} < {k}; {q}++) {{"));
            self.tasks.ind += 1;
            let mut ints3 = ints2.clone();
            ints3.push(q.clone());
            let e = self.int_e(2, &ints3, &longs);
            self.tasks
                .both(&format!("o.a[{q} % o.a.length] += o.mix({e});"));
            let e = self.int_e(2, &ints3, &longs);
            self.tasks.both(&format!("{x} = {e};"));
            self.tasks.ind -= 1;
            self.tasks.both("}");
        }
        if self.chance(0.4) {
            // Garbage for the collector: a string and an array.
            let sv = self.fresh("str");
            self.tasks
                .both(&format!("String {sv} = \"v\" + o.v + \":\" + {x} + o.w;"));
            let ar = self.fresh("tmp");
            self.tasks
                .both(&format!("int[] {ar} = new int[({x} & 15) + 1];"));
            self.tasks
                .both(&format!("{x} += {sv}.length() * 7 + {ar}.length;"));
        }
        let e = self.int_e(3, &ints2, &longs);
        self.tasks.both(&format!("o.v = {e};"));
        let e = self.int_e(2, &ints2, &longs);
        self.tasks
            .both(&format!("o.w = o.w * 6364136223846793005L + {e};"));
        for &(d, k) in &st.spawns {
            let q = self.fresh("q");
            self.tasks
                .both(&format!("for (int {q} = 0; {q} < {k}; {q}++) {{"));
            self.tasks.ind += 1;
            let a = Alloc {
                cls: d,
                args: format!("o.v + {q} * 17, o.w ^ {q}"),
                flags: vec!["s0".into()],
                tag: None,
            };
            self.alloc(&a, Out::Task);
            self.tasks.ind -= 1;
            self.tasks.both("}");
        }
        if let Some((a, b, ty, k)) = &st.pair {
            let q = self.fresh("q");
            self.tasks
                .both(&format!("for (int {q} = 0; {q} < {k}; {q}++) {{"));
            self.tasks.ind += 1;
            let t = self.fresh("t");
            self.tasks.each(
                &format!("tag {t} = new tag({ty});"),
                &format!("TaskTag {t} = new TaskTag(\"{ty}\");"),
            );
            for (cls, role, arg) in [(*a, "ja", "o.v - "), (*b, "jb", "o.v * 3 + ")] {
                let al = Alloc {
                    cls,
                    args: format!("{arg}{q}, o.w + {q}"),
                    flags: vec![role.into()],
                    tag: Some(t.clone()),
                };
                self.alloc(&al, Out::Task);
            }
            self.tasks.ind -= 1;
            self.tasks.both("}");
        }
    }

    /// The join of a tag-paired `a` (role `ja`) and `b` (role `jb`).
    fn join_task(&mut self, a: usize, b: usize, ty: &str, k: usize) {
        let ga = Fx::F(self.classes[a].bit("ja"));
        let gb = Fx::F(self.classes[b].bit("jb"));
        let params = vec![
            Param {
                var: "x".into(),
                cls: a,
                guard: ga,
                tag: Some((ty.to_string(), "t".into())),
            },
            Param {
                var: "y".into(),
                cls: b,
                guard: gb,
                tag: Some((ty.to_string(), "t".into())),
            },
        ];
        let tname = format!("{}_join{k}", self.p.to_lowercase());
        let paper = self.open_task(&tname, &params);
        let e = self.int_e(
            2,
            &["x.v".to_string(), "y.v".to_string(), "y.a[0]".to_string()],
            &["y.w".to_string()],
        );
        self.tasks.both(&format!("x.v = {e};"));
        self.tasks.both("y.w += x.w;");
        let chs = [
            Change {
                param: 0,
                flags: vec![("ja".into(), false), ("s0".into(), true)],
                clear: Some("t".into()),
            },
            Change {
                param: 1,
                flags: vec![("jb".into(), false), ("s0".into(), true)],
                clear: None,
            },
        ];
        self.exit(&params, &chs, paper);
        self.close_task();
    }
}

pub fn generate(seed: u64) -> TaskCase {
    let p = format!("P{seed}");
    let mut g = TGen {
        rng: StdRng::seed_from_u64(seed ^ 0x7a5c_0000_0000),
        p: p.clone(),
        classes: Vec::new(),
        acc: Cls {
            name: format!("{p}Acc"),
            flags: vec!["open".into(), "done".into()],
        },
        tasks: Dual::default(),
        made: Vec::new(),
        counter: 0,
        joins: Vec::new(),
    };
    let k = 2 + g.below(3);
    let nstages: Vec<usize> = (0..k).map(|_| 1 + g.below(3)).collect();
    for (c, &n) in nstages.iter().enumerate() {
        let flags = g.flag_names(n, c > 0);
        g.classes.push(Cls {
            name: format!("{p}W{c}"),
            flags,
        });
    }
    // What each stage makes: only objects of later classes, so runs end.
    let mut plans: Vec<Vec<Stage>> = Vec::new();
    for (c, &n) in nstages.iter().enumerate() {
        let mut stages = Vec::new();
        for _ in 0..n {
            let mut st = Stage {
                spawns: Vec::new(),
                pair: None,
            };
            if c + 1 < k && g.chance(0.6) {
                let d = c + 1 + g.below(k - c - 1);
                st.spawns.push((d, 1 + g.below(3) as u64));
            }
            if c + 1 < k && g.chance(0.3) {
                let a = c + 1 + g.below(k - c - 1);
                let b = c + 1 + g.below(k - c - 1);
                let ty = format!("{}link{}", p.to_lowercase(), g.joins.len());
                g.joins.push((a, b, ty.clone()));
                st.pair = Some((a, b, ty, 1 + g.below(2) as u64));
            }
            stages.push(st);
        }
        plans.push(stages);
    }
    // Objects made at start: a few of class 0, sometimes of others.
    let mut start: Vec<u64> = vec![0; k];
    start[0] = 1 + g.below(4) as u64;
    for s in start.iter_mut().skip(1) {
        if g.chance(0.4) {
            *s = 1 + g.below(2) as u64;
        }
    }
    g.made = start.clone();
    for (c, plan) in plans.iter().enumerate() {
        let per_object: Vec<(usize, u64)> = plan
            .iter()
            .flat_map(|st| {
                let mut v = st.spawns.clone();
                if let Some((a, b, _, n)) = &st.pair {
                    v.push((*a, *n));
                    v.push((*b, *n));
                }
                v
            })
            .collect();
        for (d, n) in per_object {
            g.made[d] += g.made[c] * n;
        }
    }
    let total: u64 = g.made.iter().sum();
    // Classes.
    let mut bb = String::new();
    let mut java = String::new();
    for c in 0..k {
        let (b, j) = g.class_text(c, c > 0);
        bb.push_str(&b);
        java.push_str(&j);
    }
    let acc_body = format!(
        "    int pending;\n    long sum;\n    int x;\n    int n;\n    int lo;\n    int hi;\n\n    {p}Acc(int pending) {{\n        this.pending = pending;\n        lo = 2147483647;\n        hi = -2147483648;\n    }}\n\n    void merge(int v, long w) {{\n        pending--;\n        n++;\n        sum += w + v;\n        x ^= v * 31 + (int) w;\n        if (v < lo)\n            lo = v;\n        if (v > hi)\n            hi = v;\n    }}\n\n    String show() {{\n        return sum + \" \" + x + \" \" + n + \" \" + lo + \" \" + hi;\n    }}\n}}\n\n"
    );
    let _ = write!(
        bb,
        "class {p}Acc {{\n    flag open;\n    flag done;\n{acc_body}"
    );
    let _ = write!(java, "class {p}Acc extends TaskObj {{\n{acc_body}");
    // Tasks.
    for (c, stages) in plans.iter().enumerate() {
        g.work_tasks(c, stages);
    }
    let joins = std::mem::take(&mut g.joins);
    for (i, (a, b, ty)) in joins.iter().enumerate() {
        g.join_task(*a, *b, ty, i);
    }
    let params = vec![Param {
        var: "acc".into(),
        cls: ACC,
        guard: Fx::F(1),
        tag: None,
    }];
    let tname = format!("{}_report", p.to_lowercase());
    let paper = g.open_task(&tname, &params);
    g.tasks.both(&format!(
        "System.out.println(\"case {seed}: \" + acc.show());"
    ));
    let ch = Change {
        param: 0,
        flags: vec![("done".into(), false)],
        clear: None,
    };
    g.exit(&params, &[ch], paper);
    g.close_task();
    // init(): the accumulator and the first objects.
    let mut init = Dual {
        ind: 2,
        ..Dual::default()
    };
    let acc = Alloc {
        cls: ACC,
        args: total.to_string(),
        flags: vec!["open".into()],
        tag: None,
    };
    g.alloc(&acc, Out::Init(&mut init));
    for (c, &n) in start.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let a = Alloc {
            cls: c,
            args: format!(
                "q * {} + {}, (long) q << {}",
                g.int_lit(),
                g.int_lit(),
                g.below(50)
            ),
            flags: vec!["s0".into()],
            tag: None,
        };
        init.both(&format!("for (int q = 0; q < {n}; q++) {{"));
        init.ind += 1;
        g.alloc(&a, Out::Init(&mut init));
        init.ind -= 1;
        init.both("}");
    }
    let _ = write!(
        bb,
        "class {p} {{\n    static void init() {{\n{}    }}\n}}\n\n{}",
        init.bb, g.tasks.bb
    );
    let _ = write!(
        java,
        "class {p} {{\n    static void init(TaskSched s) {{\n{}    }}\n\n    static final TaskDef[] TASKS = {{\n{}    }};\n}}\n",
        init.java, g.tasks.java
    );
    TaskCase {
        seed,
        bamboo: bb,
        java,
    }
}
