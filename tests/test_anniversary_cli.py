"""The anniversary cards on the command line, in random play and simulation, and their refusals.

``--cards`` and ``--reading`` on ``simulate``, ``play`` and ``arena``; the
account of a game with the cards; random_game and random_action with the
cards; the simulation module's figures; the batch engine's and the
positions' refusals.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest

from wizard_rules import (
    Config,
    Deal,
    ErrorCode,
    GameRecord,
    IllegalActionError,
    InvalidArgumentError,
    Position,
    PositionError,
    apply,
    new_anniversary_game,
    parse_card,
    player_view,
    position_of,
)
from wizard_rules.cli import main
from wizard_rules.core.anniversary import CARD_NAMES, AnniversaryDeck, Readings
from wizard_rules.core.anniversary.actions import Reveal
from wizard_rules.core.rules import ListedSchedule, Rules
from wizard_rules.errors import ConfigError
from wizard_rules.sim.random_play import random_action, random_anniversary_game
from wizard_rules.sim.simulation import game_seed, simulate


def cards_config(players: int = 4, cards: tuple[str, ...] = CARD_NAMES, **readings: str) -> Config:
    deck = AnniversaryDeck(added=cards, readings=Readings(**readings))
    return Config(players=players, rules=Rules(deck=deck))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_info:
        status = int(exit_info.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# -- simulate ------------------------------------------------------------------------------


def test_simulate_with_every_card_prints_the_cards_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "simulate", "--players", "4", "--seed", "1", "--cards", "all")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Seed 1"
    assert lines[1] == (
        "Wizard: 4 players, 15 rounds, first dealer P0, bid-total option off, cards Dragon "
        "Fairy Bomb Werewolf Juggler Cloud Shapeshifter Witch Vampire"
    )
    # The account is of the game random_anniversary_game plays with that seed: its tricks, one line
    # each, and each round's bids, as the final state holds them.
    final = random_anniversary_game(cards_config(), random.Random(1))
    tricks = [line for line in lines if re.match(r"  Trick \d+: ", line)]
    assert len(tricks) == sum(len(result.tricks) for result in final.results) == 120
    bombs = [result for result in final.results for t in result.tricks if t.winner is None]
    assert sum("-> no one (the Bomb)" in line for line in tricks) == len(bombs) > 0
    for result in final.results:
        order = [(result.dealer + 1 + k) % 4 for k in range(4)]
        # the bids as made (before any Cloud's change): the result's minus the changes
        made = list(result.bids)
        for seat, by in result.bid_changes:
            made[seat] -= by
        assert "  Bids: " + ", ".join(f"P{s} {made[s]}" for s in order) in lines
    assert lines[-1].startswith("Winner")
    # Each kind of event is told in words at least once in this game.
    for words in (
        "shows the Werewolf, takes the turned",
        "Turned up from the stock for the Vampire to copy: ",
        "Juggler (",
        "The Juggler's pass: P",
        "changes their bid by ",
        "Cloud (",
    ):
        assert words in out, words


def test_simulate_same_seed_same_account(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("simulate", "--players", "3", "--seed", "9", "--cards", "20")
    first = run(capsys, *argv)
    assert first == run(capsys, *argv)
    other = run(capsys, "simulate", "--players", "3", "--seed", "10", "--cards", "20")
    assert other[1] != first[1]


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ("20", "Dragon Fairy Bomb Werewolf Juggler Cloud"),
        ("25", "Dragon Fairy Bomb Werewolf Juggler Cloud Shapeshifter"),
        ("30", "Dragon Fairy Bomb Werewolf Juggler Cloud Shapeshifter Witch Vampire"),
        ("Vampire, bomb", "Bomb Vampire"),
    ],
)
def test_cards_names_and_editions(
    capsys: pytest.CaptureFixture[str], given: str, named: str
) -> None:
    status, out, _ = run(capsys, "simulate", "--players", "6", "--seed", "2", "--cards", given)
    assert status == 0
    assert out.splitlines()[1].endswith(f"cards {named}")


def test_readings_are_chosen_and_written(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "simulate",
        "--players",
        "5",
        "--seed",
        "3",
        "--cards",
        "bomb,cloud",
        "--reading",
        "cloud_timing=round_end",
        "--reading",
        "bomb_leader=highest_card",
        "--json",
    )
    assert status == 0
    record = json.loads(out)
    assert record["config"]["anniversary_cards"] == ["bomb", "cloud"]
    assert record["config"]["readings"] == {
        "bomb_leader": "highest_card",
        "cloud_timing": "round_end",
    }
    # The record replays to the game random_game plays with these rules and seed.
    config = cards_config(
        5, ("bomb", "cloud"), cloud_timing="round_end", bomb_leader="highest_card"
    )
    final = random_anniversary_game(config, random.Random(3))
    assert GameRecord.from_json(out).replay_anniversary() == final


def test_replay_prints_the_account_of_a_record_with_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, record, _ = run(
        capsys, "simulate", "--players", "3", "--seed", "4", "--cards", "25", "--json"
    )
    path = tmp_path / "game.json"
    path.write_text(record)
    status, out, _ = run(capsys, "replay", str(path))
    _, shown, _ = run(capsys, "simulate", "--players", "3", "--seed", "4", "--cards", "25")
    assert status == 0
    assert out == shown.split("\n", 1)[1]  # the same account, without the seed's line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--cards", "dragon,unicorn"],
            "argument --cards: not an anniversary card: 'unicorn'",
        ),
        (
            ["--cards", "dragon"],
            "argument --cards: the Dragon and the Fairy go in together or not at all (rule 28.2)",
        ),
        (["--cards", "bomb,bomb"], "argument --cards: each anniversary card is added once"),
        (
            ["--cards", "all", "--hidden-bids"],
            "argument --cards: the anniversary cards cannot be combined with hidden bids",
        ),
        (
            ["--cards", "all", "--delayed-reveal"],
            "argument --cards: the anniversary cards cannot be combined with delayed reveal",
        ),
        (
            ["--cards", "all", "--clairvoyance"],
            "argument --cards: the anniversary cards cannot be combined with clairvoyance",
        ),
        (
            ["--reading", "bomb_leader=highest_card"],
            "argument --reading: the readings are those of the anniversary cards: add --cards",
        ),
        (
            ["--cards", "bomb", "--reading", "bomb_leader=nobody"],
            "argument --reading: the reading bomb_leader is 'would_have_won' or "
            "'highest_card', not 'nobody'",
        ),
        (["--cards", "bomb", "--reading", "colour=red"], "argument --reading: a reading is"),
        (["--cards", "bomb", "--reading", "bomb_leader"], "argument --reading: a reading is"),
        (
            [
                "--cards",
                "bomb",
                "--reading",
                "bomb_leader=highest_card",
                "--reading",
                "bomb_leader=would_have_won",
            ],
            "argument --reading: the reading bomb_leader is chosen twice",
        ),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "simulate", "--players", "4", "--seed", "1", *argv)
    assert status == 2
    assert out == ""
    assert message in err


def test_a_reading_given_twice_alike_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    twice = ["--reading", "bomb_leader=highest_card"] * 2
    argv = ["simulate", "--players", "4", "--seed", "1", "--cards", "bomb", "--json"]
    status, out, _ = run(capsys, *argv, *twice)
    assert status == 0
    assert json.loads(out)["config"]["readings"] == {"bomb_leader": "highest_card"}


def test_cards_combine_with_bid_restrictions_and_schedules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Rule 28.5: the Canadian rule, hardcore and short schedules go with the cards.
    argv = ["simulate", "--players", "4", "--seed", "5", "--cards", "all", "--json"]
    status, out, _ = run(capsys, *argv, "--canadian-rule", "--hardcore", "--schedule", "1,3,5")
    assert status == 0
    config = json.loads(out)["config"]
    assert config["canadian_rule"] is True
    assert config["hardcore"] is True
    assert config["schedule"] == [1, 3, 5]


def test_simulate_many_games_with_cards(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "3", "--seed", "8", "--schedule", "1,2,3", "--games", "4"]
    status, out, _ = run(capsys, *argv, "--cards", "bomb,witch")
    assert status == 0
    assert out.startswith("4 games, 3 players, seed 8, 1 worker: ")


def test_arena_plays_with_cards(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "random,heuristic", "--players", "3", "--games", "1"]
    status, out, _ = run(capsys, *argv, "--schedule", "1", "--cards", "bomb")
    assert status == 0
    assert out.splitlines()[0].endswith("anniversary cards bomb")


def test_arena_refuses_a_combination_of_rule_28_5(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "random,heuristic", "--players", "3", "--games", "1"]
    status, _, err = run(capsys, *argv, "--cards", "bomb", "--hidden-bids")
    assert status == 2
    assert "argument --cards: the anniversary cards cannot be combined with hidden bids" in err


def test_play_refuses_an_unknown_card(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "--cards", "joker")
    assert status == 2
    assert "argument --cards: not an anniversary card: 'joker'" in err


# -- random play and simulation ----------------------------------------------------------


def test_random_game_same_seed_same_game() -> None:
    config = cards_config(3)
    first = random_anniversary_game(config, random.Random(5))
    assert first == random_anniversary_game(config, random.Random(5))
    assert first != random_anniversary_game(config, random.Random(6))
    assert first.is_over
    assert len(first.results) == 20  # rule 28.3: the rounds stay 60 / players


def test_random_action_draws_each_chance_step_and_refuses_the_end() -> None:
    # The Werewolf in P1's hand and the Vampire in the deck: after its trump, the
    # stock's card is turned up (rule 37.3), a chance step random_action draws.
    config = Config(
        players=3,
        rules=Rules(
            deck=AnniversaryDeck(added=("werewolf", "vampire")), schedule=ListedSchedule((1,))
        ),
    )
    state = new_anniversary_game(config)
    deal = random_action(state, random.Random(1))
    assert type(deal) is Deal

    state = apply(
        state,
        Deal([[parse_card("C1")], [parse_card("Werewolf")], [parse_card("C2")]], parse_card("H9")),
    )
    state = apply(state, random_action(state, random.Random(2)))  # P1 names trump
    reveal = random_action(state, random.Random(3))
    assert type(reveal) is Reveal
    assert reveal.card in state.stock
    rng = random.Random(4)
    while not state.is_over:
        state = apply(state, random_action(state, rng))
    with pytest.raises(IllegalActionError) as refused:
        random_action(state, rng)
    assert refused.value.code is ErrorCode.GAME_OVER
    with pytest.raises(InvalidArgumentError):
        random_action("a state", rng)  # type: ignore[call-overload]
    with pytest.raises(InvalidArgumentError):
        random_action(state, "a generator")  # type: ignore[call-overload]


def test_simulate_adds_up_the_games_random_game_plays() -> None:
    config = Config(
        players=3,
        rules=Rules(
            deck=AnniversaryDeck(added=("bomb", "cloud")), schedule=ListedSchedule((1, 2))
        ),
    )
    totals = simulate(config, games=5, seed=2)
    finals = [
        random_anniversary_game(config, random.Random(game_seed(2, game))) for game in range(5)
    ]
    for seat in range(3):
        assert totals.seats[seat].score_sum == sum(final.scores[seat] for final in finals)
        met = sum(r.bids[seat] == r.tricks_won[seat] for f in finals for r in f.results)
        assert totals.seats[seat].bids_met == met
        assert totals.seats[seat].wins == sum(seat in final.winners for final in finals)


# -- what does not take the cards: the batch engine and positions ------------------------------


def test_the_batch_engine_refuses_the_cards() -> None:
    from wizard_rules.sim.batch import new_batch

    with pytest.raises(ConfigError) as refused:
        new_batch(cards_config(3), 4)
    assert refused.value.code is ErrorCode.INVALID_CONFIG
    assert "the batch engine does not play the anniversary cards (rule 28)" in str(refused.value)


def test_positions_of_games_with_cards_are_not_written() -> None:
    state = random_anniversary_game(cards_config(3), random.Random(1))
    for source in (state, player_view(state, 1)):
        with pytest.raises(InvalidArgumentError) as refused:
            position_of(source)  # type: ignore[arg-type]
        assert "positions of games with anniversary cards are not written yet" in str(
            refused.value
        )


@pytest.mark.parametrize(
    "text",
    [
        "hands=D1/D2/Dragon turned=W2 trump=S",
        "hands=D1/D2/D3 turned=Vampire trump=S",
    ],
)
def test_a_position_holding_an_anniversary_card_is_refused(text: str) -> None:
    with pytest.raises(PositionError) as refused:
        Position.from_text(
            f"players=3 round=1 dealer=1 scores=0,0,0 {text} bids=-,-,- won=0,0,0 "
            "played=- trick=- leader=2"
        )
    assert refused.value.code is ErrorCode.INVALID_POSITION
    assert "is not in the deck" in str(refused.value)


def test_play_refuses_readings_on_a_resumed_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}")
    argv = ["play", "--resume", str(path), "--reading", "bomb_leader=highest_card"]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "argument --reading: a resumed game keeps the options it was saved with" in err


def test_the_account_of_an_unfinished_game_and_a_witch_that_keeps() -> None:
    from wizard_rules import Bid, Play
    from wizard_rules.core.anniversary.actions import WitchSwap
    from wizard_rules.formats.text import account, anniversary_words

    config = Config(
        players=3,
        rules=Rules(deck=AnniversaryDeck(added=("witch",)), schedule=ListedSchedule((2,))),
    )
    assert account(new_anniversary_game(config)).splitlines()[-1] == (
        "The game is not over: round 1, phase deal, to act: chance"
    )
    hands = [
        [parse_card("Witch"), parse_card("H1")],
        [parse_card("C2"), parse_card("H3")],
        [parse_card("C4"), parse_card("H5")],
    ]
    state = apply(new_anniversary_game(config), Deal(hands, parse_card("S9")))
    for action in (
        Bid(1, 0),
        Bid(2, 0),
        Bid(0, 0),
        Play(1, parse_card("C2")),
        Play(2, parse_card("C4")),
        Play(0, parse_card("Witch")),
        WitchSwap(0, None, None),
    ):
        state = apply(state, action)
    lines = account(state).splitlines()
    assert "  Trick 1: P1 C2, P2 C4, P0 Witch -> P2" in lines
    assert "  P0 (the Witch) keeps their hand" in lines
    assert lines[-1] == "The game is not over: round 1, phase play, to act: P2"
    assert anniversary_words(Config(players=3)) == ""
    with pytest.raises(InvalidArgumentError):
        account("a game")  # type: ignore[arg-type]


def test_play_command_with_cards_saves_and_resumes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--players", "3", "--seed", "4", "--schedule", "1,2", "--cards", "20"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"save {path}\nquit\n"))
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "Wizard, 3 players, cards Dragon Fairy Bomb Werewolf Juggler Cloud: you are P0; seed 4."
    )
    saved = GameRecord.from_json(path.read_text())
    assert saved.config.rules.deck == AnniversaryDeck(added=CARD_NAMES[:6])
    # Every answer tried in turn until one is taken: 1, 2, 0 (a bid, a card, a suit, a
    # Cloud's new bid), then "none" for a Werewolf's no trump.
    answers = "1\n2\n0\nnone\n" * 60
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    assert main(["play", "--resume", str(path), "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "resumed from" in out
    assert "Final standings" in out
