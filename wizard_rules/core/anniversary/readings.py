"""The readings: each point the sources of the anniversary cards leave open, as a named choice.

The sources of the anniversary cards (``variants.md``: the German reviews of
the 20-, 25- and 30-year editions, and the apps that cite the rules)
disagree or are silent on five points.  Each is a *reading* here: a name, the
values it may take, and a default, which a configuration chooses
(:class:`Readings`, in :class:`~wizard_rules.core.anniversary.AnniversaryDeck`).
The specification (rules 28 to 41) states each reading, its source and its
confidence; :data:`READINGS` holds the same table for programs, which the
conformance suite's reading detector reads.

>>> from wizard_rules.core.anniversary.readings import Readings
>>> Readings().bomb_leader
'would_have_won'
>>> Readings(bomb_leader="highest_card").changed()
{'bomb_leader': 'highest_card'}
>>> Readings(cloud_timing="never")
Traceback (most recent call last):
...
wizard_rules.errors.ConfigError: [invalid_config] the reading cloud_timing is \
'after_trick' or 'round_end', not 'never'
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from wizard_rules.errors import ConfigError, ErrorCode, show_value

__all__ = ["READINGS", "Reading", "Readings", "readings_from_dict"]


@attrs.frozen
class Reading:
    """One disputed point: its name, its values (the default first), rule, source and confidence.

    :ivar name: the reading's name, a field of :class:`Readings` and a key of
        a configuration's ``"readings"``.
    :ivar values: the values it may take; the first is the default.
    :ivar rule: the rule of the specification that states it.
    :ivar question: the point in dispute, in a few words.
    :ivar source: where each value comes from.
    :ivar confidence: how far the default may be trusted (``H``, ``M``, ``L``,
        as ``variants.md`` grades its rows).
    """

    name: str
    values: tuple[str, ...]
    rule: str
    question: str
    source: str
    confidence: str

    @property
    def default(self) -> str:
        """The value a configuration that does not choose gets."""
        return self.values[0]


READINGS: Final[tuple[Reading, ...]] = (
    Reading(
        "bomb_leader",
        ("would_have_won", "highest_card"),
        "31.3",
        "who leads after a Bomb's trick",
        "the reviews: whoever would have won the trick without the Bomb; one review: "
        "whoever played the highest card (they differ only when the Dragon and the Fairy "
        "are both in the trick)",
        "M",
    ),
    Reading(
        "cloud_timing",
        ("after_trick", "round_end"),
        "34.3",
        "when the Cloud's bid change is made",
        "the apps that cite the rules: right after the Cloud's trick; the other reading: "
        "at the round's end, before the scoring",
        "L",
    ),
    Reading(
        "effect_order",
        ("juggler_cloud_witch", "cloud_juggler_witch"),
        "40.2",
        "the order of the effects after a trick that holds several",
        "the apps disagree: one makes the Juggler's pass first, another the Cloud's bid "
        "change; both make the Witch's swap last",
        "L",
    ),
    Reading(
        "vampire_under_werewolf",
        ("next_stock_card", "displaced_card"),
        "37.3",
        "what the Vampire copies when the Werewolf sits in the trump place",
        "our ruling (from the apps): the next card of the stock, turned face up; the "
        "other reading: the card the Werewolf took out of the trump place",
        "L",
    ),
    Reading(
        "juggler_last_trick",
        ("no_pass",),
        "33.4",
        "whether the Juggler's pass is made after the round's last trick",
        "the reviews (M): no pass, as no player holds a card; a pass then has no card "
        "to be made with, so no other value can be played",
        "M",
    ),
)
"""Every reading, in the order of the specification.

:meta hide-value:
"""

_BY_NAME: Final = {reading.name: reading for reading in READINGS}


def _value(name: str) -> Any:
    reading = _BY_NAME[name]

    def check(_instance: object, _attribute: object, value: object) -> None:
        if type(value) is not str or value not in reading.values:
            shown = " or ".join(repr(v) for v in reading.values)
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"the reading {name} is {shown}, not {show_value(value)}",
            )

    return attrs.field(default=reading.default, validator=check)


@attrs.frozen(kw_only=True)
class Readings:
    """The reading chosen for each disputed point (rules 31.3, 33.4, 34.3, 37.3 and 40.2).

    Every field defaults to the specification's default (:data:`READINGS`).

    :ivar bomb_leader: who leads after a Bomb's trick: ``"would_have_won"``
        (whoever would have won it without the Bomb) or ``"highest_card"``
        (whoever played the highest card: the Dragon's player even when the
        Fairy is in the trick).
    :ivar cloud_timing: when the Cloud's winner changes their bid:
        ``"after_trick"`` or ``"round_end"``.
    :ivar effect_order: the order of the effects after a trick:
        ``"juggler_cloud_witch"`` or ``"cloud_juggler_witch"``.
    :ivar vampire_under_werewolf: what the Vampire copies when the Werewolf
        sits in the trump place: ``"next_stock_card"`` or ``"displaced_card"``.
    :ivar juggler_last_trick: whether the Juggler's pass is made after the
        round's last trick: ``"no_pass"`` (the one value that can be played).
    """

    bomb_leader: str = _value("bomb_leader")
    cloud_timing: str = _value("cloud_timing")
    effect_order: str = _value("effect_order")
    vampire_under_werewolf: str = _value("vampire_under_werewolf")
    juggler_last_trick: str = _value("juggler_last_trick")

    def changed(self) -> dict[str, str]:
        """The readings that are not the default, by name (what a configuration's JSON writes)."""
        return {
            reading.name: getattr(self, reading.name)
            for reading in READINGS
            if getattr(self, reading.name) != reading.default
        }


def readings_from_dict(value: object) -> Readings:
    """Return the :class:`Readings` a JSON object names (``{}``: every default).

    >>> from wizard_rules.core.anniversary.readings import readings_from_dict
    >>> readings_from_dict({"cloud_timing": "round_end"}).cloud_timing
    'round_end'

    :raises ConfigError: ``invalid_config``: not an object, a key that is not
        a reading, or a value the reading does not take.
    """
    if type(value) is not dict:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"the readings are an object of names and values, not {type(value).__name__}",
        )
    for key in value:
        if key not in _BY_NAME:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                f"the readings are {', '.join(_BY_NAME)}, not {show_value(key)}",
            )
    return Readings(**value)
