#!/usr/bin/env bash
# bench.sh — the figures of issue 31 for the MPI backend (one run each; see
# ARCHITECTURE.md, "Across MPI ranks"):
#  1. each of the seven benchmarks at full size, 2 ranks x 1 core under
#     mpirun against the pthreads build on 2 cores (ratio of wall times,
#     and the same ratio less the launch: the wall time of an empty 2-rank
#     job, mpirun's start and MPI_Init, which no runtime change can
#     shorten), or the compiler's reason for refusing it under --mpi;
#  2. objects moved per second and bytes per second between 2 ranks for a
#     small and a 1 MB object (bounce.bb), against MPI's own ping-pong
#     (pingpong.c) on the same machine.
# Usage: benchmarks/mpi/bench.sh [BAMBOOC]   (default target/release/bambooc)
# Timings are only meaningful on a quiet machine: the load average is
# printed first.
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ $# -ge 1 ]; then
  B=$1
else
  cargo build --release -q -p bambooc || exit 1
  B=${CARGO_TARGET_DIR:-target}/release/bambooc
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
echo "load: $(uptime)"
secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; local st=$?; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; return $st; }
mpicc -O2 benchmarks/mpi/pingpong.c -o "$W/pingpong"
# The launch: an empty job (no round trip), the least of three.
launch=$(for i in 1 2 3; do secs mpirun --oversubscribe -np 2 "$W/pingpong" 64 0; done | sort -n | head -1)
echo "launch: an empty 2-rank job takes $launch s"
for b in filterbank fractal keywordcount kmeans montecarlo series tracking; do
  src=benchmarks/$b/$b.bb
  args=$(python3 -c "import tomllib,sys;print(' '.join(tomllib.load(open('benchmarks/$b/sizes.toml','rb'))['full']))")
  # Inputs stored gzip-compressed (kmeans' full size) are unpacked, as the
  # harness does, and generated ones written.
  unpacked=""
  for a in $args; do
    if [ ! -e "benchmarks/$b/$a" ] && [ -e "benchmarks/$b/$a.gz" ]; then
      gunzip -c "benchmarks/$b/$a.gz" >"$W/$(basename "$a")"
      a="$W/$(basename "$a")"
    fi
    # Inputs that gen.py writes (sizes.toml's [generate]), as the harness does.
    gen=$(python3 -c "import tomllib;print(' '.join(tomllib.load(open('benchmarks/$b/sizes.toml','rb')).get('generate',{}).get('$a',[])))")
    if [ -n "$gen" ]; then
      python3 "benchmarks/$b/gen.py" $gen -o "$W/$a" || exit 1
      a="$W/$a"
    fi
    unpacked="$unpacked $a"
  done
  args=$unpacked
  if ! "$B" --cores 2 "$src" -o "$W/$b" 2>/dev/null; then echo "$b: the pthreads build fails"; continue; fi
  if ! err=$("$B" --mpi "$src" -o "$W/$b-mpi" 2>&1); then echo "$b: refused under --mpi: $(echo "$err" | head -1)"; continue; fi
  # Inputs are read relative to the benchmark's folder, as the harness runs them.
  tp=$(cd benchmarks/$b && BAMBOO_CORES=2 secs "$W/$b" $args)
  tm=$(cd benchmarks/$b && secs mpirun --oversubscribe -np 2 "$W/$b-mpi" $args)
  echo "$b: pthreads 2 cores ${tp} s, mpi 2 ranks x 1 core ${tm} s, ratio $(echo "scale=3; $tm / $tp" | bc), less the launch $(echo "scale=3; ($tm - $launch) / $tp" | bc)"
done
"$B" --mpi --spread benchmarks/mpi/bounce.bb -o "$W/bounce"
# A run's "ms total" includes MPI's start and the end of the job: a run of
# 2 hops measures that, and is subtracted.
total_ms() { BAMBOO_STATS=1 mpirun --oversubscribe -x BAMBOO_STATS -np 2 "$W/bounce" "$@" 2>&1 | grep -o '[0-9.]* ms total' | awk '{ if ($1 > m) m = $1 } END { print m }'; }
for size in 64 1048576; do
  hops=$([ $size = 64 ] && echo 40000 || echo 2000)
  mpirun --oversubscribe -np 2 "$W/pingpong" $size $((hops / 2))
  base=$(total_ms $size 2)
  out=$(BAMBOO_STATS=1 mpirun --oversubscribe -x BAMBOO_STATS -np 2 "$W/bounce" $size $hops 2>&1)
  ms=$(echo "$out" | grep -o '[0-9.]* ms total' | awk '{ if ($1 > m) m = $1 } END { print m }')
  moved=$(echo "$out" | grep -o 'received [0-9]*' | awk '{ s += $2 } END { print s }')
  net=$(echo "$ms - $base" | bc)
  echo "bamboo bounce: $size bytes: $moved objects between ranks in $net ms (less $base ms of start and end): $(echo "scale=0; $moved * 1000 / $net" | bc) objects/s, $(echo "scale=1; $moved * $size / $net / 1000" | bc) MB/s"
done
