"""Hostile adapters, for the resource-limit tests of the conformance runner.

Usage: python tests/hostile/adversary.py MODE

nested       answers the handshake with a 100 KB line of nested ``[``
blind        never reads its input: writes a handshake answer (protocol 2) and a
             result for every case of the suite, in order, then waits
progress     serves properly, while a thread draws an endless ``\\r`` progress
             bar on standard error
nan          serves properly, but answers every perft with ``NaN`` and every
             score list with ``[Infinity]``
cr           serves properly, with a bare ``\\r`` (JSON whitespace) after
             every comma of its answers
"""

from __future__ import annotations

import json
import sys
import threading
import time

from wizard_rules.conformance.adapter import handle
from wizard_rules.conformance.suite import load_suite

HELLO = '{"type":"hello","protocol":2,"name":"hostile","version":"0"}\n'


def _progress() -> None:
    step = 0
    while True:
        sys.stderr.write(f"\rworking... {step % 100:3d}%")
        step += 1
        if step % 1000 == 0:
            sys.stderr.flush()


def _serve(mode: str) -> None:
    for line in sys.stdin:
        request = json.loads(line)
        answer = handle(request)
        if answer is None:
            return
        text = json.dumps(answer, separators=(",", ":"))
        if mode == "nan":
            text = text.replace('"perft":null', '"perft":NaN')
            text = text.replace('"scores":[', '"scores":[Infinity,')
        if mode == "cr":
            text = text.replace(",", ",\r")
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


def main() -> None:
    """Misbehave as ``sys.argv[1]`` says."""
    mode = sys.argv[1]
    if mode == "nested":
        sys.stdin.readline()
        sys.stdout.write("[" * 100_000 + "\n")
        sys.stdout.flush()
        time.sleep(60)
    elif mode == "blind":
        sys.stdout.write(HELLO)
        sys.stdout.flush()  # the handshake does not wait for the suite to load
        for case in load_suite().cases:
            result: dict[str, object] = {"type": "result", "id": case.id, "perft": None}
            result.update(errors=[], state={})
            sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
        time.sleep(60)
    else:
        if mode == "progress":
            threading.Thread(target=_progress, daemon=True).start()
        _serve(mode)


if __name__ == "__main__":
    main()
