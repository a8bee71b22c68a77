"""Serve this library over the conformance protocol (``wizard-rules conformance adapter``).

It reads requests from standard input, one JSON object per line, and writes
one answer per line to standard output, flushing after each (see
:mod:`wizard_rules.conformance.protocol`).
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from wizard_rules.conformance.protocol import handle

__all__ = ["serve"]


def serve(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer protocol requests until ``bye`` or the end of input; return 0."""
    source = sys.stdin if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError:
            answer = {"type": "error", "message": "a request must be one line of JSON"}
        else:
            reply = handle(request)
            if reply is None:
                break
            answer = reply
        sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()
    return 0
