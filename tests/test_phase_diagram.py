"""The phase diagram of docs/state-machine.rst says what the state machine does.

The diagram is Mermaid text: one box a phase, named by the phase's value, and
one arrow a move between phases.  Its boxes must be the phases of
:class:`wizard_rules.Phase`, and its arrows the moves that games played by the
engine make, no more and no fewer.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from wizard_rules import Action, Config, Phase, apply, legal_actions, new_game, random_deal

PAGE = Path(__file__).resolve().parent.parent / "docs" / "state-machine.rst"

_NODE = re.compile(r"^(\w+)\[\"(.*)\"\]$")
_EDGE = re.compile(r"^(\w+)(?:\(\(.*\)\))?\s+-{2,}>\|([^|]+)\|\s+(\w+)$")
_START = "start"


def _diagram() -> list[str]:
    """The lines of the page's one Mermaid diagram, without comments."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith(".. mermaid::")]
    assert len(starts) == 1, "state-machine.rst has one mermaid diagram"
    body = []
    for line in lines[starts[0] + 1 :]:
        if line and not line.startswith(" "):
            break  # the directive's indented content ends here
        text = line.strip()
        if text and not text.startswith("%%"):
            body.append(text)
    return body


def _boxes() -> dict[str, str]:
    return {m[1]: m[2] for line in _diagram() if (m := _NODE.match(line))}


def _arrows() -> dict[tuple[str, str], str]:
    return {(m[1], m[3]): m[2] for line in _diagram() if (m := _EDGE.match(line))}


def _moves_played() -> tuple[set[str], set[tuple[str, str]]]:
    """The phases games start in, and every (phase, next phase) they go through.

    Random legal games, with every number of players: rounds with a Wizard
    turned (the dealer names the trump), with a suit or a Jester, and last
    rounds that deal every card (nothing turned).
    """
    starts: set[str] = set()
    moves: set[tuple[str, str]] = set()
    rng = random.Random(20261201)
    for players in (3, 4, 5, 6):
        for _ in range(3):
            state = new_game(Config(players=players))
            starts.add(state.phase.value)
            while state.phase is not Phase.GAME_OVER:
                action: Action
                if state.is_chance:
                    action = random_deal(state, rng)
                else:
                    action = rng.choice(legal_actions(state))
                after = apply(state, action)
                moves.add((state.phase.value, after.phase.value))
                state = after
            assert legal_actions(state) == ()
    return starts, moves


@pytest.fixture(scope="module")
def played() -> tuple[set[str], set[tuple[str, str]]]:
    return _moves_played()


def test_the_diagram_is_a_top_down_flowchart() -> None:
    assert _diagram()[0] == "flowchart TB"
    # every line is a box, an arrow, or the diagram's accessible title and description
    known = [
        line
        for line in _diagram()[1:]
        if _NODE.match(line) or _EDGE.match(line) or line.startswith(("accTitle:", "accDescr:"))
    ]
    assert known == _diagram()[1:]


def test_the_diagram_has_a_box_for_every_phase_and_names_it() -> None:
    boxes = _boxes()
    assert set(boxes) == {phase.value for phase in Phase}
    for name, label in boxes.items():
        assert label.startswith(f"<b>{name}</b><br/>"), label


def test_the_diagram_starts_where_a_new_game_starts(
    played: tuple[set[str], set[tuple[str, str]]],
) -> None:
    starts, _ = played
    assert {target for source, target in _arrows() if source == _START} == starts == {"deal"}


def test_the_arrows_are_the_moves_games_make(
    played: tuple[set[str], set[tuple[str, str]]],
) -> None:
    _, moves = played
    arrows = {arrow for arrow in _arrows() if arrow[0] != _START}
    assert arrows == moves
    # what the rules say (rules 2 to 7), the same as the engine's games
    assert moves == {
        ("deal", "choose_trump"),
        ("deal", "bid"),
        ("choose_trump", "bid"),
        ("bid", "bid"),
        ("bid", "play"),
        ("play", "play"),
        ("play", "deal"),
        ("play", "game_over"),
    }


def test_every_arrow_is_labelled() -> None:
    labels = _arrows().values()
    assert len(labels) == 9
    assert all(label.strip() for label in labels)
