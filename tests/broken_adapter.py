"""This library's adapter with one rule broken, for testing the conformance suite and fuzz.

Usage: python tests/broken_adapter.py MODE

MODE is the name of a planted bug (see tests/planted_bugs.py: ``last-wizard``,
the last Wizard of a trick wins it; ``taken``, a missed bid loses 10 per
trick taken; and the others of ``BUGS``), or one of

v1           answers the handshake with protocol 1 (an adapter of version 1)
raw TEXT     answers the handshake with protocol 2, then every request with TEXT
quit         answers the handshake with protocol 2, then exits
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.planted_bugs import plant
from wizard_rules.conformance.adapter import serve


def main() -> None:
    mode = sys.argv[1]
    if mode in ("v1", "raw", "quit"):
        sys.stdin.readline()
        protocol = 1 if mode == "v1" else 2
        print(
            f'{{"type": "hello", "protocol": {protocol}, "name": "x", "version": "1"}}', flush=True
        )
        for _ in sys.stdin if mode == "raw" else ():
            print(sys.argv[2], flush=True)
        return
    plant(mode)
    serve()


if __name__ == "__main__":
    main()
