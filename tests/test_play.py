"""wizard-rules play: a person against bots at the terminal."""

from __future__ import annotations

import builtins
import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from wizard_rules import (
    Action,
    Bid,
    Config,
    Deal,
    GameRecord,
    Phase,
    Play,
    PlayerView,
    Position,
    State,
    apply,
    from_position,
    new_game,
    parse_card,
    player_view,
)
from wizard_rules.agents.bots import Bot, HeuristicBot, RandomBot
from wizard_rules.agents.play import TerminalGame, deal_rng, render_turn
from wizard_rules.cli import main
from wizard_rules.core.rules import (
    CanadianRule,
    Clairvoyance,
    DelayedReveal,
    HiddenBids,
    ListedSchedule,
    OddSchedule,
    Rules,
)
from wizard_rules.errors import InvalidArgumentError

from .helpers import fill_deal

# A card token standing alone ("H13", "W2"), not part of a longer word or number.
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])([CDHS](?:1[0-3]|[1-9])|[WJ][1-4])(?![0-9])")

Policy = Callable[[str, State], str]


def standard(state: object) -> State:
    """The terminal game's state, which in these tests is always the standard game's."""
    assert type(state) is State
    return state


class Driver:
    """Plays a TerminalGame in-process: answers each prompt with ``policy(prompt, state)``."""

    def __init__(
        self,
        config: Config,
        policy: Policy,
        *,
        seed: int = 7,
        seat: int = 0,
        start: State | None = None,
        bots: list[Bot] | None = None,
    ) -> None:
        self.out = io.StringIO()
        self.prompts: list[str] = []
        self.answers: list[str] = []
        self.policy = policy
        self.console = Console(file=self.out, width=100, color_system=None)
        self.game = TerminalGame(
            config,
            seat=seat,
            bots=bots or [HeuristicBot()],
            seed=seed,
            console=self.console,
            ask=self.ask,
            start=start,
        )

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        answer = self.policy(prompt, standard(self.game.state))
        self.answers.append(answer)
        return answer

    @property
    def text(self) -> str:
        return self.out.getvalue()

    def run(self) -> bool:
        return self.game.run()


def first_choice(prompt: str, state: State) -> str:
    return "1"


def test_a_whole_game_by_number_never_shows_a_hidden_card() -> None:
    hidden_seen: list[str] = []
    checked: list[int] = []

    def policy(prompt: str, state: State) -> str:
        # Every card on the screen since this round's deal is the person's,
        # played, or turned: none is in another seat's hand now.
        text = driver.text
        this_round = text[text.rindex(f"─ Round {state.round} ─") :]
        shown = set(CARD_TOKEN.findall(this_round))
        checked.append(len(shown))
        for other in range(1, state.config.players):
            hidden_seen.extend(c.text for c in state.hand(other) if c.text in shown)
        return "1"

    driver = Driver(Config(players=3), policy, seed=11)
    assert driver.run() is True
    state = driver.game.state
    assert state.is_over
    assert hidden_seen == []
    assert min(checked) >= 1  # the person's own cards, at least, were found on the screen
    # one bid and one card per round, at least, for the person
    assert len(driver.prompts) >= 20 + 210
    text = driver.text
    assert "Final standings" in text
    assert text.count("Score sheet after round") == 20
    assert "Your hand:" in text


def test_the_display_takes_a_view_not_a_state() -> None:
    state = apply(new_game(Config(players=4)), fill_deal(new_game(Config(players=4)), {}, "H7"))
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(render_turn(player_view(state, 2)))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert set(CARD_TOKEN.findall(shown)) == {c.text for c in state.hand(2)} | {"H7"}
    assert "trump Hearts" in shown


@pytest.mark.slow
def test_the_same_seed_and_answers_give_the_same_game() -> None:
    one = Driver(Config(players=4), first_choice, seed=5)
    two = Driver(Config(players=4), first_choice, seed=5)
    three = Driver(Config(players=4), first_choice, seed=6)
    for driver in (one, two, three):
        driver.run()
    assert one.game.state.history == two.game.state.history
    assert one.text == two.text
    assert one.game.state.history != three.game.state.history


def test_deals_come_from_the_seed_and_the_round() -> None:
    # The documented key (docs/howto/play.rst): round r of a game seeded s is
    # dealt by random.Random(f"{s}:deal:{r}"), whatever was played before.
    from wizard_rules import Deal, random_deal, replay

    game = Driver(Config(players=3), first_choice, seed=9)
    game.run()
    history = game.game.state.history
    deals = [index for index, action in enumerate(history) if isinstance(action, Deal)]
    assert len(deals) == 20
    for round_number in (1, 2, 20):
        index = deals[round_number - 1]
        before = replay(new_game(Config(players=3)), history[:index])
        expected = random_deal(before, random.Random(f"9:deal:{round_number}"))
        assert history[index] == expected
    assert deal_rng(9, 2).random() == random.Random("9:deal:2").random()


def test_save_then_resume_continues_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    config = Config(players=5)
    whole = Driver(config, first_choice, seed=3)
    whole.run()

    saved: list[State] = []

    def save_at_prompt_30(prompt: str, state: State) -> str:
        if len(broken.prompts) == 30:
            saved.append(state)
            return f"save {path}"
        if len(broken.prompts) == 31:
            return "quit"
        return "1"

    broken = Driver(config, save_at_prompt_30, seed=3)
    assert broken.run() is False
    assert f"You left the game in round {saved[0].round} (last saved to {path})." in broken.text
    assert f"Saved to {path}" in broken.text
    assert f"--resume {path} --seed 3 --seat 0" in broken.text
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    start = record.replay()
    assert start == saved[0]
    resumed = Driver(config, first_choice, seed=3, start=start)
    assert resumed.run() is True
    assert resumed.game.state.history == whole.game.state.history


def answers_of(script: list[str]) -> Policy:
    """Answer the prompts with ``script``, then always with 1."""
    pending = list(script)

    def policy(prompt: str, state: State) -> str:
        return pending.pop(0) if pending else "1"

    return policy


class EchoDriver(Driver):
    """A driver that writes each prompt and answer to the console, as a terminal shows them."""

    def ask(self, prompt: str) -> str:
        answer = super().ask(prompt)
        self.console.print(f"{prompt}{answer}", markup=False, highlight=False)
        return answer


def test_bad_bids_are_explained_and_asked_again() -> None:
    driver = EchoDriver(
        Config(players=3), answers_of(["", "two", "-1", "7", "1234", "1"]), seed=2, seat=1
    )
    driver.run()
    text = driver.text
    assert "type your bid, a number from 0 to 1 ('help' for help)" in text
    assert "'two' is not a bid: a bid is a number of tricks from 0 to 1" in text
    assert "'-1' is not a bid" in text
    assert "a bid in round 1 is from 0 to 1, not 7 [bid_out_of_range]" in text
    assert "'1234' is not a bid" in text
    assert driver.game.state.results[0].bids[1] == 1
    assert driver.prompts[:6] == ["Your bid (0 to 1)> "] * 6
    assert "Traceback" not in text


def test_a_bid_the_option_forbids_is_explained() -> None:
    config = Config(players=3, forbid_bid_total_match=True)
    forbidden: list[int] = []

    def policy(prompt: str, state: State) -> str:
        # Seat 0 deals round 1, so bids last: try the forbidden bid once.
        if state.round == 1 and state.phase is Phase.BID and not forbidden:
            others = sum(bid for bid in state.bids if bid is not None)
            forbidden.append(1 - others)
            assert 0 <= forbidden[0] <= 1
            return str(forbidden[0])
        return "1" if state.phase is not Phase.BID else "0" if forbidden[0] == 1 else "1"

    driver = EchoDriver(config, policy, seed=4)
    driver.run()
    assert "[bid_total_forbidden]" in driver.text
    assert f"Your bid (0 to 1, not {forbidden[0]})> " in driver.prompts
    assert "the dealer may not bid" in driver.text
    for result in driver.game.state.results:
        assert sum(result.bids) != result.round


def test_bad_cards_are_explained_and_asked_again() -> None:
    tried: dict[str, bool] = {"follow": False, "missing": False}

    def policy(prompt: str, state: State) -> str:
        if state.phase is not Phase.PLAY:
            return "1"
        view = player_view(state, 0)
        legal = {a.card for a in view.legal_actions() if isinstance(a, Play)}
        illegal = [c for c in view.hand if c not in legal]
        if illegal and not tried["follow"]:
            tried["follow"] = True
            return illegal[0].text.lower()  # card text is case-insensitive
        if not tried["missing"]:
            tried["missing"] = True
            return next(c for c in ("W1", "W2", "W3", "W4") if parse_card(c) not in view.hand)
        return "1"

    driver = EchoDriver(Config(players=3), policy, seed=8)
    driver.run()
    assert tried == {"follow": True, "missing": True}
    text = driver.text
    assert "[must_follow_suit]" in text
    assert "[card_not_in_hand]" in text
    assert "(· you must follow" in text


def test_garbage_and_numbers_out_of_range_at_a_card_prompt() -> None:
    script = ["1", "", "zz", "0", "9", "12345", "h0", "1"]  # a bid, then the card prompt
    driver = EchoDriver(Config(players=3), answers_of(script), seed=2, seat=1)
    driver.run()
    text = driver.text
    assert "type a card's number or its text, as 1 or h13 ('help' for help)" in text
    assert "'ZZ' is not a card" in text
    assert "there is no card 0: the playable cards are 1" in text
    assert "there is no card 9: the playable cards are 1" in text
    assert "there is no card 12345" in text
    assert "'H0' is not a card" in text
    assert "[bad_card_text]" in text


def test_the_playable_cards_are_numbered_from_one() -> None:
    # round 2 of a 3-player game: when several cards are playable, the message says so
    script = ["1", "1", "1", "9"]
    driver = EchoDriver(Config(players=3), answers_of(script), seed=2, seat=0)
    driver.run()
    assert re.search(r"there is no card 9: the playable cards are 1 to \d", driver.text)


def test_help_save_errors_and_commands(tmp_path: Path) -> None:
    unwritable = tmp_path / "no" / "such" / "dir" / "game.json"
    script = ["help", "?", "save", "save   ", f"save {unwritable}", "SAVE " + str(tmp_path / "g")]
    driver = EchoDriver(Config(players=3), answers_of(script), seed=2)
    driver.run()
    text = driver.text
    assert "Commands, at any prompt:" in text
    assert text.count("Commands, at any prompt:") == 2
    assert text.count("save needs a file name: save FILE") == 2
    assert f"cannot save to {unwritable}: No such file or directory" in text
    assert GameRecord.from_json((tmp_path / "g").read_text(encoding="utf-8")).replay().round == 1


def test_a_file_name_the_system_refuses_is_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A NUL (Ctrl-@ at a terminal) makes the name no file name at all: one
    # line, not a traceback.  A leading ~ is the home directory.
    monkeypatch.setenv("HOME", str(tmp_path))
    script = ["save /tmp/a\x00b", "save ~nosuchuser/game.json", "save ~/game.json"]
    driver = EchoDriver(Config(players=3), answers_of(script), seed=2)
    driver.run()
    assert "cannot save to '/tmp/a\\x00b': embedded null byte" in driver.text
    assert (
        "cannot save to ~nosuchuser/game.json: no home directory for ~nosuchuser\n"
        "Your bid (0 to 1)> save ~/game.json\n"
    ) in driver.text
    assert GameRecord.from_json((tmp_path / "game.json").read_text("utf-8")).replay().round == 1


def test_the_resume_command_after_save_names_the_bots(tmp_path: Path) -> None:
    answers = iter([f"save {tmp_path / 'g.json'}", "quit"])
    out = io.StringIO()
    game = TerminalGame(
        Config(players=3),
        seat=1,
        bots=[RandomBot()],
        seed=4,
        console=Console(file=out, width=200, color_system=None),
        ask=lambda prompt: next(answers),
        bots_spec="random",
    )
    assert not game.run()  # quit
    assert (
        f"Continue it with: wizard-rules play --resume {tmp_path / 'g.json'} --seed 4 "
        "--seat 1 --bots random" in out.getvalue()
    )


def test_the_help_gives_the_whole_resume_command() -> None:
    answers = iter(["help", "quit"])
    out = io.StringIO()
    game = TerminalGame(
        Config(players=4),
        seat=3,
        bots=[RandomBot(), HeuristicBot()],
        seed=81,
        console=Console(file=out, width=200, color_system=None),
        ask=lambda prompt: next(answers),
        bots_spec="random,heuristic",
    )
    assert not game.run()
    assert (
        "continue it later with:\n              "
        "wizard-rules play --resume FILE --seed 81 --seat 3 --bots random,heuristic\n"
    ) in out.getvalue()


def test_the_resume_command_quotes_what_a_shell_would_split(tmp_path: Path) -> None:
    path = tmp_path / "my game's.json"
    game = TerminalGame(
        Config(players=3),
        seat=2,
        bots=[RandomBot()],
        seed=5,
        console=Console(file=io.StringIO()),
        ask=input,
        bots_spec="random, ismcts:0.1s",
    )
    command = game.resume_command(str(path))
    assert shlex.split(command) == [
        "wizard-rules",
        "play",
        "--resume",
        str(path),
        "--seed",
        "5",
        "--seat",
        "2",
        "--bots",
        "random, ismcts:0.1s",
    ]
    without = TerminalGame(
        Config(players=3), seat=0, bots=[RandomBot()], seed=5, console=Console(), ask=input
    )
    assert (
        without.resume_command("g.json") == "wizard-rules play --resume g.json --seed 5 --seat 0"
    )


def test_a_resumed_game_shows_the_score_sheet_first() -> None:
    config = Config(players=3)
    first = Driver(config, bid_then_first("1", quit_after=3), seed=6, bots=[RandomBot()])
    assert first.run() is False
    # the state just after round 3 is scored, before round 4 is dealt
    start = new_game(config)
    for action in first.game.state.history:
        start = apply(start, action)
        if len(start.results) == 3:
            break
    assert start.phase is Phase.DEAL
    assert start.round == 4
    resumed = Driver(config, bid_then_first("1", quit_after=4), seed=6, start=start)
    assert resumed.run() is False
    text = resumed.text
    whole = first
    assert text.index("Score sheet after round 3") < text.index("─ Round 4 ─")
    # the sheet shown on resuming is the one shown when round 3 ended
    assert score_sheet(text, 3) == score_sheet(whole.text, 3)
    assert len(score_sheet(text, 3)) == 4 + 3 + 1  # title, heading of 3 lines, 3 rounds, foot


def score_sheet(text: str, round_number: int) -> list[str]:
    """The lines of the first score sheet after ``round_number`` in ``text``."""
    lines = text[text.index(f"Score sheet after round {round_number}") :].splitlines()
    end = next(index for index, line in enumerate(lines) if line.startswith("└"))
    return lines[: end + 1]


def bid_then_first(bid: str, *, quit_after: int) -> Policy:
    """Bid ``bid``, play the first card offered, and quit once round ``quit_after`` is over."""

    def policy(prompt: str, state: State) -> str:
        if state.round > quit_after:
            return "quit"
        return bid if state.phase is Phase.BID else "1"

    return policy


def round_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"Round \d+: you bid", line)]


@pytest.mark.parametrize(
    ("bid", "line"),
    [
        # Rule 9: a bid met scores 20 and 10 a trick taken; a bid missed, minus
        # 10 a trick off.  Here the person's W1 takes the only trick.
        ("1", "Round 1: you bid 1 and took 1: made it, +30."),
        ("0", "Round 1: you bid 0 and took 1: missed by 1, -10."),
    ],
)
def test_the_end_of_round_one_says_if_the_bid_was_made(bid: str, line: str) -> None:
    config = Config(players=3)
    state = new_game(config)
    state = apply(state, fill_deal(state, {0: "W1", 1: "H2", 2: "H3"}, "C3"))
    driver = Driver(config, bid_then_first(bid, quit_after=1), start=state)
    assert driver.run() is False
    assert round_lines(driver.text) == [line]
    # the line comes after the last trick and before the score sheet
    text = driver.text
    assert text.index("You take the trick with W1.") < text.index(line)
    assert text.index(line) < text.index("Score sheet after round 1")


@pytest.mark.parametrize(
    ("bid", "line"),
    [
        # Two Jesters against four Wizards take no trick: a bid of 0 is met
        # (20 points), a bid of 2 is missed by 2 (minus 20).
        ("0", "Round 2: you bid 0 and took 0: made it, +20."),
        ("2", "Round 2: you bid 2 and took 0: missed by 2, -20."),
        ("1", "Round 2: you bid 1 and took 0: missed by 1, -10."),
    ],
)
def test_the_end_of_a_later_round_says_by_how_much_the_bid_was_missed(bid: str, line: str) -> None:
    config = Config(players=3)
    state = new_game(config)
    state = apply(state, fill_deal(state, {0: "W1", 1: "H2", 2: "H3"}, "C3"))
    for seat in (1, 2, 0):
        state = apply(state, Bid(seat, 0))
    for seat, card in ((1, "H2"), (2, "H3"), (0, "W1")):
        state = apply(state, Play(seat, parse_card(card)))
    assert state.round == 2
    state = apply(state, fill_deal(state, {0: "J1 J2", 1: "W1 W2", 2: "W3 W4"}, "C3"))
    driver = Driver(config, bid_then_first(bid, quit_after=2), start=state)
    assert driver.run() is False
    # the resumed game's sheet (round 1: P0 bid 0, took 1) comes first, then round 2's line
    assert round_lines(driver.text) == [line]
    assert driver.text.index("Score sheet after round 1") < driver.text.index(line)


def test_every_round_ends_with_the_persons_line() -> None:
    driver = Driver(Config(players=6), first_choice, seed=3, seat=4, bots=[RandomBot()])
    assert driver.run() is True
    lines = round_lines(driver.text)
    results = standard(driver.game.state).results
    assert len(lines) == len(results) == 10
    for line, result in zip(lines, results, strict=True):
        bid, took = result.bids[4], result.tricks_won[4]
        # rule 9, worked out again here: 20 + 10 a trick when met, -10 a trick off else
        points = 20 + 10 * took if bid == took else -10 * abs(bid - took)
        verdict = "made it" if bid == took else f"missed by {abs(bid - took)}"
        sign = "+" if points > 0 else ""
        assert (
            line
            == f"Round {result.round}: you bid {bid} and took {took}: {verdict}, {sign}{points}."
        )


def test_a_trick_led_by_a_wizard_has_no_led_suit() -> None:
    position = Position.from_text(
        "players=3 round=2 dealer=0 scores=20,-10,30 hands=C4,S10/C3/C1,C12"
        " turned=J3 trump=- bids=0,0,1 won=0,0,0 played=- trick=W1 leader=1"
    )
    view = player_view(from_position(position), 2)
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(render_turn(view))
    assert "(no led suit: a Wizard led; P1 winning)" in out.getvalue()


def test_a_wizard_turned_lets_the_person_name_trump() -> None:
    config = Config(players=3)
    state = new_game(config)
    # seat 0 deals round 1; a Wizard is turned, so seat 0 names the trump
    state = apply(state, fill_deal(state, {0: "C5"}, "W1"))
    assert state.phase is Phase.CHOOSE_TRUMP
    driver = EchoDriver(config, answers_of(["", "x", "5", "hearts"]), seed=1, start=state)
    driver.run()
    text = driver.text
    assert "turned W1: the dealer, P0, names the trump" in text
    assert "'' is not a suit" in text
    assert "'x' is not a suit: type C, D, H or S, a suit's name, or 1 to 4" in text
    assert "'5' is not a suit" in text
    assert "You named trump: Hearts." in text
    assert "trump Hearts, named by the dealer" in text
    assert driver.game.state.results[0].trump is not None


@pytest.mark.parametrize("answer", ["c", "D", "3", "spades"])
def test_every_way_of_naming_a_suit(answer: str) -> None:
    config = Config(players=3)
    state = new_game(config)
    state = apply(state, fill_deal(state, {}, "W2"))
    driver = Driver(config, answers_of([answer]), seed=1, start=state)
    driver.run()
    named = driver.game.state.results[0].trump
    assert named is not None
    assert named.value == {"c": "C", "D": "D", "3": "H", "spades": "S"}[answer]


def test_end_of_input_and_interrupts_pass_through() -> None:
    def no_more(prompt: str, state: State) -> str:
        raise EOFError

    def interrupt(prompt: str, state: State) -> str:
        raise KeyboardInterrupt

    with pytest.raises(EOFError):
        Driver(Config(players=3), no_more).run()
    with pytest.raises(KeyboardInterrupt):
        Driver(Config(players=3), interrupt).run()


def test_a_game_that_is_over_shows_the_standings_at_once() -> None:
    first = Driver(Config(players=6), first_choice, seed=1)
    first.run()
    again = Driver(Config(players=6), first_choice, seed=1, start=standard(first.game.state))
    assert again.run() is True
    assert again.prompts == []
    assert "Final standings" in again.text


def test_a_won_game_says_so() -> None:
    # Against bots that play at random, a person who always plays the first card wins some.
    outcomes = set()
    for seed in range(12):
        driver = Driver(Config(players=6), first_choice, seed=seed, bots=[RandomBot()])
        driver.run()
        outcomes.add("You win!" in driver.text)
        if len(outcomes) == 2:
            break
    assert outcomes == {True, False}


def test_bad_game_arguments() -> None:
    console = Console(file=io.StringIO())
    for seat, shown in ((3, "3"), (True, "True"), ("0", "'0'")):
        with pytest.raises(
            InvalidArgumentError, match=f"seat must be an int from 0 to 2, not {shown}"
        ):
            TerminalGame(
                Config(players=3),
                seat=seat,  # type: ignore[arg-type]
                bots=[RandomBot()],
                seed=0,
                console=console,
                ask=input,
            )
    with pytest.raises(InvalidArgumentError, match="config must be a Config, not dict"):
        TerminalGame({}, seat=0, bots=[RandomBot()], seed=0, console=console, ask=input)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="start must be a State or None, not str"):
        TerminalGame(
            Config(players=3),
            seat=0,
            bots=[RandomBot()],
            seed=0,
            console=console,
            ask=input,
            start="round 3",  # type: ignore[arg-type]
        )
    with pytest.raises(InvalidArgumentError, match="at least one bot"):
        TerminalGame(Config(players=3), seat=0, bots=[], seed=0, console=console, ask=input)
    with pytest.raises(InvalidArgumentError, match="not a game of this config"):
        TerminalGame(
            Config(players=3),
            seat=0,
            bots=[RandomBot()],
            seed=0,
            console=console,
            ask=input,
            start=new_game(Config(players=4)),
        )


# -- the command: wizard-rules play ------------------------------------------------------


def run_play(
    argv: list[str],
    lines: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    status = main(["play", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_command_plays_a_whole_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run_play(
        ["--players", "6", "--bots", "heuristic,random", "--seed", "4", "--seat", "2"],
        "1\n" * 200,
        monkeypatch,
        capsys,
    )
    assert status == 0
    assert out.startswith("Wizard, 6 players: you are P2; seed 4. Type help for help.")
    assert "Final standings" in out


def test_the_command_without_a_seed_draws_one_and_prints_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run_play(["--players", "3"], "quit\n", monkeypatch, capsys)
    assert status == 0
    assert re.match(r"Wizard, 3 players: you are P0; seed \d+\. ", out)
    assert "You left the game in round 1 (not saved)." in out


def test_end_of_input_ends_the_command_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_play(["--players", "3", "--seed", "1"], "1\n", monkeypatch, capsys)
    assert status == 1
    assert "End of input: the game was left in round 1 (not saved)." in out
    assert "Traceback" not in out + err


def test_ctrl_c_ends_the_command_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(prompt: object = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupted)
    status, out, err = run_play(["--players", "3", "--seed", "1"], "", monkeypatch, capsys)
    assert status == 130
    assert "Interrupted: the game was left in round 1 (not saved)." in out
    assert "Traceback" not in out + err


def test_the_command_saves_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    argv = ["--players", "4", "--seed", "12", "--bots", "random"]
    whole_status, whole, _ = run_play(argv, "1\n" * 400, monkeypatch, capsys)
    assert whole_status == 0
    status, out, _ = run_play(argv, f"1\n1\n1\nsave {path}\nquit\n", monkeypatch, capsys)
    assert status == 0
    assert f"Saved to {path}." in out
    status, out, _ = run_play(
        ["--resume", str(path), "--seed", "12", "--bots", "random"],
        "1\n" * 400,
        monkeypatch,
        capsys,
    )
    assert status == 0
    assert f"seed 12, resumed from {path} at round " in out
    # the standings of the resumed game are those of the unbroken one
    assert out[out.index("Final standings") :] == whole[whole.index("Final standings") :]


def test_the_command_without_arguments_seats_four_with_heuristic_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The README's hint: `wizard-rules play`, nothing more.
    status, out, err = run_play([], "help\nquit\n", monkeypatch, capsys)
    assert status == 0
    assert err == ""
    assert re.match(r"Wizard, 4 players: you are P0; seed \d+\. Type help for help\.", out)
    assert re.search(r"--seed \d+ --seat 0 --bots heuristic\n", out)
    assert "│ P3 " in out
    assert "│ P4 " not in out


def continue_command(out: str) -> list[str]:
    """The words of the last "Continue it with: ..." command in ``out``, as a shell splits them."""
    line = out[out.rindex("Continue it with: ") :].splitlines()[0]
    return shlex.split(line.removeprefix("Continue it with: "))


def test_the_printed_resume_command_resumes_the_same_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A game started without a seed, at seat 2, against two kinds of bot, saved to a
    # file whose name a shell would split: the help's command (with the file) and
    # the one printed after save are the same, and running it plays on the game
    # the unbroken one with the same seed, seat and bots plays.
    path = tmp_path / "saved game.json"
    # (three short rounds keep it quick: the record holds the schedule, the command not)
    argv = ["--players", "4", "--seat", "2", "--bots", "random,heuristic", "--schedule", "2,3,4"]
    status, out, _ = run_play(argv, f"1\n1\n1\nhelp\nsave {path}\nquit\n", monkeypatch, capsys)
    assert status == 0
    seed = re.match(r"Wizard, 4 players: you are P2; seed (\d+)\.", out)
    assert seed is not None
    command = continue_command(out)
    helped = re.search(r"continue it later with:\n +(.*)\n", out)
    assert helped is not None
    assert shlex.split(helped.group(1).replace("FILE", shlex.quote(str(path)))) == command
    assert command[:3] == ["wizard-rules", "play", "--resume"]
    status, whole, _ = run_play([*argv, "--seed", seed.group(1)], "1\n" * 400, monkeypatch, capsys)
    assert status == 0
    status, resumed, _ = run_play(command[2:], "1\n" * 400, monkeypatch, capsys)
    assert status == 0
    assert f"resumed from {path} at round 2" in resumed
    # the last score sheet holds every seat's bid and tricks in every round
    last = whole[whole.index("Score sheet after round 3") :]
    assert resumed[resumed.index("Score sheet after round 3") :] == last


def test_resuming_shows_the_score_sheet_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    argv = ["--players", "3", "--seed", "8", "--bots", "random"]
    status, out, _ = run_play(argv, "1\n" * 8 + f"save {path}\nquit\n", monkeypatch, capsys)
    assert status == 0
    start = GameRecord.from_json(path.read_text(encoding="utf-8")).replay()
    done = len(start.results)
    assert done >= 1
    before = score_sheet(out, done)
    status, out, _ = run_play(continue_command(out)[2:], "quit\n", monkeypatch, capsys)
    assert status == 0
    assert out.index("resumed from") < out.index(f"Score sheet after round {done}")
    assert score_sheet(out, done) == before


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("not json", "invalid_json"),
        ('{"format": "wizard-rules/game"}', "invalid_record"),
        (None, "cannot read"),
    ],
)
def test_resume_refuses_a_bad_file(
    content: str | None,
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    status, out, err = run_play(["--resume", str(path)], "", monkeypatch, capsys)
    assert status == 1
    assert err.startswith("wizard-rules: ")
    assert said in err
    assert "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "3", "--bots", "genius"], "argument --bots: unknown bot 'genius'"),
        (["--players", "3", "--seat", "3"], "argument --seat: a seat from 0 to 2"),
        (["--players", "3", "--seat", "-1"], "argument --seat: a seat from 0 to 2"),
        (["--players", "9"], "argument --players"),
        (["--resume", "-"], "argument --resume: a file, not -"),
        (
            ["--resume", "g.json", "--forbid-bid-total-match"],
            "a resumed game keeps the options it was saved with",
        ),
    ],
)
def test_bad_play_arguments_are_usage_errors(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: wizard-rules play" in err
    assert said in err


def test_resume_with_other_players_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    path.write_text(GameRecord.from_state(new_game(Config(players=3))).to_json(), "utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--resume", str(path), "--players", "4"])
    assert exit_info.value.code == 2
    assert f"the game in {path} has 3 players" in capsys.readouterr().err


def test_importing_the_library_does_not_import_rich() -> None:
    code = (
        "import sys, wizard_rules, wizard_rules.cli.commands\n"
        "from wizard_rules import apply, Bid\n"
        "assert 'rich' not in sys.modules, 'rich imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- end to end, through a pseudo-terminal ------------------------------------------------


def spawn(*args: str) -> pexpect.spawn[str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="120", LINES="50")
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "wizard_rules", "play", *args],
        env=env,
        dimensions=(50, 120),
        encoding="utf-8",
        timeout=30,
    )


PROMPT = (
    r"(Your bid \(0 to \d+\)|Name the trump \(C, D, H, S or 1 to 4\)"
    r"|Your card \(its number or text\))> "
)


def play_to_the_end(child: pexpect.spawn[str]) -> int:
    """Answer every prompt with 1 (the lowest bid, the first playable card, Clubs)."""
    answered = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline("1")
        answered += 1
    return answered


@pytest.mark.slow
def test_a_whole_game_through_a_pseudo_terminal(tmp_path: Path) -> None:
    saved = tmp_path / "mid.json"
    child = spawn("--players", "6", "--bots", "heuristic", "--seed", "21")
    child.expect(r"you are P0; seed 21")
    child.expect(r"Your hand:")
    child.expect(r"Your bid \(0 to 1\)> ")
    for bad, said in [
        ("", "type your bid"),
        ("lots", "is not a bid"),
        ("5", r"\[bid_out_of_range\]"),
    ]:
        child.sendline(bad)
        child.expect(said)
        child.expect(r"Your bid \(0 to 1\)> ")
    child.sendline("help")
    child.expect("Commands, at any prompt:")
    child.expect(r"Your bid \(0 to 1\)> ")
    child.sendline("1")
    child.expect(r"Your card \(its number or text\)> ")
    for bad, said in [("w9", r"\[bad_card_text\]"), ("7", "there is no card 7")]:
        child.sendline(bad)
        child.expect(said)
        child.expect(r"Your card \(its number or text\)> ")
    child.sendline(f"save {saved}")
    child.expect(r"Saved to ")
    child.expect(r"Your card \(its number or text\)> ")
    child.sendline("1")
    answered = play_to_the_end(child)
    child.close()
    screen = str(child.before)
    assert child.exitstatus == 0
    # the rest of the game: 10 rounds of 6 players, 10 bids and 55 cards, less the two given
    assert answered == 10 + 55 - 2
    assert "Final standings" in screen
    assert "Score sheet after round 10" in screen
    assert "Traceback" not in screen
    assert GameRecord.from_json(saved.read_text(encoding="utf-8")).replay().round == 1


@pytest.mark.slow
def test_resume_through_a_pseudo_terminal(tmp_path: Path) -> None:
    config = Config(players=6)
    state = new_game(config)
    state = apply(state, fill_deal(state, {}, "C3"))
    for seat in (1, 2, 3, 4, 5):
        state = apply(state, Bid(seat, 0))
    path = tmp_path / "round1.json"
    path.write_text(GameRecord.from_state(state).to_json(), encoding="utf-8")
    child = spawn("--resume", str(path), "--seed", "5", "--bots", "random")
    child.expect(rf"seed 5, resumed from {re.escape(str(path))} at round 1")
    child.expect(r"Your bid \(0 to 1\)> ")
    child.sendeof()  # Ctrl-D: end of input
    child.expect(r"End of input: the game was left in round 1 \(not saved\)\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1

    child = spawn("--resume", str(path), "--seed", "5", "--bots", "random")
    child.expect(r"Your bid \(0 to 1\)> ")
    child.sendintr()
    child.expect(r"Interrupted: the game was left in round 1 \(not saved\)\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130

    child = spawn("--resume", str(path), "--seed", "5", "--bots", "random")
    answered = play_to_the_end(child)
    child.close()
    assert child.exitstatus == 0
    assert answered == 10 + 55
    assert "Final standings" in str(child.before)


@pytest.mark.slow
def test_a_bad_resume_file_through_a_pseudo_terminal(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    child = spawn("--resume", str(path))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "invalid_json" in str(child.before)
    assert "Traceback" not in str(child.before)


@pytest.mark.slow
def test_every_save_failure_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    # Each failed save prints one line (no traceback), then the same prompt
    # again, and the game plays on to its end; the last save, to a good
    # file, holds the game.
    (tmp_path / "a directory").mkdir()
    failures = [
        ("~nosuchuser/game.json", "no home directory for ~nosuchuser"),
        (str(tmp_path / "a directory"), "Is a directory"),
        (str(tmp_path / "missing" / "game.json"), "No such file or directory"),
        ("/dev/full", "No space left on device"),
    ]
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        failures.append((str(locked / "game.json"), "Permission denied"))
    good = tmp_path / "good.json"
    child = spawn("--players", "3", "--bots", "random", "--seed", "4")
    prompt = r"Your bid \(0 to 1\)> "
    child.expect(prompt)
    for path, reason in failures:
        child.sendline(f"save {path}")
        child.expect(prompt)
        plain = re.sub(r"\x1b\[[0-9;]*m", "", str(child.before))
        said = [line.strip() for line in plain.splitlines() if line.strip()]
        assert said[1:] == [f"cannot save to {path}: {reason}"], said
    child.sendline(f"save {good}")
    child.expect(r"Saved to ")
    answered = play_to_the_end(child)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in str(child.before)
    # the whole game was played: 20 bids, 210 cards (and a trump choice now and then)
    assert answered >= 20 + 210
    assert "Score sheet after round 20" in str(child.before)
    assert "Final standings" in str(child.before)
    assert GameRecord.from_json(good.read_text(encoding="utf-8")).replay().round == 1


# -- the variants (rules 21 and 22) --------------------------------------------------------

SHORT = Rules(schedule=ListedSchedule(sizes=(3, 1)))


def test_a_short_schedule_asks_for_bids_up_to_the_hand_size() -> None:
    # Rule 22.5: in round r a bid is from 0 to h_r, here 3 then 1.
    driver = EchoDriver(Config(players=3, rules=SHORT), answers_of(["", "two", "4", "3"]), seed=2)
    assert driver.run() is True
    text = driver.text
    assert driver.prompts[:4] == ["Your bid (0 to 3)> "] * 4
    assert "type your bid, a number from 0 to 3 ('help' for help)" in text
    assert "'two' is not a bid: a bid is a number of tricks from 0 to 3" in text
    assert "[bid_out_of_range]" in text
    assert "Round 1 of 2" in text
    assert "Trick 1 of 3: " in text
    assert "Trick 3 of 3: " in text
    assert "Trick 1 of 1: " in text
    assert "Trick 2 of 1" not in text
    bids = [prompt for prompt in driver.prompts if prompt.startswith("Your bid")]
    assert bids[-1] == "Your bid (0 to 1)> "
    assert driver.game.state.results[0].bids[0] == 3
    assert text.count("Score sheet after round") == 2


def canadian_policy(seen: list[tuple[str, str]]) -> Policy:
    """Answer 1 (0 if 1 is barred), and note each bid prompt with the one rule 21 gives."""

    def policy(prompt: str, state: State) -> str:
        if state.phase is Phase.BID:
            size = 2 * state.round - 1  # the odd schedule (rule 22.1)
            dealer, scores = state.dealer, state.scores
            leads = all(
                scores[dealer] > total for seat, total in enumerate(scores) if seat != dealer
            )
            others = sum(bid for bid in state.bids if bid is not None)
            barred = size - others
            if state.current_player == dealer and leads and 0 < barred <= size:
                seen.append((prompt, f"Your bid (0 to {size}, not {barred})> "))
                return "0" if barred == 1 else "1"
            seen.append((prompt, f"Your bid (0 to {size})> "))
        return "1"

    return policy


@pytest.mark.slow
def test_the_canadian_rule_bars_a_leading_dealers_matching_bid() -> None:
    rules = Rules(schedule=OddSchedule(), bid_restrictions=(CanadianRule(),))
    seen: list[tuple[str, str]] = []
    for seed in range(8):
        driver = Driver(
            Config(players=3, rules=rules), canadian_policy(seen), seed=seed, bots=[RandomBot()]
        )
        assert driver.run() is True
    assert [prompt for prompt, _ in seen] == [expected for _, expected in seen]
    assert any(", not " in prompt for prompt, _ in seen)  # the rule barred a bid at least once


def test_a_variant_game_saves_and_resumes_with_its_variant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.json"
    argv = ["--players", "3", "--seed", "3", "--schedule", "3,1", "--canadian-rule"]
    status, out, _ = run_play(argv, f"save {path}\nquit\n", monkeypatch, capsys)
    assert status == 0
    config = json.loads(path.read_text(encoding="utf-8"))["config"]
    assert config["schedule"] == [3, 1]
    assert config["canadian_rule"] is True
    status, out, _ = run_play(
        ["--resume", str(path), "--seed", "3"], "1\n" * 20, monkeypatch, capsys
    )
    assert status == 0
    assert "Your bid (0 to 3" in out
    assert "Score sheet after round 2" in out
    assert "Round 3" not in out


@pytest.mark.parametrize("flag", [["--canadian-rule"], ["--schedule", "odd"]])
def test_resume_with_a_variant_flag_is_a_usage_error(
    flag: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--resume", "g.json", *flag])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag[0]}: a resumed game keeps the options it was saved with" in err


@pytest.mark.slow
def test_a_short_game_through_a_pseudo_terminal() -> None:
    child = spawn("--players", "4", "--bots", "heuristic", "--seed", "2", "--schedule", "3,1")
    child.expect(r"Round 1 of 2")
    child.expect(r"Your bid \(0 to 3\)> ")
    child.sendline("4")
    child.expect(r"\[bid_out_of_range\]")
    child.expect(r"Your bid \(0 to 3\)> ")
    child.sendline("3")
    answered = play_to_the_end(child)
    child.close()
    screen = str(child.before)
    assert child.exitstatus == 0
    # the rest of the game: 3 cards, then 1 bid and 1 card (and a trump choice, if any)
    assert answered in (5, 6)
    assert "Score sheet after round 2" in screen
    assert "Final standings" in screen
    plain = re.sub(r"\x1b\[[0-9;]*m", "", screen)
    assert re.search(
        r"Round 2: you bid 1 and took [01]: (made it, \+30|missed by 1, -10)\.", plain
    )


@pytest.mark.slow
def test_the_readme_hint_plays_through_a_pseudo_terminal() -> None:
    # The README's set-up says to run `.venv/bin/wizard-rules play`, nothing more:
    # four players, the person at seat 0, heuristic bots.
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "run `.venv/bin/wizard-rules play`" in " ".join(readme.split())
    child = spawn()
    child.expect(r"Wizard, 4 players: you are P0; seed \d+\. Type help for help\.")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect(r"--seat 0 --bots heuristic")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"You left the game in round 1 \(not saved\)\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# -- the official variants: hidden bids, delayed reveal, clairvoyance (rules 23, 24, 26) -----


class FixedBidBot:
    """Bids ``bid`` (the hand size if less) and plays its first legal card, whatever it bid.

    Two games whose bots differ only in their bids are the same game but for
    the bids: what the person is shown before the reveal must be the same.
    """

    def __init__(self, bid: int) -> None:
        self.bid = bid

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        actions = view.legal_actions()
        bids = [action for action in actions if type(action) is Bid]
        if bids:
            return bids[min(self.bid, len(bids) - 1)]
        return actions[0]


def until_reveal(text: str) -> str:
    """The screen before the first reveal of the bids (all of it if there is none)."""
    return text.split("The bids are shown:")[0]


HIDDEN = Rules(bidding=HiddenBids(), schedule=ListedSchedule(sizes=(2, 3)))
DELAYED = Rules(bidding=DelayedReveal(), schedule=ListedSchedule(sizes=(2, 3)))


@pytest.mark.parametrize("seat", [0, 2])
@pytest.mark.parametrize(
    ("rules", "until"), [(HIDDEN, "everyone has bid"), (DELAYED, "the round ends")]
)
def test_a_secret_bid_is_never_on_the_screen_before_the_reveal(
    rules: Rules, until: str, seat: int
) -> None:
    # Rules 23.1 and 24.1: the bots bid 0 in one game and 2 in the other, and
    # play the same cards; everything the person is shown before the bids are
    # shown is the same in both.  (Seat 0 deals round 1 and bids last; seat 2
    # bids second, with P1's bid made and P3's and P0's to come.)
    games = []
    for bid in (0, 2):
        driver = EchoDriver(
            Config(players=4, rules=rules), first_choice, seat=seat, bots=[FixedBidBot(bid)]
        )
        assert driver.run() is True
        games.append(driver)
    low, high = (until_reveal(driver.text) for driver in games)
    assert low == high
    assert f"Bids are hidden until {until}" in low
    assert "P1 has bid (hidden)." in low
    assert "P1 bid" not in low
    assert "P3 bid" not in low
    assert re.search(r"│ P1 +2 +hidden ", low)  # the seats table: 2 cards, its bid hidden
    assert games[0].text != games[1].text  # the reveal shows the bids, which differ
    reveal = games[1].text.split("The bids are shown:")[1].splitlines()[0]
    order = [1, 2, 3, 0]
    expected = ", ".join(
        f"P{s}{' (you)' if s == seat else ''} {1 if s == seat else 2}" for s in order
    )
    assert reveal == f" {expected}."
    # the reveal comes with the last bid (hidden bids) or the round's end (delayed)
    text = games[1].text
    at = text.index("The bids are shown:")
    if rules.bidding == HiddenBids():
        assert "played" not in text[:at]
        assert "Trick 1 of 2" in text[at:]
    else:
        assert text[:at].count(" played ") == 2 * 4  # every card of round 1
        assert text.index("Score sheet after round 1") > at


def test_the_secret_bid_screens_come_from_the_view() -> None:
    # render_turn, given views of two states that differ only in a bid the
    # viewer may not see, draws the same screen.
    config = Config(players=4, rules=Rules(bidding=HiddenBids()))
    screens = []
    for bid in (0, 1):
        state = new_game(config)
        state = apply(state, fill_deal(state, {}, "H7"))
        state = apply(state, Bid(1, bid))
        view = player_view(state, 2)
        assert view.bids == (None, None, None, None)
        assert view.unseen_bids == (1,)
        console = Console(file=io.StringIO(), width=100, color_system=None)
        console.print(render_turn(view))
        screens.append(console.file.getvalue())  # type: ignore[attr-defined]
    assert screens[0] == screens[1]
    assert "hidden" in screens[0]
    assert "Bids are hidden until everyone has bid; P1 has bid (hidden)." in screens[0]


def test_clairvoyance_shows_the_others_cards_and_not_your_own() -> None:
    # Rule 26.2: in round 1 the person sees every other card and not their own;
    # rule 26.3: the trick plays itself once the last bid is made.  Two deals
    # that differ only in the person's card give the same screen.
    config = Config(players=4, rules=Rules(visibility=Clairvoyance()))
    screens = []
    for own in ("C9", "W3"):
        state = new_game(config)
        state = apply(state, fill_deal(state, {0: own, 1: "H2", 2: "S13", 3: "J1"}, "D4"))
        console = Console(file=io.StringIO(), width=200, color_system=None)
        console.print(render_turn(player_view(state, 0)))
        screens.append(console.file.getvalue())  # type: ignore[attr-defined]
    assert screens[0] == screens[1]
    shown = screens[0]
    assert set(CARD_TOKEN.findall(shown)) == {"H2", "S13", "J1", "D4"}
    assert "You see: P1 H2, P2 S13, P3 J1" in shown
    assert "Your card: hidden" in shown
    assert "the trick is played out as soon as the last bid is made" in shown


def test_a_clairvoyance_game_plays_round_one_by_itself() -> None:
    config = Config(players=4, rules=Rules(visibility=Clairvoyance()))
    driver = EchoDriver(config, first_choice, seat=2, seed=4)
    assert driver.run() is True
    text = driver.text
    first = driver.game.state.history[0]
    assert isinstance(first, Deal)
    own = first.hands[2][0].text
    round_1 = text[: text.index("Score sheet after round 1")]
    before = round_1[: round_1.index("The trick plays itself")]
    assert own not in CARD_TOKEN.findall(before)  # the person's card, before it is played
    for seat in (0, 1, 3):
        assert first.hands[seat][0].text in CARD_TOKEN.findall(before)
    assert "Your card (its number or text)" not in round_1  # no card is asked in round 1
    assert driver.prompts[0] == "Your bid (0 to 1)> "
    result = standard(driver.game.state).results[0]
    trick = result.tricks[0]
    played = ", ".join(
        f"P{trick.seat_of(k)}{' (you)' if trick.seat_of(k) == 2 else ''} {card}"
        for k, card in enumerate(trick.cards)
    )
    assert f"The trick plays itself (clairvoyance): {played}." in round_1
    assert "Your hand:" in text[text.index("Score sheet after round 1") :]  # round 2: open


def test_the_command_plays_a_hidden_bid_game_and_saves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hidden.json"
    argv = ["--players", "3", "--seed", "3", "--schedule", "1,3", "--hidden-bids"]
    argv.append("--clairvoyance")
    status, out, _ = run_play(argv, f"1\nsave {path}\nquit\n", monkeypatch, capsys)
    assert status == 0
    assert "Bids are hidden until everyone has bid" in out
    assert "Your card: hidden" in out
    config = json.loads(path.read_text(encoding="utf-8"))["config"]
    assert config["hidden_bids"] is True
    assert config["clairvoyance"] is True
    assert config["schedule"] == [1, 3]
    status, out, _ = run_play(
        ["--resume", str(path), "--seed", "3"], "1\n" * 20, monkeypatch, capsys
    )
    assert status == 0
    assert "Score sheet after round 2" in out
    assert "Bids are hidden until everyone has bid" in out


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--hidden-bids", "--hardcore"], "argument --hardcore: hidden bids cannot be combined"),
        (["--delayed-reveal", "--hidden-bids"], "argument --delayed-reveal: hidden bids and"),
        (["--clairvoyance", "--schedule", "3,1"], "argument --clairvoyance: clairvoyance is"),
    ],
)
def test_play_refuses_variants_that_cannot_be_played_together(
    flags: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", *flags])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(f"wizard-rules play: error: {words}")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "flag", ["--hidden-bids", "--delayed-reveal", "--hardcore", "--clairvoyance"]
)
def test_resume_with_a_new_variant_flag_is_a_usage_error(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--resume", "g.json", flag])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: a resumed game keeps the options it was saved with" in err
