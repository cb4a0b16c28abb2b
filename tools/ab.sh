#!/usr/bin/env bash
# tools/ab.sh OLD_BAMBOOC NEW_BAMBOOC [RUNS] [CORES]
#
# Side-by-side speed of two compilers on the seven benchmarks at full size:
# builds each benchmark with both (`-O2 --no-bounds-checks`, plus
# `--cores CORES` when CORES > 1), checks that both print the same output,
# runs them alternately RUNS times (default 3) and prints the median wall
# times and new/old. Typical use: the compiler at an earlier commit
# (`git worktree add --detach ../old COMMIT && cargo build --release` there)
# against this one. KMeans' and KeywordCount's inputs are the ones the
# harness makes; INPUTS (default build/harness) names the folder holding
# them (run the harness once, at any size, to make them). BENCHES (default
# all seven) names the benchmarks to run.
set -euo pipefail
old=$(realpath "$1"); new=$(realpath "$2"); runs=${3:-3}; cores=${4:-1}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
inputs=$(realpath "${INPUTS:-$root/build/harness}")
bin=$(mktemp -d "${TMPDIR:-/tmp}/bambooc-ab.XXXXXX")
trap 'rm -rf "$bin"' EXIT
declare -A args=(
  [tracking]="data/cif 20 500 20 4 300"
  [kmeans]="$inputs/kmeans-random-n65536-d32-c16.txt 40 40 0.00001"
  [montecarlo]="data/hitData 60000"
  [filterbank]="62 768 7200"
  [fractal]="4800 4800"
  [series]="100000"
  [keywordcount]="$inputs/keywordcount-words-40m.txt 20")
for f in kmeans-random-n65536-d32-c16.txt keywordcount-words-40m.txt; do
  [ -f "$inputs/$f" ] || { echo "ab.sh: $inputs/$f missing (run benchmarks/harness.py first, or set INPUTS)" >&2; exit 2; }
done
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
wall() { { /usr/bin/time -f %e "$@" >/dev/null; } 2>&1 | tail -1; }
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg); $cores core(s), $runs alternating runs"
printf "%-13s %8s %8s %8s\n" benchmark old_s new_s new/old
for b in ${BENCHES:-tracking kmeans montecarlo filterbank fractal series keywordcount}; do
  flags=(-O2 --no-bounds-checks)
  [ "$cores" -gt 1 ] && flags+=(--cores "$cores")
  "$old" "${flags[@]}" "$root/benchmarks/$b/$b.bb" -o "$bin/$b-old" >/dev/null
  "$new" "${flags[@]}" "$root/benchmarks/$b/$b.bb" -o "$bin/$b-new" >/dev/null
  cd "$root/benchmarks/$b"
  # shellcheck disable=SC2086
  if [ "$("$bin/$b-old" ${args[$b]} | md5sum)" != "$("$bin/$b-new" ${args[$b]} | md5sum)" ]; then
    echo "ab.sh: $b: the two builds print different outputs" >&2; exit 1
  fi
  t_old=(); t_new=()
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    t_old+=("$(wall "$bin/$b-old" ${args[$b]})")
    # shellcheck disable=SC2086
    t_new+=("$(wall "$bin/$b-new" ${args[$b]})")
  done
  m_old=$(printf "%s\n" "${t_old[@]}" | median); m_new=$(printf "%s\n" "${t_new[@]}" | median)
  printf "%-13s %8s %8s %8.3f\n" "$b" "$m_old" "$m_new" "$(echo "$m_new / $m_old" | bc -l)"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
