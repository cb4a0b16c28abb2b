#!/usr/bin/env bash
# Sanitizer runs of the run tests: the runtime and the generated code are
# compiled with ThreadSanitizer, then with AddressSanitizer +
# UndefinedBehaviorSanitizer (leak checking on), and every tests/run program
# runs on 1, 4 and 8 cores (8 oversubscribes a small machine), under GC
# stress on 1 and 4 (with the sharing sanitizer on 1; on 2 as well for the
# programs marked NAME.stress2, so that the spinning collection barrier is
# covered), as a --profile-gen build and with the layouts synthesised for 2
# and 4 cores. Any report
# changes the program's exit status and standard error, so the test fails.
# The driver compiles the sanitized runtime once per sanitizer (cached).
#   tools/sanitize-run.sh [thread|address]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(thread address)
for kind in "${kinds[@]}"; do
  case "$kind" in
    thread) flags="-fsanitize=thread -g1" ;;
    address) flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -g1" ;;
    *) echo "unknown sanitizer $kind (thread or address)" >&2; exit 2 ;;
  esac
  echo "== run tests with $flags"
  start=$(date +%s)
  # TSan: report races as errors; ASan: detect leaks at exit.
  BAMBOOC_CFLAGS="$flags" BAMBOOC_RUN_CORES="1,4,8" BAMBOOC_RUN_TIMEOUT=600 \
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" ASAN_OPTIONS="detect_leaks=1" \
    UBSAN_OPTIONS="print_stacktrace=1" cargo test -q -p bambooc --test run
  echo "== $kind: $(($(date +%s) - start)) s"
done
