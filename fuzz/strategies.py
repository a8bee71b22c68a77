"""Hypothesis strategies that feed the fuzz targets: hostile values near valid ones."""

from __future__ import annotations

import functools
import random
from typing import Any

from hypothesis import strategies as st

from wizard_rules import (
    DECK,
    Bid,
    ChooseTrump,
    Config,
    Deal,
    GameRecord,
    Play,
    State,
    Suit,
    apply,
    new_game,
    position_of,
    position_to_dict,
    random_action,
    random_deal,
    random_game,
)

__all__ = [
    "actions_for",
    "card_texts",
    "json_values",
    "mutated",
    "position_dicts",
    "position_texts",
    "record_dicts",
    "states",
]

_huge: st.SearchStrategy[int] = st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000)
"""An int of more digits than Python writes in decimal (built lazily: Hypothesis
writes out the strategies it is given)."""
_long_text: st.SearchStrategy[str] = st.sampled_from(["x", "H1", "["]).map(lambda t: t * 10**5)
"""Text of 100,000 characters or more."""

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([-1, 0, 1, 2, 3, 6, 7, 20, 2**63, -(2**63)])
    | _huge
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["", "H13", "W1", "J4", "C", "bid", "play", "deal"])
    | _long_text,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)
"""Any decoded JSON value, with the edge cases of this library's fields."""


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` (decoded JSON) with one value somewhere replaced, removed or added."""
    if not isinstance(base, (dict, list)) or not base or draw(st.integers(0, 3)) == 0:
        return draw(json_values)
    copy: Any = dict(base) if isinstance(base, dict) else list(base)
    keys = sorted(copy) if isinstance(copy, dict) else list(range(len(copy)))
    key = draw(st.sampled_from(keys))
    how = draw(st.sampled_from(["deeper", "deeper", "replace", "remove", "add"]))
    if how == "deeper":
        copy[key] = draw(mutated(copy[key]))
    elif how == "replace":
        copy[key] = draw(json_values)
    elif how == "remove":
        del copy[key]
    elif isinstance(copy, dict):
        copy[draw(st.text(max_size=10))] = draw(json_values)
    else:
        copy.append(draw(json_values))
    return copy


@functools.cache
def _games() -> tuple[State, ...]:
    rng = random.Random(2024)
    return tuple(
        random_game(Config(players=players, forbid_bid_total_match=option), rng)
        for players in (3, 4, 5, 6)
        for option in (False, True)
    )


@functools.cache
def _midgame_states() -> tuple[State, ...]:
    rng = random.Random(7)
    found = []
    for game in _games():
        state = new_game(game.config)
        steps = rng.randrange(1, 40)
        for _ in range(steps):
            step = random_deal(state, rng) if state.is_chance else random_action(state, rng)
            state = apply(state, step)
        found.append(state)
    return tuple(found)


record_dicts: st.SearchStrategy[Any] = st.sampled_from(range(8)).flatmap(
    lambda index: mutated(GameRecord.from_state(_games()[index]).to_dict())
)
"""Game records (decoded JSON), most of them broken somewhere."""

position_dicts: st.SearchStrategy[Any] = st.sampled_from(range(8)).flatmap(
    lambda index: mutated(position_to_dict(position_of(_midgame_states()[index])))
)
"""Positions (decoded JSON), most of them broken somewhere."""


@st.composite
def _text_edit(draw: st.DrawFn, text: str) -> str:
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 8)))
    insert = draw(
        st.text(max_size=6)
        | st.sampled_from(["=", ",", " ", "-", "99999999", "H13", "W", "\n"])
        | _long_text
    )
    return text[:start] + insert + text[end:]


position_texts: st.SearchStrategy[str] = st.sampled_from(range(8)).flatmap(
    lambda index: _text_edit(position_of(_midgame_states()[index]).to_text())
) | st.text(max_size=50)
"""Position text, mostly one edit away from a real position."""

card_texts: st.SearchStrategy[Any] = (
    st.sampled_from([card.text for card in DECK]).flatmap(_text_edit)
    | st.text(max_size=8)
    | st.sampled_from(["", " ", "H 13", "h13", "H013"])
    | _long_text
    | json_values
)
"""Card text near the 60 tokens, and values that are not text at all."""


@st.composite
def states(draw: st.DrawFn) -> State:
    """A state reached by random play from a new game (seeded, so it shrinks)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    config = Config(players=draw(st.integers(3, 6)), forbid_bid_total_match=draw(st.booleans()))
    state = new_game(config)
    for _ in range(draw(st.integers(0, 800))):
        if state.is_over:
            break
        state = apply(
            state, random_deal(state, rng) if state.is_chance else random_action(state, rng)
        )
    return state


def actions_for(state: State) -> st.SearchStrategy[object]:
    """Actions for ``state``: legal ones, near misses, other kinds, and non-actions."""
    seats = st.integers(-2, 7) | _huge
    deal_like = st.builds(
        Deal,
        st.lists(st.lists(st.sampled_from(DECK), max_size=4), max_size=7),
        st.none() | st.sampled_from(DECK),
    )
    legal: st.SearchStrategy[object] = st.nothing()
    if state.is_chance:
        legal = st.integers(0, 2**32).map(lambda seed: random_deal(state, random.Random(seed)))
    elif not state.is_over:
        legal = st.integers(0, 2**32).map(lambda seed: random_action(state, random.Random(seed)))
    return st.one_of(
        legal,
        st.builds(Bid, seats, st.integers(-2, 22) | _huge),
        st.builds(Play, seats, st.sampled_from(DECK)),
        st.builds(ChooseTrump, seats, st.none() | st.sampled_from(list(Suit))),
        deal_like,
        st.sampled_from([None, "bid", 3, ("bid", 1)]),
    )
