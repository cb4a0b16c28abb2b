#!/usr/bin/env bash
# tools/fuzz.sh SECONDS [TARGET]
#
# Builds the cargo-fuzz target TARGET (default `check`: the whole front end,
# `bambooc::driver::check_source` plus diagnostic rendering; `parse`: lexer
# and parser only; `profile`, `layout`, `machine`: the readers of profiles,
# layouts and machine descriptions) and runs libFuzzer on it for SECONDS
# seconds (default 60).
# Works on stable Rust: no sanitizer (`-s none`), coverage comes from
# LLVM's SanitizerCoverage pass, which stable rustc can run.
#
# Seed corpus: for `check` and `parse`, tests/check-pass/*.bb, tests/ui/*.bb
# and examples/*.bb; for the readers, fuzz/seeds/TARGET/* (a real profile
# and layout of examples/keyword.bb, machine descriptions); copied at run
# time into fuzz/corpus/TARGET (git-ignored; it keeps what the fuzzer found
# for the next local run). Dictionary: fuzz/TARGET.dict when there is one,
# else fuzz/bamboo.dict.
#
# Prints the number of executions (libFuzzer's
# stat::number_of_executed_units) and exits non-zero if the fuzzer found a
# crash, a hang (-timeout) or ran out of memory; the offending input is then
# printed and kept in fuzz/artifacts/TARGET/. Reproduce one with
#   fuzz/target/x86_64-unknown-linux-gnu/release/check fuzz/artifacts/check/crash-...
# (or, with cargo-fuzz installed: cd fuzz && cargo fuzz run -s none -O check artifacts/check/crash-...)
# Honours CARGO_TARGET_DIR. Needs no cargo-fuzz: it builds the target with
# cargo-fuzz's flags itself (below).
set -euo pipefail

secs=${1:-60}
target=${2:-check}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fuzz="$root/fuzz"

if ! [[ "$secs" =~ ^[0-9]+$ ]]; then
    echo "usage: tools/fuzz.sh SECONDS [check|parse|profile|layout|machine]" >&2
    exit 2
fi


corpus="$fuzz/corpus/$target"
artifacts="$fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
shopt -s nullglob
seeds=0
case "$target" in
check | parse) seed_files=("$root"/tests/check-pass/*.bb "$root"/tests/ui/*.bb "$root"/examples/*.bb) ;;
*) seed_files=("$fuzz/seeds/$target"/*) ;;
esac
for f in "${seed_files[@]}"; do
    cp "$f" "$corpus/seed-$(basename "$f")"
    seeds=$((seeds + 1))
done
echo "fuzz.sh: $seeds seed files in ${corpus#"$root"/}"
dict="$fuzz/$target.dict"
[[ -f "$dict" ]] || dict="$fuzz/bamboo.dict"

# The build `cargo fuzz build -s none -O TARGET` makes, without installing
# cargo-fuzz (a fresh CI machine would compile it first): cargo-fuzz's own
# RUSTFLAGS for libFuzzer's coverage on Linux with no sanitizer, release
# mode with debug line tables, and an explicit --target so that build
# scripts are compiled without them.
host=$(rustc -vV | sed -n 's/^host: //p')
target_dir=${CARGO_TARGET_DIR:-$fuzz/target}
export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
-Cllvm-args=-simplifycfg-branch-fold-threshold=0 \
-Cllvm-args=-sanitizer-coverage-stack-depth \
--cfg fuzzing -Clink-dead-code -Ccodegen-units=1 ${RUSTFLAGS:-}"

echo "fuzz.sh: building fuzz target '$target'"
cargo build --manifest-path "$fuzz/Cargo.toml" --target "$host" --release \
    --config profile.release.debug=true --target-dir "$target_dir" --bin "$target"
exe="$target_dir/$host/release/$target"

# Remember which artifacts existed, so only new ones are reported.
before=$(ls "$artifacts")

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "fuzz.sh: fuzzing '$target' for ${secs}s"
set +e
"$exe" "$corpus" \
    -max_total_time="$secs" \
    -print_final_stats=1 \
    -dict="$dict" \
    -max_len=8192 \
    -timeout=20 \
    -rss_limit_mb=4096 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1
status=$?
set -e

execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1 || true)
rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1 || true)
cov=$(grep -oE '^#[0-9]+[[:space:]].*cov: [0-9]+' "$log" | grep -oE 'cov: [0-9]+' | tail -n 1 || true)
echo "fuzz.sh: target '$target': ${execs:-?} executions in ${secs}s (${rate:-?}/s), ${cov:-cov: ?} edges, corpus $(ls "$corpus" | wc -l) files"

if [[ $status -ne 0 ]]; then
    echo "fuzz.sh: FAILED (exit status $status); the end of libFuzzer's output:" >&2
    tail -n 60 "$log" >&2
    for a in $(ls "$artifacts"); do
        if ! grep -qxF "$a" <<<"$before"; then
            f="$artifacts/$a"
            echo "--- new artifact ${f#"$root"/} ($(wc -c <"$f") bytes), as text:" >&2
            head -c 4000 "$f" >&2
            echo >&2
            echo "--- as base64:" >&2
            base64 -w 0 "$f" | head -c 8000 >&2
            echo >&2
        fi
    done
    exit 1
fi
echo "fuzz.sh: no crash found"
