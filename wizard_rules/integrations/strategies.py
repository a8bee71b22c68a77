"""Hypothesis strategies for the library's types, for your own property tests.

Install the ``hypothesis`` extra (``pip install '.[hypothesis]'`` from a clone).
The strategies are also registered with Hypothesis through its entry point, so
``st.from_type(Config)``, ``st.from_type(State)``, ``st.from_type(Card)``,
``st.from_type(Position)`` and the like work as soon as both packages are
installed.  A state is a game played up to some point, which costs more to
draw than Hypothesis expects of a value: give such tests ``deadline=None``
and let the ``too_slow`` health check be (a loaded machine trips it).

>>> from hypothesis import HealthCheck, given, settings
>>> from wizard_rules import legal_actions
>>> from wizard_rules.integrations.strategies import states
>>> @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
... @given(states())
... def test_someone_can_move(state):
...     assert state.is_over or state.is_chance or legal_actions(state)
>>> test_someone_can_move()

Every strategy shrinks towards small, early cases: three players, options
off, the first cards of the deck, and states early in a game.  A state is
reached by legal play from :func:`~wizard_rules.new_game`: the strategy draws
where to stop (a round, then a number of steps into it) and a seed for the
``random.Random`` that deals and picks the actions, so a failing example
shrinks to a short game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

import attrs
from hypothesis import strategies as st

from wizard_rules.core.actions import Action, Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.deck import CARD_NAMES, AnniversaryDeck
from wizard_rules.core.anniversary.readings import READINGS, Readings
from wizard_rules.core.cards import DECK, Card, Suit
from wizard_rules.core.chance import random_deal
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config
from wizard_rules.core.position import Position, position_of
from wizard_rules.core.rules import VARIANTS, ListedSchedule, variant_rules
from wizard_rules.core.state import State, new_game
from wizard_rules.core.transitions import apply, is_legal, legal_actions
from wizard_rules.core.views import PlayerView, player_view
from wizard_rules.errors import ErrorCode, InvalidArgumentError, show_value
from wizard_rules.formats.records import GameRecord
from wizard_rules.sim.random_play import random_action

__all__ = [
    "actions",
    "anniversary_configs",
    "cards",
    "configs",
    "game_records",
    "hands",
    "illegal_actions",
    "player_views",
    "positions",
    "states",
]

_SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)


def configs(
    players: int | st.SearchStrategy[int] | None = None,
    *,
    forbid_bid_total_match: bool | None = None,
    variants: Iterable[str] | None = (),
) -> st.SearchStrategy[Config]:
    """Rule configurations: 3 to 6 players, any first dealer, options on and off.

    By default the variants of :data:`~wizard_rules.core.rules.VARIANTS` are
    off but the bid-total option, as in earlier versions; ``variants=None``
    draws any combination of them that may be played together (rule 27):
    at most one of hidden bids and delayed reveal, no bid restriction with
    either, and clairvoyance with anything (its first round is of one card,
    the standard schedule's).  Shrinks towards no variant.

    >>> from hypothesis import given, settings
    >>> from wizard_rules.core.rules import variant_names
    >>> from wizard_rules.integrations.strategies import configs
    >>> @settings(max_examples=20)
    ... @given(configs(variants=None))
    ... def test_secret_bids_are_never_restricted(config):
    ...     assert not config.rules.bidding.secret or not config.rules.bid_restrictions
    >>> test_secret_bids_are_never_restricted()
    >>> @settings(max_examples=5)
    ... @given(configs(4, variants=["hidden_bids", "clairvoyance"]))
    ... def test_fixed(config):
    ...     assert variant_names(config.rules) == ("clairvoyance", "hidden_bids")
    ...     assert config.players == 4 and not config.forbid_bid_total_match
    >>> test_fixed()

    :param players: a fixed number of players, or a strategy for it.
    :param forbid_bid_total_match: fix the bid-total option, or ``None`` for
        both (where the variants allow it: never with hidden bids or delayed
        reveal).
    :param variants: the names of the variants on, exactly (the bid-total
        option is also on if it is named, and otherwise as
        ``forbid_bid_total_match`` says); ``None`` to draw any valid
        combination.
    :raises InvalidArgumentError: ``invalid_argument``: ``variants`` names
        something that is not a variant, or names the bid-total option while
        ``forbid_bid_total_match`` is ``False``.
    :raises ConfigError: ``invalid_config``: the variants named (with the
        bid-total option if it is fixed on) cannot be played together.
    """
    player_counts: st.SearchStrategy[int]
    if players is None:
        player_counts = st.integers(MIN_PLAYERS, MAX_PLAYERS)
    elif isinstance(players, int):
        player_counts = st.just(players)
    else:
        player_counts = players
    combinations = _variant_combinations(forbid_bid_total_match, variants)

    @st.composite
    def build(draw: st.DrawFn) -> Config:
        count = draw(player_counts)
        first_dealer = draw(st.integers(0, count - 1))
        flag, names = draw(combinations)
        return Config(
            players=count,
            first_dealer=first_dealer,
            forbid_bid_total_match=flag,
            rules=variant_rules(names),
        )

    return build()


_FORBID: Final = "forbid_bid_total_match"
_SECRET_BIDDINGS: Final = ("hidden_bids", "delayed_reveal")
_OTHER_RESTRICTIONS: Final = ("canadian_rule", "hardcore")


def _variant_combinations(
    forbid: bool | None, variants: Iterable[str] | None
) -> st.SearchStrategy[tuple[bool, tuple[str, ...]]]:
    """The bid-total flag and the other variants' names, drawn as :func:`configs` says."""
    if variants is None:
        return _any_combination(forbid)
    if isinstance(variants, str) or not isinstance(variants, Iterable):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"variants must be None or names of variants, not {show_value(variants)}",
        )
    names = tuple(variants)
    for name in names:
        if name not in VARIANTS:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"the variants are {', '.join(VARIANTS)}, not {show_value(name)}",
            )
    others = tuple(name for name in VARIANTS if name in names and name != _FORBID)
    if _FORBID in names:
        if forbid is False:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                "variants names forbid_bid_total_match, which forbid_bid_total_match=False "
                "turns off",
            )
        forbid = True
    variant_rules((_FORBID, *others) if forbid else others)  # raises if they cannot be played
    secret = any(name in _SECRET_BIDDINGS for name in others)
    flags = st.booleans() if forbid is None and not secret else st.just(bool(forbid))
    return flags.map(lambda flag: (flag, others))


def _any_combination(forbid: bool | None) -> st.SearchStrategy[tuple[bool, tuple[str, ...]]]:
    """Any combination of variants that may be played together (rule 27), shrinking to none."""
    flags = st.booleans() if forbid is None else st.just(forbid)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[bool, tuple[str, ...]]:
        flag = draw(flags)
        chosen = [name for name in _OTHER_RESTRICTIONS if draw(st.booleans())]
        # A secret bidding goes with no bid restriction (rule 27.2), nor with
        # the other secret bidding (rule 27.3).  It is always drawn, so that
        # every combination takes as many choices and no variant is the
        # simplest example.
        bidding = draw(st.sampled_from((None, *_SECRET_BIDDINGS)))
        if bidding is not None and not flag and not chosen:
            chosen.append(bidding)
        if draw(st.booleans()):  # clairvoyance goes with everything (rule 27.4)
            chosen.append("clairvoyance")
        return flag, tuple(name for name in VARIANTS if name in chosen)

    return build()


def anniversary_configs(
    players: int | st.SearchStrategy[int] | None = None,
    *,
    cards: Iterable[str] | None = None,
    readings: Readings | None = None,
    short: bool = False,
) -> st.SearchStrategy[Config]:
    """Configurations of games with anniversary cards (rule 28): a deck, readings, restrictions.

    Each draws the cards added (any subset of
    :data:`~wizard_rules.core.anniversary.CARD_NAMES` with the Dragon and the
    Fairy together or not at all, rule 28.2), each reading's value, the bid
    restrictions that combine with the cards (plus/minus one, the Canadian
    rule, hardcore: rule 28.5), 3 to 6 players and the first dealer.  It
    shrinks towards three players, one card (the Bomb), every reading's
    default and no restriction.

    >>> from hypothesis import given, settings
    >>> from wizard_rules.integrations.strategies import anniversary_configs
    >>> @settings(max_examples=10)
    ... @given(anniversary_configs(cards=["witch", "juggler"], short=True))
    ... def test_cards(config):
    ...     assert config.rules.deck.added == ("juggler", "witch")
    ...     assert config.rounds <= 3
    >>> test_cards()

    :param players: a fixed number of players, or a strategy for it.
    :param cards: the names of the cards added, exactly; ``None`` to draw them.
    :param readings: the readings, fixed; ``None`` to draw each one's value.
    :param short: draw a short schedule of one to three rounds (rule 22.2,
        which combines with the cards, rule 28.5) of one to 60 / players
        cards each, for quicker games; otherwise the standard schedule.
    :raises ConfigError: ``invalid_config``: ``cards`` names a card twice,
        something that is not one of the nine, or the Dragon without the
        Fairy (or the Fairy without the Dragon).
    """
    player_counts: st.SearchStrategy[int]
    if players is None:
        player_counts = st.integers(MIN_PLAYERS, MAX_PLAYERS)
    elif isinstance(players, int):
        player_counts = st.just(players)
    else:
        player_counts = players
    fixed_cards = None if cards is None else AnniversaryDeck(added=tuple(cards)).added

    @st.composite
    def build(draw: st.DrawFn) -> Config:
        count = draw(player_counts)
        first_dealer = draw(st.integers(0, count - 1))
        if fixed_cards is not None:
            added = fixed_cards
        else:
            # The Dragon and the Fairy are one draw (rule 28.2); the Bomb
            # last, so that "the Bomb alone" is the simplest deck.
            pair = draw(st.booleans())
            others = [name for name in _ANNIVERSARY_SINGLES if draw(st.booleans())]
            added = (("dragon", "fairy") if pair else ()) + tuple(others)
            if not added:
                added = ("bomb",)
        chosen = readings
        if chosen is None:
            chosen = Readings(
                **{reading.name: draw(st.sampled_from(reading.values)) for reading in READINGS}
            )
        restrictions = tuple(name for name in _RESTRICTIONS if draw(st.booleans()))
        schedule = None
        if short:
            most = len(DECK) // count
            schedule = ListedSchedule(
                sizes=tuple(draw(st.lists(st.integers(1, most), min_size=1, max_size=3)))
            )
        rules = attrs.evolve(
            variant_rules(restrictions, schedule),
            deck=AnniversaryDeck(added=added, readings=chosen),
        )
        return Config(players=count, first_dealer=first_dealer, rules=rules)

    return build()


_ANNIVERSARY_SINGLES: Final = tuple(
    name for name in CARD_NAMES if name not in ("dragon", "fairy", "bomb")
) + ("bomb",)
_RESTRICTIONS: Final = (_FORBID, *_OTHER_RESTRICTIONS)


def cards() -> st.SearchStrategy[Card]:
    """Any of the 60 cards (shrinks towards ``J1``, the first in canonical order)."""
    return st.sampled_from(DECK)


def hands(min_size: int = 0, max_size: int = 20) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands: distinct cards in canonical order, ``min_size`` to ``max_size`` of them."""
    if not 0 <= min_size <= max_size <= len(DECK):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"hand sizes must satisfy 0 <= {min_size} <= {max_size} <= 60",
        )
    return st.lists(cards(), min_size=min_size, max_size=max_size, unique=True).map(
        lambda drawn: tuple(sorted(drawn, key=_index))
    )


def _index(card: Card) -> int:
    return card.index


def _steps_in_round(config: Config, round_number: int) -> int:
    # deal, a possible trump choice, one bid per player, one card per player per trick
    return 2 + config.players * (1 + round_number)


def states(
    config: Config | st.SearchStrategy[Config] | None = None,
) -> st.SearchStrategy[State]:
    """States reached by legal play, at any point of a game.

    Every phase occurs, in every round from the first to the last, and the end
    of the game.  Shrinks towards the start of a game with three players.

    :param config: a fixed configuration, a strategy for one, or ``None`` for
        :func:`configs`.
    """
    config_strategy = (
        configs() if config is None else st.just(config) if isinstance(config, Config) else config
    )

    @st.composite
    def build(draw: st.DrawFn) -> State:
        rules = draw(config_strategy)
        seed = draw(_SEEDS)
        # Where to stop: a tenth of the examples end the game, a tenth stop in
        # the last round (where every card is dealt), and the rest in any
        # round.  One past the last round stands for "the game is over".
        # Everything shrinks towards stopping early in the first round.
        where = draw(st.integers(0, 9))
        if where == 9:
            stop_round = rules.rounds + 1
        elif where == 8:
            stop_round = rules.rounds
        else:
            stop_round = draw(st.integers(1, rules.rounds))
        steps = draw(st.integers(0, _steps_in_round(rules, min(stop_round, rules.rounds))))
        rng = random.Random(seed)
        state = new_game(rules)
        # (With stop_round past the last round this plays to the end.)
        while state.round < stop_round and not state.is_over:
            state = apply(state, random_action(state, rng))
        for _ in range(steps):
            if state.is_over:
                break
            following = apply(state, random_action(state, rng))
            if following.round != stop_round or following.is_over:
                break  # stay inside the round that was drawn
            state = following
        return state

    return build()


def actions(state: State) -> st.SearchStrategy[Action]:
    """Actions that are legal in ``state``.

    At a chance step that is a random deal, otherwise one of
    :func:`~wizard_rules.legal_actions`.

    At the end of the game no action is legal and the strategy is empty.
    """
    if state.is_chance:
        return _SEEDS.map(lambda seed: random_deal(state, random.Random(seed)))
    legal = legal_actions(state)
    if not legal:
        return st.nothing()
    return st.sampled_from(legal)


def illegal_actions(state: State) -> st.SearchStrategy[Action]:
    """Well-formed actions that the rules refuse in ``state``.

    Any kind of action by any seat (including seats that do not exist), bids
    from -2 to 22, "no trump", and deals with the wrong sizes or repeated
    cards; those that happen to be legal are filtered out.
    """
    seats = st.integers(0, MAX_PLAYERS + 1)
    candidates: st.SearchStrategy[Action] = st.one_of(
        st.builds(Play, seats, cards()),
        st.builds(Bid, seats, st.integers(-2, 22)),
        st.builds(ChooseTrump, seats, st.none() | st.sampled_from(Suit)),
        st.builds(
            Deal,
            st.lists(st.lists(cards(), max_size=4), max_size=MAX_PLAYERS + 1),
            st.none() | cards(),
        ),
    )
    return candidates.filter(lambda action: not is_legal(state, action))


def player_views(
    state: st.SearchStrategy[State] | None = None,
) -> st.SearchStrategy[PlayerView]:
    """Views of states from :func:`states` (or from ``state``), for any seat."""
    base = states() if state is None else state
    return base.flatmap(
        lambda drawn: st.integers(0, drawn.config.players - 1).map(
            lambda seat: player_view(drawn, seat)
        )
    )


def game_records(
    config: Config | st.SearchStrategy[Config] | None = None,
) -> st.SearchStrategy[GameRecord]:
    """Records of games played from the start to a point drawn by :func:`states`."""
    return states(config).map(GameRecord.from_state)


def positions(
    config: Config | st.SearchStrategy[Config] | None = None,
    *,
    partial: bool | None = False,
) -> st.SearchStrategy[Position]:
    """Positions of states from :func:`states`: complete, or as one player sees them.

    A complete position is the :func:`~wizard_rules.position_of` of a state
    reached by legal play, in any phase (deals and the end of the game
    included).  A partial position is that of a player's view
    (:func:`~wizard_rules.player_view`): the hands it cannot see are
    ``None`` (the others', or under clairvoyance in round 1 its own), and at
    least one of them is hidden, so partial positions come only from inside
    a round; with hidden bids or delayed reveal, so are the bids it cannot
    see.  Shrinks as :func:`states` does.

    :param config: a fixed configuration, a strategy for one, or ``None`` for
        :func:`configs`.
    :param partial: ``False`` for complete positions, ``True`` for partial
        ones, ``None`` for both.
    """
    base = states(config)
    if partial:
        base = base.filter(_someone_holds_cards)

    @st.composite
    def build(draw: st.DrawFn) -> Position:
        state = draw(base)
        hide = draw(st.booleans()) if partial is None else partial
        # The viewers who cannot see some card: another seat holds one.
        sizes = state.hand_sizes
        viewers = [seat for seat in range(state.config.players) if sum(sizes) - sizes[seat] > 0]
        if not hide or not viewers:
            return position_of(state)
        return position_of(player_view(state, draw(st.sampled_from(viewers))))

    return build()


def _someone_holds_cards(state: State) -> bool:
    return any(state.hand_masks)
