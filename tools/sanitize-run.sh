#!/usr/bin/env bash
# Sanitizer runs of the run tests (every tests/run program on 1, 2, 3, 4 and
# 8 cores, and under GC stress): the runtime and the generated code are
# compiled with ThreadSanitizer, then with AddressSanitizer +
# UndefinedBehaviorSanitizer (leak checking on). Any report fails the
# program's expected stderr, so the test fails.
#   tools/sanitize-run.sh [thread|address]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(thread address)
for kind in "${kinds[@]}"; do
  case "$kind" in
    thread) flags="-fsanitize=thread -g" ;;
    address) flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -g" ;;
    *) echo "unknown sanitizer $kind" >&2; exit 2 ;;
  esac
  echo "== run tests with $flags"
  # TSan: report races as errors; ASan: detect leaks at exit.
  BAMBOOC_CFLAGS="$flags" TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
    ASAN_OPTIONS="detect_leaks=1" cargo test -q -p bambooc --test run
done
