"""This library's adapter with one rule broken, for testing ``conformance fuzz``.

Usage: python tests/broken_adapter.py MODE

last-wizard  the last Wizard of a trick wins it, not the first
taken        a missed bid loses 10 per trick taken, not per trick of difference
v1           answers the handshake with protocol 1 (an adapter of version 1)
raw TEXT     answers the handshake with protocol 2, then every request with TEXT
quit         answers the handshake with protocol 2, then exits
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from wizard_rules import transitions, trick
from wizard_rules.cards import Card, Kind, Suit
from wizard_rules.conformance.adapter import serve

_first_wizard_wins = trick._winning_position


def _last_wizard_wins(cards: Sequence[Card], trump: Suit | None) -> int:
    wizards = [k for k, card in enumerate(cards) if card.kind is Kind.WIZARD]
    return wizards[-1] if wizards else _first_wizard_wins(cards, trump)


def _per_trick_taken(bid: int, tricks_won: int) -> int:
    return 20 + 10 * tricks_won if bid == tricks_won else -10 * tricks_won


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
    if mode == "last-wizard":
        trick._winning_position = _last_wizard_wins
    else:
        transitions.__dict__["round_score"] = _per_trick_taken
    serve()


if __name__ == "__main__":
    main()
