"""This library's adapter with rules broken, for testing the conformance suite and fuzz.

Usage: python tests/broken_adapter.py MODE [MODE ...]

Each MODE is the name of a planted bug (see tests/planted_bugs.py: ``last-wizard``,
the last Wizard of a trick wins it; ``taken``, a missed bid loses 10 per
trick taken; and the others of ``BUGS``): several are planted together, one
after the other.  Besides bugs, a MODE may be

players=3,4  the adapter lacks the other player counts: it refuses them with
             invalid_config
reordered    every JSON object the adapter writes has its keys in reverse order

or, alone, one of

v1           answers the handshake with protocol 1 (an adapter of version 1)
raw TEXT     answers the handshake with protocol 2, then every request with TEXT
quit         answers the handshake with protocol 2, then exits
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.planted_bugs import plant
from wizard_rules.conformance import adapter
from wizard_rules.errors import ErrorCode, RecordError
from wizard_rules.formats import records


def _reversed(value: Any) -> Any:
    """``value`` with the keys of every object in it in reverse order."""
    if type(value) is dict:
        return {key: _reversed(value[key]) for key in reversed(value)}
    if type(value) is list:
        return [_reversed(item) for item in value]
    return value


class _Reordered:
    """A text sink that writes each JSON line it is given with its keys reversed."""

    def __init__(self, sink: TextIO) -> None:
        self.sink = sink

    def write(self, text: str) -> int:
        line = json.dumps(_reversed(json.loads(text)))
        return self.sink.write(line + "\n")

    def flush(self) -> None:
        self.sink.flush()


def _only_players(counts: str) -> None:
    """Make the adapter refuse every player count but ``counts`` (``3,4``)."""
    allowed = {int(count) for count in counts.split(",")}
    original = records.config_from_dict

    def config_from_dict(value: Any) -> Any:
        if type(value) is dict and value.get("players") not in allowed:
            raise RecordError(ErrorCode.INVALID_RECORD, "not supported here")
        return original(value)

    setattr(adapter, "config_from_dict", config_from_dict)  # noqa: B010 - a planted change


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
    sink: Any = sys.stdout
    for name in sys.argv[1:]:
        if name.startswith("players="):
            _only_players(name.removeprefix("players="))
        elif name == "reordered":
            sink = _Reordered(sys.stdout)
        else:
            plant(name)
    adapter.serve(None, sink)


if __name__ == "__main__":
    main()
