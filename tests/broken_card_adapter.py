"""This library's adapter with a rule of the anniversary cards broken, for testing fuzz --cards.

Usage: python tests/broken_card_adapter.py BUG

BUG is one of

bomb-won          a Bomb's trick goes to the seat that would win it without the Bomb
                  (rule 31.1 says nobody wins it)
passes-shown      every seat's card_views shows every pass of the round, whole (rule 41.2)
declare-refused   every declaration is refused with invalid_declaration (rules 33.1 to 35.1)
phase-code        an action of the wrong phase is refused with not_your_turn, not
                  wrong_phase (rule 11.2)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import wizard_rules.core.anniversary.state as card_state
import wizard_rules.core.anniversary.transitions as transitions
import wizard_rules.core.anniversary.views as views
from wizard_rules.conformance import adapter
from wizard_rules.core.anniversary.faces import Face, FaceKind, winning_position
from wizard_rules.core.cards import Suit
from wizard_rules.errors import ErrorCode, IllegalActionError


def _bomb_won() -> None:
    def no_bomb(faces: Sequence[Face], trump: Suit | None) -> int | None:
        kept = [k for k, face in enumerate(faces) if face.kind is not FaceKind.BOMB]
        if not kept:
            return None
        position = winning_position([faces[k] for k in kept], trump)
        return None if position is None else kept[position]

    setattr(transitions, "winning_position", no_bomb)  # noqa: B010 - names mypy does not see
    setattr(card_state, "winning_position", no_bomb)  # noqa: B010


def _passes_shown() -> None:
    honest = views.anniversary_view

    def leaky(state: Any, seat: int) -> Any:
        view = honest(state, seat)
        return attrs.evolve(view, passes=tuple(given[:2] for given in state.passes))

    views.anniversary_view = leaky
    setattr(adapter, "anniversary_view", leaky)  # noqa: B010 - a name mypy does not see


def _declare_refused() -> None:
    def refuse(state: Any, action: Any) -> None:
        raise IllegalActionError(ErrorCode.INVALID_DECLARATION, "no declaration is accepted")

    phase = transitions.P.DECLARE
    transitions._RULES[phase] = (refuse, transitions._RULES[phase][1])


def _phase_code() -> None:
    def out_of_phase(state: Any, what: str) -> IllegalActionError:
        return IllegalActionError(ErrorCode.NOT_YOUR_TURN, f"not now: {what}")

    transitions._out_of_phase = out_of_phase


BUGS = {
    "bomb-won": _bomb_won,
    "passes-shown": _passes_shown,
    "declare-refused": _declare_refused,
    "phase-code": _phase_code,
}


def main() -> None:
    BUGS[sys.argv[1]]()
    adapter.serve(None, sys.stdout)


if __name__ == "__main__":
    main()
