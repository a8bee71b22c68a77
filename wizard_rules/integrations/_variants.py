"""The variants as the integrations' parameters: the variants' flags and ``schedule`` (internal).

The OpenSpiel game and the PettingZoo environment take the same
parameters, read here into a :class:`~wizard_rules.core.rules.Rules` by
:func:`~wizard_rules.core.rules.variant_rules`:

- ``canadian_rule``, ``hardcore``, ``hidden_bids``, ``delayed_reveal`` and
  ``clairvoyance``: bools, the Canadian rule (rule 21), hardcore (rule 25),
  hidden bids (rule 23), delayed reveal (rule 24) and clairvoyance (rule
  26), each off by default (``forbid_bid_total_match``, rule 20.1, is a
  field of :class:`~wizard_rules.Config` of its own);
- ``schedule``: ``"standard"``, ``"odd"`` (rule 22.1), or the hand sizes of
  a listed schedule (rule 22.2), as a text of whole numbers separated by
  commas, semicolons or spaces (``"1,3,5"``, ``"1;3;5"``), or (PettingZoo
  only) a sequence of ints;
- ``anniversary_cards`` (rules 28 to 41): ``""`` (none, the default),
  ``"20"``, ``"25"``, ``"30"`` (an edition's cards), ``"all"``, or card names
  (``"dragon,fairy"``), and the five readings (``bomb_leader``,
  ``cloud_timing``, ``effect_order``, ``vampire_under_werewolf``,
  ``juggler_last_trick``), texts whose defaults are the readings' defaults.

>>> from wizard_rules.integrations._variants import OddSchedule, rules_of, schedule_text
>>> rules_of(True, "1,3,5")
Rules(schedule=ListedSchedule(sizes=(1, 3, 5)), bid_restrictions=(CanadianRule(),))
>>> schedule_text(rules_of(False, "1, 3, 5").schedule), schedule_text(OddSchedule())
('1;3;5', 'odd')
>>> rules_of(False, "standard", hidden_bids=True, clairvoyance=True)
Rules(bidding=HiddenBids(), visibility=Clairvoyance())
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from wizard_rules.core.anniversary.deck import CARD_NAMES, EDITIONS, AnniversaryDeck
from wizard_rules.core.anniversary.readings import READINGS, readings_from_dict
from wizard_rules.core.rules import (
    ListedSchedule,
    OddSchedule,
    Rules,
    StandardSchedule,
    parse_schedule,
    variant_rules,
)
from wizard_rules.core.rules import schedule_text as core_schedule_text
from wizard_rules.errors import ConfigError, ErrorCode, show_value

_SEPARATORS: Final = re.compile(r"[\s,;]+")


def _bad_schedule(value: object) -> ConfigError:
    return ConfigError(
        ErrorCode.INVALID_CONFIG,
        'schedule must be "standard", "odd" or hand sizes such as "1,3,5", '
        f"not {show_value(value)}",
    )


def schedule_of(value: object) -> StandardSchedule | OddSchedule | ListedSchedule:
    """The schedule a ``schedule`` parameter names.

    :raises ConfigError: ``invalid_config``: not a name, nor hand sizes.
    """
    if type(value) is str:
        # Sizes may be separated by commas, semicolons or spaces, in runs.
        sizes = ",".join(token for token in _SEPARATORS.split(value) if token)
        try:
            return parse_schedule(sizes or value)
        except ConfigError:
            raise _bad_schedule(value) from None
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return ListedSchedule(sizes=value)  # which checks each size
    raise _bad_schedule(value)


FLAGS: Final = ("canadian_rule", "hardcore", "hidden_bids", "delayed_reveal", "clairvoyance")
"""The variants the integrations take as bool parameters, in the order of their
parameter tables (``forbid_bid_total_match`` is :class:`~wizard_rules.Config`'s own)."""


def rules_of(
    canadian_rule: object,
    schedule: object,
    *,
    hardcore: object = False,
    hidden_bids: object = False,
    delayed_reveal: object = False,
    clairvoyance: object = False,
) -> Rules:
    """The rules of the variants' flags and the parameter ``schedule``.

    :raises ConfigError: ``invalid_config``: a flag is not a bool,
        ``schedule`` is not a schedule, or the variants cannot be played
        together (hidden bids or delayed reveal with a bid restriction,
        rule 27.2; hidden bids with delayed reveal, rule 27.3; clairvoyance
        with a first round of more than one card is refused by
        :class:`~wizard_rules.Config`, rule 26.1).
    """
    flags = {
        "canadian_rule": canadian_rule,
        "hardcore": hardcore,
        "hidden_bids": hidden_bids,
        "delayed_reveal": delayed_reveal,
        "clairvoyance": clairvoyance,
    }
    for name, value in flags.items():
        if type(value) is not bool:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"{name} must be a bool, not {type(value).__name__}",
            )
    return variant_rules(
        [name for name, value in flags.items() if value], schedule=schedule_of(schedule)
    )


def schedule_text(schedule: StandardSchedule | OddSchedule | ListedSchedule) -> str:
    """The ``schedule`` parameter that names ``schedule``, as OpenSpiel's game string keeps it.

    A listed schedule's sizes are separated by semicolons (a comma separates
    the parameters of a game string), and a single size is followed by one
    (``"7;"``: a bare ``7`` would read back as an int).
    """
    text = core_schedule_text(schedule, separator=";")
    if type(schedule) is ListedSchedule and len(schedule.sizes) == 1:
        return text + ";"
    return text


# -- the anniversary cards (rules 28 to 41) -----------------------------------------

READING_NAMES: Final = tuple(reading.name for reading in READINGS)
"""The readings the integrations take as parameters of their own, each a text
(its default the reading's default): ``bomb_leader``, ``cloud_timing``,
``effect_order``, ``vampire_under_werewolf``, ``juggler_last_trick``."""

READING_DEFAULTS: Final = {reading.name: reading.default for reading in READINGS}
"""Each reading's default value, by name."""


def _bad_cards(value: object) -> ConfigError:
    return ConfigError(
        ErrorCode.INVALID_CONFIG,
        'anniversary_cards must be "" (none), "20", "25", "30", "all" or card names such as '
        f'"dragon,fairy,bomb" ({", ".join(CARD_NAMES)}), not {show_value(value)}',
    )


def anniversary_names(value: object) -> tuple[str, ...]:
    """The anniversary cards an ``anniversary_cards`` parameter names (``()``: none).

    A text: ``""`` or ``"none"`` (no card), an edition ``"20"``, ``"25"``,
    ``"30"`` (:data:`~wizard_rules.core.anniversary.EDITIONS`), ``"all"``,
    or names separated by commas, semicolons or spaces; or (PettingZoo
    only) a sequence of names.

    >>> from wizard_rules.integrations._variants import anniversary_names
    >>> anniversary_names("20")
    ('dragon', 'fairy', 'bomb', 'werewolf', 'juggler', 'cloud')
    >>> anniversary_names("fairy;dragon")
    ('fairy', 'dragon')

    :raises ConfigError: ``invalid_config``: anything else.
    """
    if type(value) is str:
        text = value.strip().lower()
        if text in ("", "none"):
            return ()
        if text == "all":
            return CARD_NAMES
        if text in EDITIONS:
            return EDITIONS[text]
        names = tuple(token for token in _SEPARATORS.split(text) if token)
    elif isinstance(value, Sequence) and not isinstance(value, bytes):
        names = tuple(value)
    else:
        raise _bad_cards(value)
    if not names or any(name not in CARD_NAMES for name in names):
        raise _bad_cards(value)
    return names


def with_anniversary_cards(rules: Rules, cards: object, readings: Mapping[str, object]) -> Rules:
    """``rules`` with the deck of the anniversary cards ``cards`` names, and the ``readings``.

    ``rules`` itself when ``cards`` names none (the readings must then be
    the defaults: they belong to the cards).

    :raises ConfigError: ``invalid_config``: ``cards`` is not a choice of
        the cards (:func:`anniversary_names`; the Dragon without the Fairy
        too, rule 28.2), a reading's value is not one of its values, or a
        reading is changed without the cards.
    """
    names = anniversary_names(cards)
    changed = {name: value for name, value in readings.items() if value != READING_DEFAULTS[name]}
    if not names:
        if changed:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"the readings {sorted(changed)} are of the anniversary cards: "
                "choose anniversary_cards too, or leave the readings at their defaults",
            )
        return rules
    return attrs.evolve(
        rules, deck=AnniversaryDeck(added=names, readings=readings_from_dict(changed))
    )


def cards_text(deck: AnniversaryDeck) -> str:
    """The ``anniversary_cards`` parameter that names ``deck``'s cards, as OpenSpiel keeps it.

    The names in canonical order, separated by semicolons (a comma
    separates the parameters of a game string).
    """
    return ";".join(deck.added)
