"""The ``wizard-rules conformance`` command: ``run``, ``adapter``, ``list``, ``show`` and ``fuzz``.

``run`` runs the suite against an adapter, ``adapter`` serves this library
over the conformance protocol, ``list`` and ``show`` print the cases, and
``fuzz`` plays random games against an adapter with this library as the
oracle (see :mod:`wizard_rules.conformance`).  The suite, the runner and the
fuzzer are imported when an action runs: they are not needed to play.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from wizard_rules.cli._shared import (
    cards_arg,
    is_terminal,
    positive_arg,
    reading_arg,
    rich_lines,
    timeout_arg,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from wizard_rules.conformance.suite import Suite
    from wizard_rules.core.anniversary.readings import Readings

    # What ``add_subparsers`` returns: each subcommand adds its parser to it.
    _Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

__all__ = ["add_conformance", "conformance"]


def add_conformance(commands: _Commands) -> None:
    """Add the ``conformance`` command and its actions to ``commands``."""
    conformance = commands.add_parser(
        "conformance",
        help="the conformance suite: run it against an implementation, or serve this one",
        description="The conformance suite of the Wizard rules.",
    )
    suite_commands = conformance.add_subparsers(
        dest="suite_command", metavar="ACTION", required=True
    )
    _add_conformance_run(suite_commands)
    _add_conformance_adapter(suite_commands)
    _add_conformance_list(suite_commands)
    _add_conformance_show(suite_commands)
    _add_conformance_fuzz(suite_commands)


def _add_conformance_run(suite_commands: _Commands) -> None:
    run = suite_commands.add_parser(
        "run",
        help="run the suite against an adapter",
        description="Run the conformance suite against an implementation's adapter.",
    )
    run.add_argument(
        "--adapter", required=True, metavar="COMMAND", help="the command that starts the adapter"
    )
    run.add_argument(
        "--run",
        action="append",
        default=[],
        metavar="PATTERN",
        help="run only the cases this chooses: an id, a glob of ids (winner.*) or "
        "tag:TAG (tag:ruling:*); repeatable",
    )
    run.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="PATTERN",
        help="skip the cases this chooses (as --run); repeatable",
    )
    run.add_argument(
        "--known-failures",
        metavar="FILE",
        help="a file of the cases the implementation is known to fail: an id, a glob or "
        "tag:TAG a line, a reason after #; at most 1 MiB, and 250 distinct globs and tags",
    )
    run.add_argument(
        "--strict",
        action="store_true",
        help="fail the run on unsupported cases and stale known-failures entries too",
    )
    run.add_argument(
        "--timeout",
        type=timeout_arg,
        default=5.0,
        metavar="SECONDS",
        help="how long to wait for each answer (default 5)",
    )
    run.add_argument("--json", action="store_true", help="write a machine-readable report")
    run.set_defaults(subparser=run)


def _add_conformance_adapter(suite_commands: _Commands) -> None:
    adapter = suite_commands.add_parser(
        "adapter",
        help="serve this library over the conformance protocol on stdin/stdout",
        description="Serve this library over the conformance protocol (JSON Lines).",
    )
    adapter.add_argument(
        "--reading",
        action="append",
        default=[],
        type=reading_arg,
        metavar="NAME=VALUE",
        help="play the reading NAME of the anniversary cards as VALUE wherever a "
        "configuration does not name it (instead of the specification's default), as "
        "bomb_leader=highest_card; repeatable, once per reading",
    )
    adapter.set_defaults(subparser=adapter)


def _default_readings(
    chosen: list[tuple[str, str]], parser: argparse.ArgumentParser
) -> Readings | None:
    """The readings ``--reading NAME=VALUE`` names (``None``: none); one twice is a usage error."""
    from wizard_rules.core.anniversary.readings import Readings

    if not chosen:
        return None
    readings: dict[str, str] = {}
    for name, value in chosen:
        if name in readings:
            parser.error(f"--reading: the reading {name} is given twice")
        readings[name] = value
    return Readings(**readings)


def _add_conformance_list(suite_commands: _Commands) -> None:
    suite_commands.add_parser(
        "list",
        help="list the cases: how many per area, and the ids of each rule's cases",
        description="List the conformance cases, by area and by rule.",
    )


def _add_conformance_show(suite_commands: _Commands) -> None:
    show = suite_commands.add_parser(
        "show",
        help="print one case readably: its config, its actions, what is expected, its tags",
        description="Print one conformance case readably.",
    )
    show.add_argument("case_id", metavar="ID", help="the case's id, as winner.059")
    show.set_defaults(subparser=show)


# -- conformance fuzz (kept apart from the other conformance commands) ----------


def _add_conformance_fuzz(suite_commands: _Commands) -> None:
    fuzz = suite_commands.add_parser(
        "fuzz",
        help="play random games against an adapter (protocol 2), this library as the oracle",
        description=(
            "Play random games on an adapter step by step (protocol version 2), with this "
            "library as the oracle, going on past each disagreement; collect the distinct "
            "deviations (a rule broken one way), shrink each and print it, grouped by rule, "
            "as a case and a position.  Exit status 0: no deviation but known ones; 1: a "
            "deviation; 2: the adapter failed, or refused every configuration."
        ),
    )
    fuzz.add_argument(
        "--adapter", required=True, metavar="COMMAND", help="the command that starts the adapter"
    )
    fuzz.add_argument(
        "--games", type=positive_arg, default=100, metavar="N", help="how many (default 100)"
    )
    fuzz.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    fuzz.add_argument(
        "--players",
        type=_player_counts,
        default=(3, 4, 5, 6),
        metavar="LIST",
        help="player counts to draw from, such as 3,4,5,6 (the default)",
    )
    fuzz.add_argument(
        "--option",
        type=_option_values,
        default=(False, True),
        metavar="LIST",
        help="the bid-total option: on, off or on,off (the default)",
    )
    fuzz.add_argument(
        "--timeout",
        type=timeout_arg,
        default=10.0,
        metavar="SECONDS",
        help="how long to wait for each answer (default 10)",
    )
    fuzz.add_argument(
        "--max-deviations",
        type=positive_arg,
        default=10,
        metavar="N",
        help="stop after N distinct deviations (default 10)",
    )
    fuzz.add_argument(
        "--variants",
        type=_variant_names,
        default=(),
        metavar="LIST",
        help="variants the games may draw: all, or some of hidden_bids,delayed_reveal,"
        "hardcore,clairvoyance,canadian_rule,forbid_bid_total_match (default: none); each "
        "game draws its bidding among open and the secret ones given, then each other "
        "variant with probability 1/2 where rule 27 allows it",
    )
    fuzz.add_argument(
        "--cards",
        type=cards_arg,
        default=(),
        metavar="NAMES",
        help="play every game with anniversary cards (rules 28 to 41), drawn from these: "
        "all, 20, 25 or 30 (an edition's), or names such as dragon,fairy,bomb; each game "
        "draws the Dragon and the Fairy together, each other card, and each reading at "
        "random (default: no cards); with --variants only the bid restrictions",
    )
    fuzz.add_argument(
        "--reading",
        type=reading_arg,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --cards: fix a reading, as bomb_leader=highest_card (repeatable); the "
        "readings not named are drawn for each game",
    )
    fuzz.add_argument(
        "--known",
        metavar="FILE",
        help="a file of the deviations the implementation is known to have: a rule (5.1), "
        "a glob of rules (8.*) or tag:TAG a line, a reason after #",
    )
    fuzz.set_defaults(subparser=fuzz)


def _player_counts(text: str) -> tuple[int, ...]:
    counts = tuple(item.strip() for item in text.split(","))
    if not counts or any(item not in ("3", "4", "5", "6") for item in counts):
        raise argparse.ArgumentTypeError(f"player counts must be 3 to 6, as in 3,4: {text!r}")
    return tuple(int(item) for item in counts)


def _option_values(text: str) -> tuple[bool, ...]:
    values = tuple(item.strip() for item in text.split(","))
    if any(item not in ("on", "off") for item in values):
        raise argparse.ArgumentTypeError(f"the option must be on, off or on,off: {text!r}")
    return tuple(item == "on" for item in values)


def _variant_names(text: str) -> tuple[str, ...]:
    from wizard_rules.conformance.fuzz import FUZZ_VARIANTS

    if text.strip() == "all":
        return tuple(name for name in FUZZ_VARIANTS if name != "forbid_bid_total_match")
    names = tuple(item.strip() for item in text.split(",") if item.strip())
    unknown = [name for name in names if name not in FUZZ_VARIANTS]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"the variants are all or some of {','.join(FUZZ_VARIANTS)}: {text!r}"
        )
    return names


def _conformance_fuzz(args: argparse.Namespace, out: TextIO) -> int:
    from wizard_rules.conformance.fuzz import FuzzError, fuzz, report
    from wizard_rules.conformance.runner import KnownFailure, read_known_failures

    known: tuple[KnownFailure, ...] = ()
    if args.known:
        try:
            known = read_known_failures(Path(args.known))
        except (OSError, UnicodeDecodeError) as error:
            args.subparser.error(f"cannot read the known-deviations file: {error}")
    try:
        result = fuzz(
            args.adapter,
            games=args.games,
            seed=args.seed,
            players=args.players,
            options=args.option,
            timeout=args.timeout,
            max_deviations=args.max_deviations,
            known=known,
            variants=args.variants,
            cards=args.cards,
            readings=dict(args.reading),
        )
    except FuzzError as error:
        sys.stderr.write(f"wizard-rules conformance fuzz: {error}\n")
        return 2
    return report(result, out)


def conformance(args: argparse.Namespace, out: TextIO) -> int:
    """Run the ``conformance`` action that ``args`` names, writing to ``out``.

    Returns the exit status; a bad argument ends the program through the
    action's parser (``args.subparser``), with status 2.
    """
    if args.suite_command == "fuzz":
        return _conformance_fuzz(args, out)
    # Imported here: the suite and the runner are not needed to play a game.
    from wizard_rules.conformance.adapter import serve
    from wizard_rules.conformance.runner import (
        KnownFailure,
        format_report,
        json_report,
        read_known_failures,
        run_suite,
    )
    from wizard_rules.conformance.suite import load_suite

    if args.suite_command == "adapter":
        readings = _default_readings(args.reading, args.subparser)
        return serve(default_readings=readings)
    suite = load_suite()
    if args.suite_command == "list":
        out.write(_case_listing(suite))
        return 0
    if args.suite_command == "show":
        return _show_case(suite, args.case_id, args.subparser, out)
    known: tuple[KnownFailure, ...] = ()
    if args.known_failures:
        try:
            known = read_known_failures(Path(args.known_failures))
        except (OSError, UnicodeDecodeError) as error:
            args.subparser.error(f"cannot read the known-failures file: {error}")
    report = run_suite(
        suite,
        args.adapter,
        run=args.run,
        skip=args.skip,
        known_failures=known,
        timeout=args.timeout,
        strict=args.strict,
    )
    # The runner judges without this library's rules; the report's first
    # divergences and positions are worked out with them.
    from wizard_rules.conformance.explain import first_divergence

    if args.json:
        document = json_report(report, suite, first_divergence)
        out.write(json.dumps(document, indent=2, sort_keys=True) + "\n")
    else:
        table = rich_lines if is_terminal(out) else None
        out.write(format_report(report, suite, first_divergence, table=table))
    return 0 if report.ok else 1


def _show_case(suite: Suite, case_id: str, parser: argparse.ArgumentParser, out: TextIO) -> int:
    from wizard_rules.conformance.explain import position_text
    from wizard_rules.conformance.runner import show_case

    found = next((case for case in suite.cases if case.id == case_id), None)
    if found is None:
        why = "is retired" if case_id in suite.retired else "is not in the suite"
        parser.error(f"case {case_id!r} {why} (wizard-rules conformance list lists the cases)")
    out.write(show_case(found, position_text))
    return 0


def _case_listing(suite: Suite) -> str:
    lines = [f"suite version {suite.version}, protocol {suite.protocol}, {len(suite.cases)} cases"]
    lines.append("")
    lines.append("by area:")
    for area in suite.areas:
        lines.append(f"  {area:<14}{sum(c.area == area for c in suite.cases):>5}")
    lines.append("")
    lines.append("by rule:")
    rules = sorted({c.rule for c in suite.cases}, key=lambda r: tuple(map(int, r.split("."))))
    for rule in rules:
        ids = [c.id for c in suite.cases if c.rule == rule]
        lines.append(f"  {rule:<8}{len(ids):>5}  {' '.join(ids)}")
    return "\n".join(lines) + "\n"
