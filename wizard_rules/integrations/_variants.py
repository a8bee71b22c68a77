"""The variants as the integrations' parameters: ``canadian_rule`` and ``schedule`` (internal).

The OpenSpiel game and the PettingZoo environment take the same two
parameters, read here into a :class:`~wizard_rules.core.rules.Rules`:

- ``canadian_rule``: a bool, the Canadian rule (rule 21);
- ``schedule``: ``"standard"``, ``"odd"`` (rule 22.1), or the hand sizes of
  a listed schedule (rule 22.2), as a text of whole numbers separated by
  commas, semicolons or spaces (``"1,3,5"``, ``"1;3;5"``), or (PettingZoo
  only) a sequence of ints.

>>> from wizard_rules.integrations._variants import OddSchedule, rules_of, schedule_text
>>> rules_of(True, "1,3,5")
Rules(schedule=ListedSchedule(sizes=(1, 3, 5)), bid_restrictions=(CanadianRule(),))
>>> schedule_text(rules_of(False, "1, 3, 5").schedule), schedule_text(OddSchedule())
('1;3;5', 'odd')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from wizard_rules.core.rules import (
    CanadianRule,
    ListedSchedule,
    OddSchedule,
    Rules,
    StandardSchedule,
    parse_schedule,
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


def rules_of(canadian_rule: object, schedule: object) -> Rules:
    """The rules of the parameters ``canadian_rule`` and ``schedule``.

    :raises ConfigError: ``invalid_config``: ``canadian_rule`` is not a
        bool, or ``schedule`` is not a schedule.
    """
    if type(canadian_rule) is not bool:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"canadian_rule must be a bool, not {type(canadian_rule).__name__}",
        )
    restrictions = (CanadianRule(),) if canadian_rule else ()
    return Rules(schedule=schedule_of(schedule), bid_restrictions=restrictions)


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
