#!/usr/bin/env python3
"""gen.py — writes the KeywordCount benchmark's input text, deterministically
from a seed: a vocabulary of VOCAB distinct lower-case words (2 to 12 letters)
drawn with Zipf-like frequencies (the word of rank r has weight 1/r), in lines
of 12 words; about one word in 16 starts with a capital letter and one in 10
is followed by a comma or a full stop, so the counting must fold case and
split at punctuation.

Usage:
    python3 gen.py --words N [--seed S] [--vocab V] -o FILE
    python3 gen.py --words N [--seed S] [--vocab V] --expect [--top T]

--expect prints, instead of writing the text, what the benchmark programs
must print for it, counted the straightforward way (collections.Counter over
the lower-cased words): the totals and the TOP most frequent words with their
counts, by count (descending) then word. Identical seeds and sizes give
identical text on every Python 3 (random.Random's sequence is stable).
"""

import argparse
import collections
import random
import re
import string
import sys

WORDS_PER_LINE = 12
CHUNK = 1 << 16


def vocabulary(rng: random.Random, size: int) -> list[str]:
    words: list[str] = []
    seen: set[str] = set()
    while len(words) < size:
        length = rng.randint(2, 12)
        w = "".join(rng.choice(string.ascii_lowercase) for _ in range(length))
        if w not in seen:
            seen.add(w)
            words.append(w)
    return words


def chunks(seed: int, n_words: int, vocab: int):
    """Yields the text in pieces; their concatenation is the whole text."""
    rng = random.Random(seed)
    words = vocabulary(rng, vocab)
    cum = []
    total = 0.0
    for r in range(1, vocab + 1):
        total += 1.0 / r
        cum.append(total)
    done = 0
    while done < n_words:
        n = min(CHUNK, n_words - done)
        picked = rng.choices(words, cum_weights=cum, k=n)
        marks = rng.choices(range(160), k=n)
        out = []
        for i, (w, m) in enumerate(zip(picked, marks)):
            if m < 10:
                w = w.capitalize()
            if m % 10 == 3:
                w += ","
            elif m % 10 == 7:
                w += "."
            out.append(w)
            out.append("\n" if (done + i + 1) % WORDS_PER_LINE == 0 else " ")
        yield "".join(out)
        done += n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vocab", type=int, default=20000)
    ap.add_argument("-o", "--output")
    ap.add_argument("--expect", action="store_true")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    if args.words < 1 or args.vocab < 1:
        ap.error("--words and --vocab must be positive")
    if args.expect:
        counts: collections.Counter = collections.Counter()
        for piece in chunks(args.seed, args.words, args.vocab):
            counts.update(re.findall(r"[a-z0-9]+", piece.lower()))
        total = sum(counts.values())
        print(f"KeywordCount: {total} words, {len(counts)} distinct")
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        for word, count in ranked[: args.top]:
            print(f"{word} {count}")
        return 0
    if not args.output:
        ap.error("-o FILE is required (or --expect)")
    with open(args.output, "w", encoding="ascii", newline="\n") as f:
        for piece in chunks(args.seed, args.words, args.vocab):
            f.write(piece)
    return 0


if __name__ == "__main__":
    sys.exit(main())
