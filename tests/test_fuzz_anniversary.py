"""The differential fuzz mode with the anniversary cards on (``conformance fuzz --cards``)."""

from __future__ import annotations

import collections
import random
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from wizard_rules.cli import main
from wizard_rules.conformance.fuzz import (
    FUZZ_CARD_OBSERVATIONS,
    FUZZ_CARDS,
    AdapterClient,
    FuzzError,
    _card_diagnosis,
    _card_draw,
    _card_observed,
    fuzz,
    play_card_game,
)
from wizard_rules.core.anniversary import CARD_NAMES, READINGS, AnniversaryDeck, AnniversaryPhase
from wizard_rules.core.rules import variant_names

from .anniversary_games import play_to

HERE = Path(__file__).parent
OURS = shlex.join([sys.executable, "-m", "wizard_rules", "conformance", "adapter"])


def _broken(bug: str) -> str:
    return shlex.join([sys.executable, str(HERE / "broken_card_adapter.py"), bug])


# -- what a run draws ------------------------------------------------------------------------


def test_the_cards_fuzz_draws_are_the_nine() -> None:
    assert FUZZ_CARDS == CARD_NAMES
    assert len(set(FUZZ_CARD_OBSERVATIONS)) == len(FUZZ_CARD_OBSERVATIONS)


def test_every_card_and_reading_value_is_drawn_and_the_dragon_with_the_fairy() -> None:
    rng = random.Random(4)
    cards: collections.Counter[str] = collections.Counter()
    values: set[tuple[str, str]] = set()
    restrictions: set[str] = set()
    for _ in range(300):
        config = _card_draw(
            (3, 4, 5, 6), (False, True), rng, CARD_NAMES, {}, ("canadian_rule", "hardcore")
        )
        deck = config.rules.deck
        assert type(deck) is AnniversaryDeck
        assert deck.added  # at least one card
        assert ("dragon" in deck.added) == ("fairy" in deck.added)  # rule 28.2
        cards.update(deck.added)
        values.update((r.name, getattr(deck.readings, r.name)) for r in READINGS)
        restrictions.update(variant_names(config.rules))
        assert config.rounds == 60 // config.players  # rule 28.3
    assert set(cards) == set(CARD_NAMES)
    assert values == {(r.name, value) for r in READINGS for value in r.values}
    assert restrictions == {"canadian_rule", "hardcore", "forbid_bid_total_match"}  # --option


def test_fixed_readings_and_a_single_card_are_kept() -> None:
    rng = random.Random(2)
    for _ in range(50):
        config = _card_draw((4,), (False,), rng, ("witch",), {"bomb_leader": "highest_card"}, ())
        deck = config.rules.deck
        assert type(deck) is AnniversaryDeck
        assert deck.added == ("witch",)
        assert deck.readings.bomb_leader == "highest_card"


@pytest.mark.parametrize(
    ("cards", "readings", "variants", "words"),
    [
        (("dragon", "ogre"), {}, (), "no such anniversary card: ogre"),
        (("dragon",), {}, (), "the Dragon and the Fairy"),
        ((), {"bomb_leader": "highest_card"}, (), "readings are chosen"),
        (("bomb",), {"bomb_leader": "lowest"}, (), "no such reading or value"),
        (("bomb",), {"leader": "x"}, (), "no such reading or value"),
        (("bomb",), {}, ("hidden_bids",), "do not combine with hidden_bids (rule 28.5)"),
    ],
)
def test_what_cannot_be_fuzzed_with_the_cards_is_refused(
    cards: tuple[str, ...], readings: dict[str, str], variants: tuple[str, ...], words: str
) -> None:
    with pytest.raises(FuzzError, match=words.replace("(", r"\(").replace(")", r"\)")):
        fuzz(OURS, games=1, seed=1, cards=cards, readings=readings, variants=variants)


def test_the_winner_so_far_is_asked_while_a_card_waits_for_its_declaration() -> None:
    # A card not yet declared counts for nothing yet (the engine's faces leave it out), so
    # the winner so far can be asked.
    config = _card_draw((3,), (False,), random.Random(1), ("juggler",), {}, ())
    state = play_to(config, random.Random(3), lambda s: s.phase is AnniversaryPhase.DECLARE)
    assert state.phase is AnniversaryPhase.DECLARE
    assert "trick_winner" in _card_observed(state)
    assert "declared" in _card_observed(state)
    assert isinstance(state.trick_winner, (int, type(None)))  # answered, not a crash


# -- our adapter agrees with itself ------------------------------------------------------------


def test_our_adapter_agrees_with_itself_in_games_with_cards() -> None:
    rng = random.Random(11)
    client = AdapterClient(OURS, timeout=30.0)
    steps = 0
    try:
        for _ in range(6):
            config = _card_draw((3, 4, 5), (False, True), rng, CARD_NAMES, {}, ("hardcore",))
            run = play_card_game(client, config, random.Random(rng.random()), rounds=4)
            assert run.deviations == (), run.deviations[0].describe()
            assert run.refused is None
            steps += run.steps
    finally:
        client.close()
    assert steps > 100


class _Refusing:
    """A client whose adapter refuses every configuration."""

    def step(self, message: Any, expected: str) -> Any:
        return {"type": "error", "code": "unsupported"}


def test_a_refused_configuration_is_not_played() -> None:
    config = _card_draw((3,), (False,), random.Random(1), ("bomb",), {}, ())
    run = play_card_game(_Refusing(), config, random.Random(1))  # type: ignore[arg-type]
    assert run.refused == "unsupported"
    assert run.steps == 0


def test_the_diagnosis_of_a_game_with_cards() -> None:
    assert _card_diagnosis("observe", "trick_winners", None, [0, None], [0, 2])[:2] == (
        "31.1",
        "a Bomb's trick given to a seat",
    )
    assert _card_diagnosis("observe", "round_trick_winners", None, [[None]], [[1]])[0] == "31.1"
    assert _card_diagnosis("observe", "trick_winners", None, [0, 1], [0, 2])[0] == "39"
    assert _card_diagnosis("observe", "card_views", None, [], "<missing>")[:2] == (
        "41.2",
        "card_views (missing)",
    )
    assert _card_diagnosis("observe", "vampire_copies", None, "H3", "H4")[0] == "37.1"
    assert _card_diagnosis("refuse", None, {"type": "pass"}, "wrong_phase", "ok")[0] == "11.2"
    assert _card_diagnosis("apply", None, {"type": "witch_swap"}, "ok", "x")[0] == "40.3"
    assert _card_diagnosis("apply", None, {"type": "bid"}, "ok", "x")[0] == "11.10"
    assert _card_diagnosis("apply", None, "junk", "ok", "x")[0] == "11.10"


# -- planted bugs are caught -------------------------------------------------------------------


def test_the_fuzz_command_with_cards_finds_a_bombs_trick_given_to_its_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "conformance",
            "fuzz",
            "--adapter",
            _broken("bomb-won"),
            "--games",
            "6",
            "--seed",
            "2",
            "--players",
            "3",
            "--cards",
            "bomb",
            "--reading",
            "bomb_leader=highest_card",
            "--max-deviations",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1, out
    assert "rule 31.1" in out
    assert "a Bomb's trick given to a seat" in out
    assert '"anniversary_cards"' in out  # the case printed has the cards in its config


@pytest.mark.parametrize(
    ("bug", "cards", "rule"),
    [
        ("passes-shown", ("juggler",), "41.2"),
        ("declare-refused", ("juggler", "cloud", "shapeshifter"), "40.3"),
        ("phase-code", ("bomb",), "11.2"),
    ],
)
def test_fuzz_with_cards_finds_each_planted_bug(
    bug: str, cards: tuple[str, ...], rule: str
) -> None:
    result = fuzz(_broken(bug), games=8, seed=1, players=(3,), cards=cards, max_deviations=1)
    assert result.deviations, bug
    found = result.deviations[0].found
    assert found.rule == rule, found.describe()
    assert result.deviations[0].shrunk is found  # not shrunk: no position with the cards


@pytest.mark.slow
def test_our_adapter_passes_whole_games_with_every_card() -> None:
    result = fuzz(OURS, games=6, seed=5, players=(3, 4, 5, 6), cards=CARD_NAMES)
    assert result.games == 6
    assert result.deviations == ()
    assert result.skipped == ()
    assert result.steps > 2000
