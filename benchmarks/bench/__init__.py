"""The benchmarks' shared tooling, used by compare.py, the harness
(harness*.py), simacc.py, profile_overhead.py, finegrain.py,
finegrain_simacc.py, searchtime.py, cluster.py and metg.py:

- `build`: the C flags (runtime-c/cflags.txt), the C and OpenMP references,
  a build step;
- `run`: timed runs, callgrind counts, the median profile of several runs,
  the environment of an mpirun and the load average;
- `stats`: medians;
- `outputs`: inputs from sizes.toml and output checks;
- `java`: the JDK and a benchmark's Java class;
- `sim`: `bambooc sim --format json`'s rows.
"""
