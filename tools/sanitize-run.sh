#!/usr/bin/env bash
# Sanitizer runs of the run tests: the runtime and the generated code are
# compiled with ThreadSanitizer, then with AddressSanitizer +
# UndefinedBehaviorSanitizer (leak checking on). Any report changes the
# program's exit status and standard error, so the test fails. The driver
# compiles the sanitized runtime once per sanitizer (cached); both runs use
# the test binary `cargo test --workspace` built (same profile, features and
# target folder), so nothing is compiled twice.
#
# AddressSanitizer + UBSan: every tests/run program runs on 1, 4 and 8
# cores (8 oversubscribes a small machine), under GC stress on 1 and 4
# (with the sharing sanitizer on 1; on 2 as well for the programs marked
# NAME.stress2, so that the spinning collection barrier is covered), as a
# --profile-gen build and with the layouts synthesised for 2 and 4 cores.
#
# ThreadSanitizer finds races only, so it skips the runs of the default
# build on one core (plain, and under GC stress with the sharing sanitizer):
# there the only other thread is the signal thread, which every multi-core
# run has as well. It keeps the runs on 4 and 8 cores, under GC stress on 4
# (and 2 for .stress2), the --profile-gen run (one core; the synthesised
# layouts need its profile) and the synthesised layouts for 2 and 4 cores.
# Its sleep before a process exits (atexit_sleep_ms, 1 s by default, which
# was most of this run's time) is 100 ms: one period of the signal thread,
# and ample for busy cores to race with a System.exit.
#
# BAMBOOC_SANITIZE_FULL=1 runs ThreadSanitizer as broadly as the other
# (one-core runs included, TSan's default exit sleep).
#   tools/sanitize-run.sh [thread|address]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(thread address)
full=${BAMBOOC_SANITIZE_FULL:-0}
for kind in "${kinds[@]}"; do
  one_core=1
  tsan="halt_on_error=1 exitcode=66"
  case "$kind" in
    thread)
      flags="-fsanitize=thread -g1"
      if [ "$full" != 1 ]; then
        one_core=0
        tsan="$tsan atexit_sleep_ms=100"
      fi
      ;;
    address) flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -g1" ;;
    *) echo "unknown sanitizer $kind (thread or address)" >&2; exit 2 ;;
  esac
  echo "== run tests with $flags (one-core runs: $one_core)"
  start=$(date +%s)
  # TSan: report races as errors; ASan: detect leaks at exit, and keep
  # addressable locals in fake stack frames, which the conservative scan of
  # collections inside task bodies must follow (runtime-c/src/roots.c).
  BAMBOOC_CFLAGS="$flags" BAMBOOC_RUN_CORES="1,4,8" BAMBOOC_RUN_TIMEOUT=600 \
    BAMBOOC_RUN_ONE_CORE="$one_core" TSAN_OPTIONS="$tsan" \
    ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1" \
    UBSAN_OPTIONS="print_stacktrace=1" cargo test -q --workspace --test run
  echo "== $kind: $(($(date +%s) - start)) s"
done
