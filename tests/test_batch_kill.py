"""The planted-bug kill table, run against the batch engine.

Two ways round, each with the comparisons of ``tests/test_batch.py``:

* every bug of ``tests/planted_bugs.py`` planted into the scalar engine, one
  process per bug, with the batch engine as the independent oracle
  (``tests/batch_kill.py``): every bug must be killed but one whose plant
  changes ``Config`` itself, which both engines read (``rounds-short``
  changes ``Config.rounds``): for it the batch engine is no independent
  oracle;
* bugs planted into the batch engine's own numpy code (a wrong trick winner,
  following, bid restriction, dealer and score), each of which the
  comparison with the scalar engine must catch.

The default run plays 2 games for each of 4 players with the bid-total option
on and off; for a larger run by hand::

    WIZARD_RULES_BATCH_KILL_GAMES=10 WIZARD_RULES_BATCH_KILL_SETTINGS=all \\
        .venv/bin/python -m pytest -qs tests/test_batch_kill.py -k scalar

(or ``python tests/batch_kill.py --all --games 10 --settings all`` for the table alone).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests import batch_kill, test_batch
from tests.planted_bugs import BUGS
from wizard_rules import DECK
from wizard_rules.sim import batch

GAMES = int(os.environ.get("WIZARD_RULES_BATCH_KILL_GAMES", "2"))
SETTINGS = batch_kill.parse_settings(os.environ.get("WIZARD_RULES_BATCH_KILL_SETTINGS", "4:1,4:0"))


# The base game's bugs: the variants' bugs (issue 24, whose Bug.variants name
# them) show only in games of a variant, and the anniversary cards' (Bug.cards, issue
# 25) only in games with the cards, which these comparisons (and the batch engine) do
# not play.
BASE_BUGS = sorted(name for name, bug in BUGS.items() if bug.variants == () and bug.cards == ())


def test_the_batch_engine_kills_every_bug_planted_in_the_scalar_engine() -> None:
    verdicts = batch_kill.run_all(BASE_BUGS, GAMES, SETTINGS, seed=1, jobs=2)
    print("\n" + batch_kill.table(verdicts))
    unplanted = [verdict["bug"] for verdict in verdicts if verdict["error"] == "plant"]
    assert not unplanted, "these plants no longer fit the engine: " + batch_kill.table(verdicts)
    assert len(verdicts) >= 20
    # A plant the batch engine reads too (it changes Config) may survive; no other may.
    survived = {verdict["bug"] for verdict in verdicts if not verdict["killed"]}
    shared = {verdict["bug"] for verdict in verdicts if verdict["shared"]}
    assert survived <= shared, batch_kill.table(verdicts)
    assert "rounds-short" in shared  # Config.rounds: the classification sees a real one
    for verdict in verdicts:
        if verdict["killed"]:  # a disagreement found by a comparison, not a crash
            assert verdict["error"] == "AssertionError", verdict
            assert verdict["check"], verdict


def test_a_verdict_names_the_comparison_that_failed() -> None:
    # judge() plants for good, so it runs in a process of its own: here the
    # command line's, for one bug the refused deals catch and one that needs games.
    deals, games = (
        json.loads(
            subprocess.run(
                [sys.executable, batch_kill.__file__, name, "--games=1", "--settings=6:0"],
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            ).stdout
        )
        for name in ("deal-unchecked", "taken")
    )
    assert deals["killed"]
    assert deals["check"] == "test_refused_deals_get_the_scalar_engines_codes"
    assert (deals["games"], deals["setting"]) == (0, "")
    assert games["killed"]
    assert (games["check"], games["setting"], games["games"]) == ("differential", "6:0", 1)
    assert "points" in games["line"]  # a missed bid scored wrong: the round's points differ
    assert "killed by the batch engine: 1 of 2" in batch_kill.table(
        [games, {**deals, "killed": 0}]
    )


def test_the_command_line_refuses_to_run_nothing() -> None:
    with pytest.raises(SystemExit):
        batch_kill.main([])
    assert batch_kill.parse_settings("all") == batch_kill.ALL
    assert batch_kill.parse_settings("3:1,6:0") == ((3, True), (6, False))


# -- bugs planted into the batch engine --------------------------------------------


def _strength_without_trump() -> Any:
    table = batch._STRENGTH.copy()
    table[1:] = table[0]  # every trump row reads as "no trump"
    return table.reshape(-1)


def _strength_of_any_suit() -> Any:
    table = batch._STRENGTH.copy()
    ranks = np.array([card.rank or 0 for card in DECK], dtype=np.int8)
    # A card of a suit that is neither trump nor led counts its rank, as if led.
    return np.where(table == 0, ranks, table).reshape(-1)


def _dealer_stays(original: Callable[..., Any]) -> Callable[..., Any]:
    def end_round(state: Any, ended: Any) -> Any:
        after, points = original(state, ended)
        return after._replace(dealer=state.dealer), points

    return end_round


def _no_bonus(original: Callable[..., Any]) -> Callable[..., Any]:
    def end_round(state: Any, ended: Any) -> Any:
        after, points = original(state, ended)
        made = (state.bids == state.tricks_won) & ended[:, None]
        lost = np.where(made, 20, 0).astype(np.int32)
        return after._replace(scores=after.scores - lost), points - lost

    return end_round


BATCH_BUGS: dict[str, tuple[str, Callable[[], Any], bool, str]] = {
    # name: (the batch module's attribute, what replaces it, the bid-total
    # option, what the failing comparison of test_batch.py reads)
    "trump-ignored": ("_FLAT_STRENGTH", _strength_without_trump, False, "trick_winner"),
    "any-suit-wins": ("_FLAT_STRENGTH", _strength_of_any_suit, False, "trick_winner"),
    "no-following": ("_FOLLOW", lambda: np.zeros_like(batch._FOLLOW), False, "mask[g]"),
    "option-off": (
        "_forbidden_bid",
        lambda: lambda state: np.full(state.size, -1, dtype=np.int64),
        True,
        "mask[g]",
    ),
    "dealer-stays": ("_end_round", lambda: _dealer_stays(batch._end_round), False, "dealer"),
    "no-bonus": ("_end_round", lambda: _no_bonus(batch._end_round), False, "points"),
}
"""Bugs planted into the batch engine's numpy code, each a replaced module attribute."""


@pytest.mark.parametrize("name", BATCH_BUGS)
def test_a_bug_planted_in_the_batch_engine_is_caught_by_the_comparison(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    attribute, replacement, forbid, reads = BATCH_BUGS[name]
    assert hasattr(batch, attribute), f"the batch engine has no {attribute} to plant into"
    monkeypatch.setattr(batch, attribute, replacement())
    with pytest.raises(AssertionError) as caught:
        test_batch.differential(4, forbid, 2, seed=1)
    check, line = batch_kill.where(caught.value)
    assert check == "differential"
    assert reads in line, line
