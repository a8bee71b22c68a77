"""Game records and view JSON of games with the anniversary cards (rule 28.6)."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from wizard_rules import (
    Bid,
    Config,
    Deal,
    ErrorCode,
    GameRecord,
    InvalidArgumentError,
    Kind,
    Play,
    Position,
    RecordError,
    Suit,
    action_to_dict,
    apply,
    legal_actions,
    new_anniversary_game,
    parse_card,
    parse_cards,
    player_view,
)
from wizard_rules.core.anniversary import (
    CARD_NAMES,
    AnniversaryDeck,
    AnniversaryState,
    AnniversaryView,
    Readings,
)
from wizard_rules.core.anniversary.actions import Declare, PassCard, WitchSwap
from wizard_rules.core.rules import ListedSchedule, Rules
from wizard_rules.formats.records import (
    MAX_ANNIVERSARY_RECORD_ACTIONS,
    MAX_RECORD_ACTIONS,
    view_to_dict,
)
from wizard_rules.sim.random_play import random_anniversary_game


def config_of(
    players: int = 3, sizes: tuple[int, ...] | None = None, readings: Readings | None = None
) -> Config:
    deck = AnniversaryDeck(added=CARD_NAMES, readings=readings or Readings())
    if sizes is None:
        return Config(players=players, rules=Rules(deck=deck))
    return Config(players=players, rules=Rules(deck=deck, schedule=ListedSchedule(sizes)))


@pytest.mark.parametrize(
    "readings",
    [
        {},
        {"bomb_leader": "highest_card", "cloud_timing": "round_end"},
        {"effect_order": "cloud_juggler_witch", "vampire_under_werewolf": "displaced_card"},
    ],
)
def test_a_game_with_cards_is_recorded_and_replayed(readings: dict[str, str]) -> None:
    config = config_of(4, readings=Readings(**readings))
    final = random_anniversary_game(config, random.Random(12))
    text = GameRecord.from_state(final).to_json()
    data = json.loads(text)
    assert data["version"] == 1
    assert data["config"]["anniversary_cards"] == list(CARD_NAMES)
    assert data["config"].get("readings", {}) == readings
    # Every kind of action of the cards is in this game's record, in its JSON form.
    kinds = {action["type"] for action in data["actions"]}
    assert {"werewolf", "declare", "pass", "change_bid", "witch_swap"} <= kinds
    again = GameRecord.from_json(text)
    assert again.replay_anniversary() == final
    assert again.to_json() == text


def test_the_longest_record_of_a_game_with_cards() -> None:
    # 3 players, 20 rounds: 730 actions of the standard game, and per round at most 9 + 2 * 3
    # more (a Werewolf's trump, a reveal, 4 declarations, 2 passes of 3 cards, 2 bid
    # changes, 2 Witch's swaps): 730 + 20 * 15 = 1030.
    assert MAX_RECORD_ACTIONS == 730
    assert MAX_ANNIVERSARY_RECORD_ACTIONS == 1030
    record = GameRecord.from_state(
        random_anniversary_game(config_of(3), random.Random(1))
    ).to_dict()
    bid = {"type": "bid", "player": 0, "tricks": 0}
    record["actions"] = [bid] * (MAX_ANNIVERSARY_RECORD_ACTIONS + 1)
    with pytest.raises(RecordError) as refused:
        GameRecord.from_dict(record)
    assert refused.value.code is ErrorCode.INVALID_RECORD
    assert "at most 1030 actions, not 1031" in refused.value.message
    # 731 actions of a game with cards are decoded and replayed (then refused as illegal).
    record["actions"] = [bid] * (MAX_RECORD_ACTIONS + 1)
    with pytest.raises(RecordError) as illegal:
        GameRecord.from_dict(record)
    assert illegal.value.code is ErrorCode.ILLEGAL_RECORD
    assert illegal.value.index == 0


def test_an_illegal_action_of_the_cards_is_named_by_its_index() -> None:
    config = config_of(3, (1,))
    deal = Deal([parse_cards("Juggler"), parse_cards("C2"), parse_cards("C4")], parse_card("S9"))
    record = GameRecord(config, (deal, PassCard(1, parse_card("C2"))))
    with pytest.raises(RecordError) as refused:
        record.replay_anniversary()
    assert refused.value.code is ErrorCode.ILLEGAL_RECORD
    assert refused.value.index == 1


def test_a_game_with_cards_has_no_start_position() -> None:
    config = config_of(3)
    standard = Position.from_text(
        "players=3 round=1 dealer=0 scores=0,0,0 hands=-/-/- turned=- trump=- "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=1"
    )
    start = attrs.evolve(standard, config=config)
    with pytest.raises(InvalidArgumentError) as refused:
        GameRecord(config, (), start)
    assert "has no start position" in refused.value.message
    data = GameRecord(config, ()).to_dict()
    data["version"] = 2
    data["start"] = {"format": "wizard-rules/position"}
    with pytest.raises(RecordError) as bad:
        GameRecord.from_dict(data)
    assert bad.value.code is ErrorCode.INVALID_RECORD
    assert "a game with anniversary cards has no start position" in bad.value.message
    data["start"] = None
    assert GameRecord.from_dict(data).replay_anniversary() == new_anniversary_game(config)


def test_from_state_refuses_what_is_not_a_state() -> None:
    with pytest.raises(InvalidArgumentError):
        GameRecord.from_state("a state")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        GameRecord(config_of(), ("an action",))  # type: ignore[arg-type]


def _after_a_juggler_and_a_witch() -> AnniversaryState:
    """A round of 2 cards: P1 leads the Juggler (C), P2 C4, P0 the Witch; all pass; P0 swaps.

    Trick 1: the Juggler (C 7 1/2) beats C4 and the Witch (a Jester): P1 wins (rule 33.1).
    The effects (rule 40.2, default order): the pass, from P1: P1 gives H3 to P2, P2 D5 to
    P0, P0 H1 to P1; then P0's Witch: it gives D5 (just received) for C4.
    """
    config = config_of(3, (2,))
    state = new_anniversary_game(config)
    hands = [parse_cards("Witch H1"), parse_cards("Juggler H3"), parse_cards("C4 D5")]
    state = apply(state, Deal(hands, parse_card("S9")))
    for action in (
        Bid(1, 1),
        Bid(2, 0),
        Bid(0, 0),
        Play(1, parse_card("Juggler")),
        Declare(1, Suit.CLUBS),
        Play(2, parse_card("C4")),
        Play(0, parse_card("Witch")),
        PassCard(1, parse_card("H3")),
        PassCard(2, parse_card("D5")),
        PassCard(0, parse_card("H1")),
        WitchSwap(0, parse_card("D5"), parse_card("C4")),
    ):
        state = apply(state, action)
    return state


def test_view_to_dict_writes_every_field_of_the_view_and_nothing_else() -> None:
    state = _after_a_juggler_and_a_witch()
    renamed = {"current_trick": "trick", "completed_tricks": "tricks"}
    fields = {renamed.get(field.name, field.name) for field in attrs.fields(AnniversaryView)}
    for seat in range(3):
        view = player_view(state, seat)
        written = view_to_dict(view)
        assert set(written) == fields | {"legal_actions"}
        # The viewer's legal actions, as the state's (seat 1 is to play; the others none).
        expected = legal_actions(state) if seat == state.current_player else ()
        assert written["legal_actions"] == [action_to_dict(action) for action in expected]
        assert written["hand"] == [str(card) for card in view.hand]
        json.dumps(written)  # JSON-ready
    p0, p1, p2 = (view_to_dict(player_view(state, seat)) for seat in range(3))
    # The pass as each seat saw it: [given, received] (rule 41.2).
    assert p0["passes"] == [["H1", "D5"]]
    assert p1["passes"] == [["H3", "H1"]]
    assert p2["passes"] == [["D5", "H3"]]
    # The Witch's swap: the card taken is public, the card given only P0's (rule 36.3).
    assert p0["witch_swaps"] == [{"player": 0, "trick": 0, "give": "D5", "take": "C4"}]
    assert p1["witch_swaps"] == [{"player": 0, "trick": 0, "give": None, "take": "C4"}]
    assert p2["witch_swaps"] == p1["witch_swaps"]
    # The first trick with its declarations, its winner and the next leader.
    assert p1["tricks"] == [
        {
            "leader": 1,
            "cards": ["Juggler", "C4", "Witch"],
            "declared": ["C", None, None],
            "winner": 1,
            "next_leader": 1,
        }
    ]
    assert p0["phase"] == "play"
    assert p0["current_player"] == 1
    assert p0["hand"] == ["C4"]
    assert p1["hand"] == ["H1"]  # P1 gave H3 and got H1
    assert p2["hand"] == ["H3"]
    assert p0["hand_sizes"] == [1, 1, 1]
    assert p0["trump"] == "S"
    assert p0["trump_card"] == "S9"
    assert p0["vampire_copies"] == "S9"
    assert p0["bids"] == [0, 1, 0]
    # Nothing of a card P0 may not see: P2 gave H3 to P1, which P0 never held nor saw.
    assert "H3" not in json.dumps(p0)


def test_view_to_dict_of_a_bomb_trick_and_a_declared_shapeshifter() -> None:
    config = config_of(3, (1,))
    state = new_anniversary_game(config)
    hands = [parse_cards("Bomb"), parse_cards("Shapeshifter"), parse_cards("C4")]
    state = apply(state, Deal(hands, parse_card("H2")))
    for action in (
        Bid(1, 1),
        Bid(2, 0),
        Bid(0, 0),
        Play(1, parse_card("Shapeshifter")),
        Declare(1, Kind.WIZARD),
    ):
        state = apply(state, action)
    during = view_to_dict(player_view(state, 2))
    assert during["trick"] == ["Shapeshifter"]
    assert during["declared"] == ["W"]
    state = apply(state, Play(2, parse_card("C4")))
    state = apply(state, Play(0, parse_card("Bomb")))
    over = view_to_dict(player_view(state, 0))
    (result,) = over["results"]
    # Rule 31: the Bomb's trick counts for no one; the would-have-won seat (P1, the
    # Shapeshifter as a Wizard) leads next.  Scores: P0 bid 0 took 0: 20; P1 bid 1
    # took 0: -10; P2 bid 0 took 0: 20.
    assert result["tricks"] == [
        {
            "leader": 1,
            "cards": ["Shapeshifter", "C4", "Bomb"],
            "declared": ["W", None, None],
            "winner": None,
            "next_leader": 1,
        }
    ]
    assert result["tricks_won"] == [0, 0, 0]
    assert result["scores"] == [20, -10, 20]
    assert result["bid_changes"] == []
    assert over["scores"] == [20, -10, 20]
    assert over["phase"] == "game_over"


def test_view_to_dict_refuses_what_is_not_a_view() -> None:
    with pytest.raises(InvalidArgumentError) as refused:
        view_to_dict("a view")  # type: ignore[arg-type]
    assert "expected a PlayerView, not str" in refused.value.message
