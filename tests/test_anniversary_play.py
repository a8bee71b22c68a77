"""wizard-rules play with the anniversary cards: each new decision asked in plain words.

Each game here starts from a deal written out (one round of one or two
cards, three players, the person at seat 0 and the dealer), so that the
decision under test is reached for certain; every expected question,
winner and score is worked out by hand from the rules (rules 28 to 41).
The bots take the first (or last) legal action of their seat.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from wizard_rules import (
    Config,
    Deal,
    GameRecord,
    apply,
    legal_actions,
    new_anniversary_game,
    parse_card,
    parse_cards,
    player_view,
)
from wizard_rules.agents.bots import HeuristicBot, RandomBot
from wizard_rules.agents.play import TerminalGame, render_anniversary_turn
from wizard_rules.cli import main
from wizard_rules.core.anniversary import CARD_NAMES, AnniversaryDeck, AnniversaryState, Readings
from wizard_rules.core.anniversary.actions import WitchSwap
from wizard_rules.core.rules import ListedSchedule, Rules


class StateBot:
    """A bot for the tests: the first (or last) legal action of its seat, from the game."""

    def __init__(self, pick: Callable[[Sequence[Any]], Any] = lambda actions: actions[0]) -> None:
        self.game: TerminalGame | None = None
        self.pick = pick

    def choose(self, view: object, rng: random.Random) -> Any:
        assert self.game is not None
        return self.pick(legal_actions(self.game.state))


class Table:
    """A game from a written deal, answered from a list; records prompts and output."""

    def __init__(
        self,
        hands: str,
        turned: str,
        answers: Sequence[str],
        *,
        cards: Sequence[str] = CARD_NAMES,
        readings: Readings | None = None,
        bot: StateBot | None = None,
        seed: int = 3,
    ) -> None:
        dealt = [parse_cards(hand) for hand in hands.split("/")]
        deck = AnniversaryDeck(added=tuple(cards), readings=readings or Readings())
        schedule = ListedSchedule((len(dealt[0]),))
        self.config = Config(players=3, rules=Rules(deck=deck, schedule=schedule))
        start = apply(new_anniversary_game(self.config), Deal(dealt, parse_card(turned)))
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.out = io.StringIO()
        self.bot = bot or StateBot()
        self.game = TerminalGame(
            self.config,
            seat=0,
            bots=[self.bot],
            seed=seed,
            console=Console(file=self.out, width=120, color_system=None),
            ask=self.ask,
            start=start,
        )
        self.bot.game = self.game

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert self.answers, f"no answer left for {prompt!r}"
        return self.answers.pop(0)

    def run(self) -> str:
        assert self.game.run() is True
        assert self.answers == []
        return self.out.getvalue()

    @property
    def state(self) -> AnniversaryState:
        state = self.game.state
        assert type(state) is AnniversaryState
        return state


def test_the_werewolf_is_asked_for_trump_or_none() -> None:
    # Rule 32: P0 holds the Werewolf, takes the turned H7 and names trump; "none" is no trump.
    table = Table("Werewolf/C3/C5", "H7", ["x", "none", "1", "1"])
    text = table.run()
    assert table.prompts[0] == (
        "You hold the Werewolf: you take the turned H7 into your hand. "
        "Name trump: C, D, H, S, or none> "
    )
    assert table.prompts[1] == table.prompts[0]  # "x" is refused and the question asked again
    assert "'x' is not a suit: type C, D, H or S, or none" in text
    assert (
        "You showed the Werewolf, took the turned H7 and put the Werewolf in the trump place: "
        "no trump." in text
    )
    # Bids: P1 0, P2 0 (the bots' first choice), P0 1.  P1 leads C3, P2 C5, P0 H7 (no
    # club): no trump, so C5 wins (rule 7).
    assert table.prompts[2] == "Your bid (0 to 1)> "
    assert "P2 takes the trick with C5." in text
    assert table.state.scores == (-10, 20, -10)
    assert "turned H7, taken by P0 with the Werewolf (in the trump place): no trump" in text


def test_the_juggler_is_declared_and_the_cards_are_passed_to_the_left() -> None:
    # Rule 33: the Juggler declared C counts as C 7 1/2 and beats C4; after its trick P0
    # passes first, to P1; P1 and P2 pass their first card (D3, D5); P0 gets D5 from P2.
    table = Table("Juggler C1/C2 D3/C4 D5", "S9", ["0", "2", "h", "1", "1"])
    text = table.run()
    assert table.prompts[0] == "Your bid (0 to 2)> "
    assert table.prompts[1] == "Your card (its number or text)> "
    assert table.prompts[2] == "You played the Juggler (7 1/2): which suit is it? C D H S> "
    assert table.prompts[3] == "The Juggler's trick is done: pass one card to P1 (your left)> "
    # Declared H while clubs were led: the Juggler is a heart, 7 1/2, and C4 wins the trick.
    assert "You declared: Juggler (H 7 1/2)." in text
    assert "P2 takes the trick with C4." in text
    assert "You pass C1 to P1." in text
    assert "P1 puts a card aside to pass to P2." in text
    assert "P2 puts a card aside to pass to P0 (you)." in text
    assert "The cards are passed: you got D5 from P2." in text
    # P0 saw the pass it gave and got, on the next panel; the card P1 passed (D3) is
    # not named in any line of the pass.
    assert "Juggler's pass: you gave C1 to P1 and got D5 from P2." in text
    assert not any("D3" in line for line in text.splitlines() if "pass" in line)
    # Trick 2: P2 (winner) leads D3 (it got it from P1), P0 D5, P1 C1: D5 wins.
    assert "You take the trick with D5." in text
    assert table.state.results[0].tricks_won == (1, 0, 1)


def test_the_cloud_is_declared_and_its_winner_asked_to_change_the_bid() -> None:
    # Rule 34: the Cloud declared C counts as C 9 3/4 and beats C4; P0 bid 1 of 2 cards,
    # so it may go to 0 or 2 (rule 34.2).  5 is refused.
    table = Table("Cloud H1/C2 H3/C4 H5", "S9", ["1", "2", "c", "5", "2", "1"])
    text = table.run()
    assert table.prompts[2] == "You played the Cloud (9 3/4): which suit is it? C D H S> "
    assert table.prompts[3] == "You won the Cloud's trick: your bid is 1: change it to 0 or 2?> "
    assert "'5' is not an answer: type 0 or 2" in text
    assert "Your bid changes by +1 (the Cloud)." in text
    # Trick 2: P0 leads H1, P1 H3, P2 H5: P2.  P0 took 1 of its bid of 2: -10.
    assert "P2 takes the trick with H5." in text
    assert table.state.results[0].bids == (2, 0, 0)
    assert table.state.scores == (-10, 20, -10)


def test_the_witch_swaps_a_card_of_her_trick_or_keeps_the_hand() -> None:
    # Rule 36: the Witch counts as a Jester, C4 wins; P0 may give H1 for C2 or C4 (not the
    # Witch herself).  P0 gives H1 and takes C4; the winner stays P2.
    table = Table("Witch H1/C2 H3/C4 H5", "S9", ["0", "2", "witch", "h1 c4", "1"])
    text = table.run()
    assert table.prompts[3] == (
        "Your Witch's trick: swap a card of your hand for one of the trick (C2 C4), or keep "
        "your hand (the card you give and the one you take, as c3 h9; or keep)> "
    )
    assert "You gave H1 into the trick and took C4." in text
    assert "P2 takes the trick with C4." in text
    # Trick 2: P2 leads H5, P0 C4 (its only card), P1 H3: H5 wins.
    assert "P2 takes the trick with H5." in text
    assert table.state.results[0].tricks_won == (0, 0, 2)


def test_a_bots_witch_swap_hides_the_card_it_gave() -> None:
    # The bots take their last legal action.  P1 leads the Witch (its highest card), P2
    # plays H5, P0 must follow with H1: H5 wins (trump D, hearts led).  P1 swaps its last
    # way: it gives C7 (its only card) for H5 (the highest it may take).  Trick 2: P2 C4,
    # P0 C2, P1 H5: C4.  C7 lies face down in the first trick: P0 never sees it (rule 36.3).
    table = Table("C2 H1/C7 Witch/C4 H5", "D9", ["0", "1", "1"], bot=StateBot(lambda a: a[-1]))
    text = table.run()
    swap = table.state.history[-4]  # P1's swap, before trick 2's three cards
    assert swap == WitchSwap(1, parse_card("C7"), parse_card("H5"))
    line = next(line for line in text.splitlines() if "(the Witch) took" in line)
    assert line == "P1 (the Witch) took H5 from the trick and put a card in its place, face down."
    assert "P1 took H5 with the Witch (a card given face down)." in text
    assert "C7" not in text
    assert "P2 takes the trick with C4." in text


def test_the_shapeshifter_is_asked_wizard_or_jester() -> None:
    # Rule 35: P1 leads W1, P2 C3, P0 the Shapeshifter as a Wizard: the first Wizard wins.
    table = Table("Shapeshifter/W1/C3", "H2", ["0", "1", "q", "w"])
    text = table.run()
    assert table.prompts[2] == "You played the Shapeshifter: a Wizard or a Jester? W J> "
    assert "'q' is not an answer: type W (Wizard) or J (Jester)" in text
    assert "You declared: Shapeshifter (Wizard)." in text
    assert "P1 takes the trick with W1." in text


def test_a_bombs_trick_is_won_by_no_one() -> None:
    # Rule 31: nobody wins; the next trick is led by whoever would have won it (P2, C5).
    table = Table("Bomb H1/C3 H3/C5 H5", "S2", ["0", "bomb", "1"])
    text = table.run()
    assert "Nobody takes the trick: it holds the Bomb; P2 leads the next." in text
    assert "Last trick: P1 C3, P2 C5, P0 Bomb: won by no one (the Bomb)" in text
    # Trick 2: P2 H5, P0 H1, P1 H3: P2.  Tricks won: 0, 0, 1 of 2 cards dealt.
    assert table.state.results[0].tricks_won == (0, 0, 1)


def test_the_vampire_copies_the_turned_juggler_and_is_declared() -> None:
    # Rules 37 and 38.1: the Juggler is turned, the dealer (P0) names trump; the
    # Vampire copies the Juggler, is declared C and beats C5 (7 1/2 > 5).
    table = Table("Vampire/C3/C5", "Juggler", ["h", "1", "1", "c"])
    text = table.run()
    assert table.prompts[0] == "Juggler was turned: name the trump (C, D, H, S or 1 to 4)> "
    assert "The Vampire copies Juggler." in text
    assert table.prompts[3] == (
        "You played the Vampire, as the Juggler (7 1/2): which suit is it? C D H S> "
    )
    assert "You take the trick with Vampire (as the Juggler: C 7 1/2)." in text
    assert table.state.scores == (30, 20, 20)


def test_the_vampires_card_turned_up_is_shown() -> None:
    # Rule 37.3: P1 holds the Werewolf (its bot names the first suit, C); the next stock
    # card is turned up for the Vampire, and the screen names it.
    table = Table("C3/Werewolf/Vampire", "H7", ["0", "1"])
    text = table.run()
    reveal = table.state.history[2]
    assert f"Turned up from the stock for the Vampire: {reveal.card} (it copies it)." in text
    assert f"The Vampire copies {reveal.card} (turned up from the stock)." in text


def test_the_trick_shows_each_declaration() -> None:
    # The panel of P0's turn shows P1's declared Juggler (the bot declares the first suit, C).
    table = Table("C9/Juggler/C5", "H2", ["0", "1"])
    text = table.run()
    assert "Trick 1 of 1: P1 Juggler (C 7 1/2), P2 C5  (led suit Clubs; P1 winning)" in text
    assert "P0 C9" in text or "You take the trick with C9." in text


def test_the_table_is_drawn_from_the_view() -> None:
    table = Table("Werewolf/C3/C5", "H7", [])
    view = player_view(table.state, 0)
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render_anniversary_turn(view))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert "turned H7: trump not named yet" in shown
    assert "C3" not in shown  # the other seats' hands
    assert "C5" not in shown
    assert "Werewolf" in shown  # the person's own hand


def test_help_explains_the_cards_answers() -> None:
    table = Table("Shapeshifter/W1/C3", "H2", ["help", "0", "1", "j"])
    text = table.run()
    assert "the Witch:     the card you give and the card you take, as c3 h9, or keep" in text


def test_same_seed_and_answers_same_game() -> None:
    games = [Table("Juggler C1/C2 D3/C4 D5", "S9", ["0", "2", "h", "1", "1"]) for _ in range(2)]
    for table in games:
        table.run()
    assert games[0].state.history == games[1].state.history


def test_a_saved_game_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    table = Table("Cloud H1/C2 H3/C4 H5", "S9", ["1", f"save {path}", "quit"])
    assert table.game.run() is False
    record = GameRecord.from_json(path.read_text())
    assert record.actions == table.state.history  # the deal and the bids so far

    def resumed_answer(prompt: str) -> str:
        # The Cloud's trick goes as in the test above: C wins it, then the bid goes to 2.
        if prompt.startswith("You played the Cloud"):
            return "c"
        return "2" if prompt.startswith("You won the Cloud") else "1"

    assert record.config.rules.deck == table.config.rules.deck
    again = TerminalGame(
        table.config,
        seat=0,
        bots=[table.bot],
        seed=3,
        console=Console(file=io.StringIO(), width=120),
        ask=resumed_answer,
        start=record.replay_anniversary(),
    )
    table.bot.game = again
    assert again.run() is True
    assert again.state.is_over


def test_the_play_command_refuses_cards_on_a_resumed_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}")
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--resume", str(path), "--cards", "all"])
    assert exit_info.value.code == 2


def test_a_new_game_with_cards_is_dealt_and_played_to_its_end() -> None:
    # No start state: the game deals its rounds itself (rule 28.3: a card is turned in
    # every round, the last included); the Bomb alone, so the Vampire is never shown.
    deck = AnniversaryDeck(added=("bomb",))
    config = Config(players=3, rules=Rules(deck=deck, schedule=ListedSchedule((1, 2))))
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "0" if prompt.startswith("Your bid") else "1"

    bot = StateBot()
    out = io.StringIO()
    game = TerminalGame(
        config, seat=0, bots=[bot], seed=5, console=Console(file=out, width=120), ask=answer
    )
    bot.game = game
    assert game.run() is True
    state = game.state
    assert type(state) is AnniversaryState
    assert len(state.results) == 2
    assert all(result.turned is not None for result in state.results)
    assert "Vampire" not in out.getvalue()
    assert prompts.count("Your bid (0 to 1)> ") == 1


def test_the_panel_before_the_deal_and_during_a_pass() -> None:
    config = Table("Juggler C1/C2 D3/C4 D5", "S9", []).config
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render_anniversary_turn(player_view(new_anniversary_game(config), 0)))
    assert "not dealt yet" in console.file.getvalue()  # type: ignore[attr-defined]
    # P1 leads the Juggler (declared C), P2 C4, P0 C1: P1 wins; in the pass P1 puts D3
    # aside first; P2's panel says nothing of it, P1's names it.
    from wizard_rules import Bid, Play, Suit
    from wizard_rules.core.anniversary.actions import Declare, PassCard

    state = apply(
        new_anniversary_game(config),
        Deal(
            [parse_cards("C1 D5"), parse_cards("Juggler D3"), parse_cards("C4 H5")],
            parse_card("S9"),
        ),
    )
    for action in (
        Bid(1, 0),
        Bid(2, 0),
        Bid(0, 0),
        Play(1, parse_card("Juggler")),
        Declare(1, Suit.CLUBS),
        Play(2, parse_card("C4")),
        Play(0, parse_card("C1")),
        PassCard(1, parse_card("D3")),
    ):
        state = apply(state, action)
    for seat, shown in ((1, True), (2, False)):
        console = Console(file=io.StringIO(), width=120, color_system=None)
        console.print(render_anniversary_turn(player_view(state, seat)))
        text = console.file.getvalue()  # type: ignore[attr-defined]
        assert ("You have put D3 aside to pass to your left." in text) is shown
        assert ("D3" in text) is shown


def test_a_bomb_in_the_trick_in_progress_wins_for_nobody() -> None:
    # P1 leads the Bomb, P2 C5 (the led suit is clubs, rule 31.4), P0 to play.
    table = Table("C9/Bomb/C5", "H2", ["0", "1"])
    text = table.run()
    assert (
        "Trick 1 of 1: P1 Bomb, P2 C5  (led suit Clubs; the Bomb: nobody wins this trick)" in text
    )


def test_the_witch_may_keep_the_hand() -> None:
    table = Table("Witch H1/C2 H3/C4 H5", "S9", ["0", "2", "keep", "1"])
    text = table.run()
    assert "You kept your hand." in text
    assert "You kept the hand after the Witch's trick 1." in text
    assert table.state.hand(0) == ()


def test_wrong_answers_are_refused_and_asked_again() -> None:
    # The dealer names trump after a turned Cloud (rule 38.1); the Werewolf is P1's.
    table = Table(
        "Juggler C1/C2 D3/C4 D5",
        "Cloud",
        ["x", "h", "", "two", "0", "z9", "9", "juggler", "?", "q", "s", "1", "1"],
    )
    text = table.run()
    assert "'x' is not a suit: type C, D, H or S, a suit's name, or 1 to 4" in text
    assert "type your answer; 'help' explains" in text
    assert "'two' is not a bid: a bid is a number of tricks from 0 to 2" in text
    assert "'Z9' is not a card" in text or "is not a card" in text
    assert "there is no card 9: the cards to choose are 1 to 2" in text
    assert "'q' is not a suit: type C, D, H or S" in text
    assert "You declared: Juggler (S 7 1/2)." in text


def test_the_werewolf_names_a_suit() -> None:
    table = Table("Werewolf/C3/C5", "H7", ["h", "0", "1"])
    text = table.run()
    assert "put the Werewolf in the trump place: trump Hearts." in text
    # P1 C3, P2 C5, P0 H7 (a trump): P0 takes the trick.
    assert "You take the trick with H7." in text


@pytest.mark.parametrize("bot", [HeuristicBot(), RandomBot()])
def test_a_game_with_every_card_against_the_bots(bot: HeuristicBot | RandomBot) -> None:
    deck = AnniversaryDeck(added=CARD_NAMES)
    config = Config(players=4, rules=Rules(deck=deck, schedule=ListedSchedule((3, 5, 7))))
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        if prompt.startswith("You hold the Werewolf"):
            return "none"
        if "which suit" in prompt:
            return "h"
        if "a Wizard or a Jester" in prompt:
            return "j"
        if prompt.startswith("You won the Cloud"):
            return prompt.split("change it to ")[1].split(" or ")[1].rstrip("?> ")
        if prompt.startswith("Your Witch"):
            return "keep"
        if prompt.startswith("Your bid") or "name the trump" in prompt:
            return "1" if "trump" not in prompt else "c"
        return "1"

    out = io.StringIO()
    game = TerminalGame(
        config, seat=1, bots=[bot], seed=21, console=Console(file=out, width=120), ask=answer
    )
    assert game.run() is True
    assert game.state.is_over
    assert len(asked) >= 3 + 3 + 5 + 7
    assert "Final standings" in out.getvalue()
