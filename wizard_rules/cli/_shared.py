"""What the commands share: the types of their arguments, and rich on a terminal.

rich is imported only when a terminal needs it (a progress bar or a table):
``import wizard_rules.cli`` does not load it.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Final, TextIO

import attrs

from wizard_rules.core.anniversary.deck import CARD_NAMES, EDITIONS, AnniversaryDeck
from wizard_rules.core.anniversary.readings import READINGS, Readings
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS
from wizard_rules.core.rules import (
    ListedSchedule,
    OddSchedule,
    Rules,
    StandardSchedule,
    parse_schedule,
    variant_rules,
)
from wizard_rules.errors import ConfigError

__all__ = [
    "VARIANT_FLAGS",
    "VariantFlagError",
    "cards_arg",
    "cards_rules",
    "is_terminal",
    "players_arg",
    "positive_arg",
    "progress_bar",
    "reading_arg",
    "rich_lines",
    "rich_table",
    "rules_of",
    "schedule_arg",
    "seed_arg",
    "timeout_arg",
]


def players_arg(text: str) -> int:
    """The number of players ``text`` gives (an argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {value}"
        )
    return value


def seed_arg(text: str) -> int:
    """The seed ``text`` gives: a whole number of at most 100 digits (an argparse type)."""
    shown = text if len(text) <= 30 else text[:27] + "..."
    if len(text) > 100:
        raise argparse.ArgumentTypeError(f"a seed has at most 100 digits: {shown!r}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown!r}") from None


def positive_arg(text: str) -> int:
    """The whole number from 1 up that ``text`` gives (an argparse type)."""
    if not text.isdigit() or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number from 1 up: {text[:30]!r}")
    return int(text)


def timeout_arg(text: str) -> float:
    """The seconds, more than 0 and at most 3600, that ``text`` gives (an argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:30]!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("the timeout must be more than 0 and at most 3600 s")
    return value


def schedule_arg(text: str) -> StandardSchedule | OddSchedule | ListedSchedule:
    """The schedule ``text`` names (an argparse type): ``standard``, ``odd`` or ``1,3,5``.

    ``standard`` is rule 2's, ``odd`` the odd hand sizes only (rule 22.1),
    and whole numbers separated by commas the hand sizes of the rounds, in
    order (rule 22.2).  Whether each size fits the players' hands is
    :class:`~wizard_rules.Config`'s check.
    """
    try:
        return parse_schedule(text)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(error.message) from None


def cards_arg(text: str) -> tuple[str, ...]:
    """The anniversary cards ``text`` names (an argparse type, for ``--cards``; rule 28).

    ``all`` (the nine), ``20``, ``25`` or ``30`` (an edition's cards), or
    card names separated by commas (``dragon,fairy,bomb``; any case).  Each
    card once, and the Dragon with the Fairy or neither (rule 28.2).
    """
    words = text.strip().lower()
    if words == "all":
        return CARD_NAMES
    if words in EDITIONS:
        return EDITIONS[words]
    names = tuple(name.strip() for name in words.split(","))
    for name in names:
        if name not in CARD_NAMES:
            raise argparse.ArgumentTypeError(
                f"not an anniversary card: {name[:30]!r} (the cards are "
                f"{', '.join(CARD_NAMES)}; or all, 20, 25 or 30 for an edition's)"
            )
    try:
        return AnniversaryDeck(added=names).added
    except ConfigError as error:  # a card named twice, the Dragon without the Fairy
        raise argparse.ArgumentTypeError(error.message) from None


def reading_arg(text: str) -> tuple[str, str]:
    """The reading ``NAME=VALUE`` that ``text`` chooses (an argparse type, for ``--reading``).

    ``NAME`` is one of :data:`~wizard_rules.core.anniversary.readings.READINGS`, and
    ``VALUE`` one of its values.
    """
    name, equals, value = text.partition("=")
    name, value = name.strip(), value.strip()
    known = {reading.name: reading for reading in READINGS}
    if not equals or name not in known:
        raise argparse.ArgumentTypeError(
            f"a reading is NAME=VALUE, NAME one of {', '.join(known)}; not {text[:40]!r}"
        )
    try:
        Readings(**{name: value})
    except ConfigError as error:
        raise argparse.ArgumentTypeError(error.message) from None
    return name, value


def cards_rules(
    rules: Rules, cards: Sequence[str] | None, readings: Sequence[tuple[str, str]]
) -> Rules:
    """``rules`` with the anniversary cards ``cards`` added and ``readings`` chosen.

    ``cards`` of ``None`` leaves ``rules`` as they are (and then there may be
    no reading).

    :raises VariantFlagError: the cards cannot be played with the variants
        of ``rules`` (rule 28.5: hidden bids, delayed reveal, clairvoyance),
        a reading is chosen twice, or readings without cards.
    """
    if cards is None:
        if readings:
            raise VariantFlagError(
                "--reading", "the readings are those of the anniversary cards: add --cards"
            )
        return rules
    chosen: dict[str, str] = {}
    for name, value in readings:
        if chosen.get(name, value) != value:
            raise VariantFlagError("--reading", f"the reading {name} is chosen twice")
        chosen[name] = value
    deck = AnniversaryDeck(added=tuple(cards), readings=Readings(**chosen))
    try:
        return attrs.evolve(rules, deck=deck)
    except ConfigError as error:  # rule 28.5
        raise VariantFlagError("--cards", error.message) from None


VARIANT_FLAGS: Final = (
    ("hidden_bids", "--hidden-bids"),
    ("delayed_reveal", "--delayed-reveal"),
    ("clairvoyance", "--clairvoyance"),
    ("forbid_bid_total_match", "--forbid-bid-total-match"),
    ("canadian_rule", "--canadian-rule"),
    ("hardcore", "--hardcore"),
)
"""Each variant of :data:`~wizard_rules.core.rules.VARIANTS` and its flag, in the
order :func:`rules_of` looks for the flag to blame for a refused combination."""


def rules_of(
    names: Sequence[str], schedule: StandardSchedule | OddSchedule | ListedSchedule | None
) -> Rules:
    """The rules that the variant flags give: the variants ``names`` on, and ``--schedule``.

    ``names`` are variants of :data:`~wizard_rules.core.rules.VARIANTS`, as
    :func:`~wizard_rules.core.rules.variant_rules` takes them (the one
    mapping of names to rules); a ``schedule`` of ``None`` is the standard
    one.

    :raises VariantFlagError: the variants cannot be played together
        (rule 27): it names the flag to blame and says why.
    """
    given = [name for name, _flag in VARIANT_FLAGS if name in names]
    try:
        return variant_rules(given, schedule)
    except ConfigError as error:
        # The flag to blame: the first that cannot join the flags before it.
        flags = dict(VARIANT_FLAGS)
        culprit = given[-1]  # unless the flags before it clash already
        for count in range(2, len(given)):
            try:
                variant_rules(given[:count])
            except ConfigError:
                culprit = given[count - 1]
                break
        raise VariantFlagError(flags[culprit], error.message) from None


class VariantFlagError(Exception):
    """Variant flags that cannot be played together: the flag to blame, and why.

    :ivar flag: the flag, as ``--hardcore``.
    :ivar message: why, as :class:`~wizard_rules.ConfigError` says it.
    """

    def __init__(self, flag: str, message: str) -> None:
        super().__init__(f"argument {flag}: {message}")
        self.flag = flag
        self.message = message


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a stream without ``isatty`` is not)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@contextlib.contextmanager
def progress_bar(total: int, unit: str) -> Iterator[Callable[[int], None]]:
    """A progress bar (rich) on standard error while the block runs, if it is a terminal.

    Yields the function to call with the number done so far; when standard
    error is not a terminal, it does nothing.
    """
    if not is_terminal(sys.stderr):
        yield lambda done: None
        return
    # rich is imported here, not at the top: only a terminal needs it.
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (BarColumn(), MofNCompleteColumn(), TextColumn(unit))
    with Progress(*columns, console=Console(file=sys.stderr)) as bar:
        task = bar.add_task(unit, total=total)
        yield lambda done: bar.update(task, completed=done)


def rich_table(out: TextIO, header: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """Write a table with rich if ``out`` is a terminal; whether it did."""
    if not is_terminal(out):
        return False
    out.write("\n".join(rich_lines(header, rows)) + "\n")
    return True


def rich_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table drawn by rich for the terminal, as lines (with its escape codes).

    The first column is left-aligned, the others right-aligned (figures).
    """
    from rich.console import Console
    from rich.table import Table

    table = Table()
    for index, name in enumerate(header):
        table.add_column(name, justify="left" if index == 0 else "right")
    for row in rows:
        table.add_row(*row)
    console = Console(force_terminal=True, highlight=False)
    with console.capture() as capture:
        console.print(table)
    return capture.get().rstrip("\n").split("\n")
