#!/bin/sh
# Builds the C unit tests and the integration programs with
# -fsanitize=address,undefined and runs them. Usage (from anywhere):
#   sh runtime-c/tests/sanitize.sh [build-dir]
# Takes about half a minute on 2 cores.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${TMPDIR:-/tmp}/bb-sanitize}
mkdir -p "$out"
CC=${CC:-cc}
# The runtime's flags: the `common` line of cflags.txt.
common=$(sed -n 's/^common *= *//p' "$here/cflags.txt")
FLAGS="$common -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
       -I$here/include -I$here/src"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

echo "sanitize: building runtime"
$CC $FLAGS -c "$here/src/all.c" -o "$out/all.o"

echo "sanitize: unit tests"
printf 'int bb_run_unit_tests(void);\nint main(void) { return bb_run_unit_tests() != 0; }\n' > "$out/unit_main.c"
$CC $FLAGS -DBB_TEST_DATA_DIR="\"$here/tests/data\"" "$out/unit_main.c" "$here"/tests/unit/*.c "$out/all.o" -o "$out/unit" -lm
"$out/unit"

for p in keyword tagpair tagmulti counter errors gcstress bench; do
  $CC $FLAGS "$here/tests/programs/$p.c" "$out/all.o" -o "$out/$p" -lm
done

run() {  # run <expected-status> <program> args...
  want=$1; shift
  set +e
  "$@" > "$out/stdout" 2> "$out/stderr"
  got=$?
  set -e
  if [ "$got" != "$want" ] || grep -q "Sanitizer\|runtime error" "$out/stderr"; then
    echo "sanitize: FAILED: $* (status $got, want $want)"; cat "$out/stderr"; exit 1
  fi
}
echo "sanitize: programs"
printf 'the of and bamboo\nthe end\n%.0s' 1 2 3 4 5 6 7 8 9 10 > "$out/kw.txt"
run 0 "$out/keyword" "$out/kw.txt"
BAMBOO_GC_STRESS=1 run 0 "$out/keyword" "$out/kw.txt"
run 1 "$out/keyword" /no/such/file
run 0 "$out/tagpair" 60
BAMBOO_GC_STRESS=1 run 0 "$out/tagpair" 40
run 0 "$out/counter"
run 0 "$out/tagmulti"
BAMBOO_GC_STRESS=1 run 0 "$out/tagmulti"
BAMBOO_GC_STRESS=1 BAMBOO_STATS=1 BAMBOO_TRACE="$out/trace.json" run 0 "$out/counter"
run 0 "$out/tagmulti"
BAMBOO_GC_STRESS=1 run 0 "$out/tagmulti"
for k in index null div negsize cast file number generic; do run 1 "$out/errors" "$k"; done
BAMBOO_HEAP_MAX=50000000 run 1 "$out/errors" oom
run 3 "$out/errors" exit
run 0 "$out/errors" none
run 0 "$out/gcstress" 4 20 20000
BAMBOO_GC_STRESS=1 run 0 "$out/gcstress" 3 30 500
run 0 "$out/bench" 100000
echo "sanitize: all passed"
