#!/usr/bin/env python3
"""Reference output for examples/keyword.bb, computed independently.

Usage: tools/wordcount.py FILE > EXPECTED

The rule is the one the Bamboo program uses: a word is a maximal run of
ASCII letters and digits ([A-Za-z0-9]+), compared after lowercasing ASCII
letters. The output lists every distinct word once, sorted by UTF-16 code
unit order (for these ASCII words the same as Python's string order), as
"word count", one per line.
"""
import re
import sys
from collections import Counter


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(sys.argv[1], "rb") as f:
        text = f.read().decode("utf-8")
    counts = Counter(w.lower() for w in re.findall(r"[A-Za-z0-9]+", text))
    out = sys.stdout
    for word in sorted(counts):
        out.write(f"{word} {counts[word]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
