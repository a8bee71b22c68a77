"""A plain, seeded mutation fuzzer for the byte-level targets (no extra needed).

It mutates the seed corpus (bit flips, byte insertions and deletions,
splices of two inputs, repeated chunks, JSON-aware token swaps) and feeds
every input to the target; it stops at the first broken promise and prints
the input.  For long runs by hand::

    nice .venv/bin/python fuzz/random_fuzz.py record_json --runs 1000000 --seed 1

It prints the number of inputs, the time and the distinct outcomes seen.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzz.targets import TARGETS

_TOKENS = [
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b'"',
    b"null",
    b"true",
    b"false",
    b"-1",
    b"0",
    b"7",
    b"1e400",
    b"NaN",
    b"9" * 4400,
    b'"type"',
    b'"bid"',
    b'"play"',
    b'"deal"',
    b'"H13"',
    b'"W1"',
    b'"players"',
    b'"actions"',
    b'"version"',
    b"=",
    b" ",
    b"-",
    b"\xff",
    b"\x00",
    b"\\u0000",
]


def mutate(data: bytes, corpus: list[bytes], rng: random.Random) -> bytes:
    """One to four random edits of ``data``."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(6)
        at = rng.randint(0, len(out))
        if how == 0 and out:
            at = rng.randrange(len(out))
            out[at] ^= 1 << rng.randrange(8)
        elif how == 1:
            out[at:at] = rng.choice(_TOKENS)
        elif how == 2:
            del out[at : at + rng.randint(1, 16)]
        elif how == 3:
            other = rng.choice(corpus)
            start = rng.randint(0, len(other))
            out[at:] = other[start : start + rng.randint(0, 200)]
        elif how == 4 and out:
            start = rng.randrange(len(out))
            chunk = out[start : start + rng.randint(1, 8)]
            out[at:at] = chunk * rng.randint(2, 50)
        else:
            out[at : at + rng.randint(0, 4)] = bytes(
                rng.randrange(256) for _ in range(rng.randint(1, 4))
            )
    return bytes(out)


def main() -> int:
    """Run one target for ``--runs`` inputs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=sorted(TARGETS))
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    target = TARGETS[args.target]
    corpus_dir = Path(__file__).parent / "corpus" / args.target
    corpus = [path.read_bytes() for path in sorted(corpus_dir.iterdir())]
    rng = random.Random(args.seed)
    started = time.perf_counter()
    for run in range(args.runs):
        data = mutate(rng.choice(corpus), corpus, rng)
        try:
            target(data)
        except BaseException:
            print(f"{args.target}: input {run} broke a promise: {data!r}"[:2000], file=sys.stderr)
            raise
    seconds = time.perf_counter() - started
    print(f"{args.target}: {args.runs} inputs in {seconds:.0f} s, no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())
