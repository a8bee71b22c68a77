"""Adapters that misbehave, for testing the conformance runner.

Usage: python tests/fake_adapter.py MODE [ARG]

exit       exits at once
empty      answers every request with {}
hang       reads requests and never answers
garbage    answers the handshake, then prints something that is not JSON
protocol3  answers the handshake with protocol 3
v1         speaks protocol 1 only: answers every hello with protocol 1
picky      speaks protocol 1 only, and answers a hello of any other version
           with an error
chatty     answers the handshake with a field the protocol does not know
crash N    serves properly, then exits when asked for case N (an id)
stall N    serves properly, but never answers case N (an id)
wrong N    serves properly, but answers case N (an id) with no errors and no state
deaf       answers the handshake after closing its input, then waits
blank      serves properly, with an empty line before every answer
huge       answers the handshake, then a case with a line of over 1 MiB
list       answers the handshake, then a case with a JSON array
other-id   answers the handshake, then a case with the wrong id
noisy      serves properly (protocol 2, the step-by-step messages too), with
           fields the protocol does not define in every answer: "note" and
           "exception"
canned F   serves properly, but answers the cases of the JSON file F (an object
           from case id to answer) with what it holds; "type" and "id" are
           added when the answer lacks them
good       serves properly (the library's own adapter)
"""

from __future__ import annotations

import json
import os
import sys
import time

from wizard_rules.conformance.adapter import Session, handle


def main() -> None:
    mode = sys.argv[1]
    target = sys.argv[2] if len(sys.argv) > 2 else ""
    canned = {}
    if mode == "canned":
        with open(target, encoding="utf-8") as handle_:
            canned = json.load(handle_)
    if mode == "exit":
        sys.exit(3)
    session = Session()
    for line in sys.stdin:
        request = json.loads(line)
        kind = request.get("type")
        if mode == "empty":
            answer: object = {}
        elif mode == "hang":
            time.sleep(3600)
            return
        elif mode == "deaf":
            os.close(0)
            sys.stdout.write(json.dumps(handle(request)) + "\n")
            sys.stdout.flush()
            time.sleep(30)
            return
        elif mode == "huge" and kind == "case":
            sys.stdout.write("x" * (1 << 21) + "\n")
            sys.stdout.flush()
            continue
        elif mode == "canned" and kind == "case" and request.get("id") in canned:
            answer = {"type": "result", "id": request["id"], **canned[request["id"]]}
        elif mode == "list" and kind == "case":
            answer = [1]
        elif mode == "other-id" and kind == "case":
            answer = {"type": "result", "id": "nobody.000", "errors": []}
        elif mode == "protocol3" and kind == "hello":
            answer = {"type": "hello", "protocol": 3, "name": "other", "version": "9"}
        elif mode in ("v1", "picky") and kind == "hello":
            if mode == "picky" and request.get("protocol") != 1:
                answer = {"type": "error", "message": "I speak protocol 1"}
            else:
                answer = {"type": "hello", "protocol": 1, "name": "old", "version": "1"}
        elif mode in ("v1", "picky") and kind == "case" and "position" in request:
            answer = {"type": "error", "id": request.get("id"), "message": "what is a position?"}
        elif mode == "chatty" and kind == "hello":
            answer = {**handle(request), "motto": "more is more"}  # type: ignore[dict-item]
        elif mode == "garbage" and kind == "case":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        elif mode == "crash" and request.get("id") == target:
            sys.stderr.write("fake adapter: crashing on purpose\n")
            sys.exit(1)
        elif mode == "stall" and request.get("id") == target:
            time.sleep(3600)
            return
        else:
            answer = handle(request, session)
            if answer is None:
                return
            if mode == "noisy":
                answer = {**answer, "note": "a fake adapter", "exception": None}
            if mode == "wrong" and request.get("id") == target:
                answer = {"type": "result", "id": target, "errors": [], "state": {}, "perft": None}
        if mode == "blank":
            sys.stdout.write("\n")
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
