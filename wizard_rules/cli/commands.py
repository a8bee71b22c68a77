"""The ``wizard-rules`` command.

``wizard-rules simulate --players N --seed S`` plays a complete game with
uniformly random legal actions and prints a readable account of it: each
round's trump, the bids, who won each trick, a score table after every round,
and the winners.  ``--json`` writes the game's record instead (see
:mod:`wizard_rules.formats.records`), which ``wizard-rules replay FILE`` reads back.

``wizard-rules show POSITION`` prints a position, written in the one-line
notation of rule 1.4 (one argument: quote it in a shell), as a table: every
seat's hand (or "hidden"), bid, tricks won and score, the turned card and the
trump, the trick in progress with who played what, who is to act, and the
legal actions.  ``wizard-rules perft POSITION --depth N`` prints the number
of distinct sequences of ``N`` legal actions from the position, counted as
:func:`wizard_rules.conformance.adapter.perft` counts them (a deal, being a
chance step, ends a sequence); ``--divide`` prints the count under each first
action, then the total.  A count that needs more than
:data:`~wizard_rules.conformance.adapter.PERFT_NODE_BUDGET` positions, the
bound a conformance ``case`` request has, is refused in one line with status 1.

``wizard-rules replay FILE`` (``-`` for standard input) reads at most
:data:`~wizard_rules.formats.records.MAX_RECORD_TEXT` bytes, more than any game
record holds: longer input is refused with ``invalid_record`` without being
read to its end.  ``simulate --games N --workers K`` takes at most
:data:`~wizard_rules.sim.simulation.MAX_WORKERS` workers.  ``simulate --games N
--backend ray [--address HOST:6379]`` plays the games on a Ray cluster
(the ``ray`` extra), with the same figures.

``wizard-rules arena --bots heuristic,random[,ismcts:N] --games N --seed S
[--players P] [--workers K] [--json]`` plays duplicate games among bots and
prints their figures with 95% intervals (see :mod:`wizard_rules.agents.arena`).

``wizard-rules play --players N [--bots LIST] [--seat K] [--seed S]
[--resume FILE]`` plays a game at the terminal, a person against bots (see
:mod:`wizard_rules.agents.play`): status 0 at the end of the game or after ``quit``,
1 when the input ends first (Ctrl-D) or the record given to ``--resume``
cannot be read or replayed, 130 on Ctrl-C.

On a terminal, ``simulate --games`` and ``arena`` show a progress bar on
standard error, and ``simulate --games``, ``arena`` and ``conformance run``
draw their tables with rich; when standard output is not a terminal the
tables are the plain text they always were.

Exit status: 0 on success, 2 for a usage error (including position text that
is not a position, and a partial position given to ``perft``), 1 for a record
that cannot be read or replayed, for a ``perft`` beyond its work bound, and for
``--backend ray`` without Ray
installed or with a cluster that cannot be reached or fails, 130 when
interrupted (Ctrl-C), after one line on standard error (for ``simulate
--games``, how many games were finished).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, cast

from wizard_rules._version import __version__
from wizard_rules.conformance.adapter import PERFT_NODE_BUDGET
from wizard_rules.conformance.protocol import MAX_PERFT_DEPTH
from wizard_rules.core.actions import Action
from wizard_rules.core.cards import _SUIT_NAMES, Card, _mask_of
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config, _seat_after
from wizard_rules.core.position import Position, from_position
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.state import Phase, State, _PublicFacts
from wizard_rules.core.transitions import _legal_choices, apply, legal_actions
from wizard_rules.core.trick import led_suit, winning_position
from wizard_rules.errors import PositionError, RecordError
from wizard_rules.formats.records import MAX_RECORD_TEXT, GameRecord
from wizard_rules.sim.random_play import random_game
from wizard_rules.sim.simulation import MAX_WORKERS

if TYPE_CHECKING:
    from typing import TypeAlias

    from wizard_rules.agents.arena import ArenaResult
    from wizard_rules.conformance.suite import Suite

    # What ``add_subparsers`` returns: each subcommand adds its parser to it.
    _Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

__all__ = ["account", "main"]


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {value}"
        )
    return value


def _seed(text: str) -> int:
    shown = text if len(text) <= 30 else text[:27] + "..."
    if len(text) > 100:
        raise argparse.ArgumentTypeError(f"a seed has at most 100 digits: {shown!r}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown!r}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wizard-rules",
        description="The rules of the card game Wizard, from the command line.",
    )
    parser.add_argument("--version", action="version", version=f"wizard-rules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_simulate(commands)
    _add_replay(commands)
    _add_conformance(commands)
    _add_show(commands)
    _add_perft(commands)
    _add_arena(commands)
    _add_play(commands)
    return parser


def _add_simulate(commands: _Commands) -> None:
    simulate = commands.add_parser(
        "simulate",
        help="play a complete game with random legal actions and print it",
        description="Play a complete game with uniformly random legal actions.",
    )
    simulate.add_argument(
        "--players",
        type=_players,
        required=True,
        metavar="N",
        help=f"{MIN_PLAYERS} to {MAX_PLAYERS} players",
    )
    simulate.add_argument(
        "--seed",
        type=_seed,
        metavar="S",
        help="seed of the random.Random that deals and chooses (default: a fresh one, printed)",
    )
    simulate.add_argument(
        "--first-dealer", type=int, default=0, metavar="SEAT", help="seat of the first dealer"
    )
    simulate.add_argument(
        "--forbid-bid-total-match",
        action="store_true",
        help="option: the bids of a round may not add up to the number of tricks",
    )
    simulate.add_argument(
        "--json", action="store_true", help="write the game record as JSON instead"
    )
    simulate.add_argument(
        "--games",
        type=_positive,
        metavar="N",
        help="play N games and print aggregate figures instead of one game's account",
    )
    simulate.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="K",
        help=(
            "with --games: spread the games over K processes, at most "
            f"{MAX_WORKERS} (same figures as one)"
        ),
    )
    simulate.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help=(
            "with --games: 'local' processes (default) or 'ray', tasks on a Ray cluster "
            "(pip install 'wizard-rules[ray]'; same figures)"
        ),
    )
    simulate.add_argument(
        "--address",
        metavar="HOST:PORT",
        help=(
            "with --backend ray: the cluster's head, as given to 'ray start --address' "
            "(default: RAY_ADDRESS, or a Ray instance started on this machine)"
        ),
    )
    simulate.set_defaults(subparser=simulate)


def _add_replay(commands: _Commands) -> None:
    replay = commands.add_parser(
        "replay",
        help="check a JSON game record and print its account",
        description="Read a game record (JSON), replay it under the rules, print its account.",
    )
    replay.add_argument("file", metavar="FILE", help="a JSON game record, or - for stdin")


def _add_conformance(commands: _Commands) -> None:
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
        type=_timeout,
        default=5.0,
        metavar="SECONDS",
        help="how long to wait for each answer (default 5)",
    )
    run.add_argument("--json", action="store_true", help="write a machine-readable report")
    run.set_defaults(subparser=run)


def _add_conformance_adapter(suite_commands: _Commands) -> None:
    suite_commands.add_parser(
        "adapter",
        help="serve this library over the conformance protocol on stdin/stdout",
        description="Serve this library over the conformance protocol (JSON Lines).",
    )


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
        "--games", type=_positive, default=100, metavar="N", help="how many (default 100)"
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
        type=_timeout,
        default=10.0,
        metavar="SECONDS",
        help="how long to wait for each answer (default 10)",
    )
    fuzz.add_argument(
        "--max-deviations",
        type=_positive,
        default=10,
        metavar="N",
        help="stop after N distinct deviations (default 10)",
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
        )
    except FuzzError as error:
        sys.stderr.write(f"wizard-rules conformance fuzz: {error}\n")
        return 2
    return report(result, out)


def _position(text: str) -> Position:
    try:
        return Position.from_text(text)
    except PositionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _depth(text: str) -> int:
    if not text.isdigit() or not text.isascii() or len(text) > 3 or int(text) > MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(
            f"a depth is a whole number from 0 to {MAX_PERFT_DEPTH}, not {text[:30]!r}"
        )
    return int(text)


_POSITION_HELP = (
    "a position in the one-line notation (rule 1.4 of the specification), "
    "as one argument: quote it in a shell"
)


def _add_show(commands: _Commands) -> None:
    show = commands.add_parser(
        "show",
        help="print a position as a table: hands, trick, bids, scores, who acts, legal actions",
        description="Print a position (one-line notation) as a table a person can read.",
    )
    show.add_argument("position", type=_position, metavar="POSITION", help=_POSITION_HELP)


def _add_perft(commands: _Commands) -> None:
    perft = commands.add_parser(
        "perft",
        help="count the distinct sequences of legal actions of a given depth from a position",
        description=(
            "Count the distinct sequences of N legal actions from a complete position.  "
            "A deal is a chance step: it ends a sequence, and so does the end of the game "
            "(each such shorter sequence counts once).  Counts grow fast with N: a count "
            f"that needs more than {PERFT_NODE_BUDGET:,} positions (a few seconds' work, the "
            "conformance adapter's bound) is refused in one line, with status 1."
        ),
    )
    perft.add_argument("position", type=_position, metavar="POSITION", help=_POSITION_HELP)
    perft.add_argument(
        "--depth",
        type=_depth,
        required=True,
        metavar="N",
        help=f"how many actions each sequence has, 0 to {MAX_PERFT_DEPTH} (and at most "
        f"{PERFT_NODE_BUDGET:,} positions expanded)",
    )
    perft.add_argument(
        "--divide",
        action="store_true",
        help="print the count under each first action, then the total",
    )
    perft.set_defaults(subparser=perft)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args.subparser, args, sys.stdout)
        if args.command == "conformance" and args.suite_command == "fuzz":
            return _conformance_fuzz(args, sys.stdout)
        if args.command == "conformance":
            return _conformance(args, sys.stdout)
        if args.command == "show":
            sys.stdout.write(_show(args.position))
            return 0
        if args.command == "perft":
            return _perft(args.subparser, args, sys.stdout)
        if args.command == "arena":
            return _arena(args.subparser, args, sys.stdout)
        if args.command == "play":
            return _play(args.subparser, args)
        return _replay(args.file, sys.stdout)
    except BrokenPipeError:  # pragma: no cover - output closed early (e.g. `| head`)
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback, the shell's status
        sys.stderr.write(f"\nwizard-rules: interrupted{_interrupted_after(args)}\n")
        return 130


def _interrupted_after(args: argparse.Namespace) -> str:
    """How far a run of many games got, for the line printed on Ctrl-C."""
    done = getattr(args, "games_done", None)
    unit = "deals" if args.command == "arena" else "games"
    return "" if done is None else f" after {done} of {args.games} {unit}"


def _positive(text: str) -> int:
    if not text.isdigit() or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number from 1 up: {text[:30]!r}")
    return int(text)


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO) -> int:
    if not 0 <= args.first_dealer < args.players:
        parser.error(f"argument --first-dealer: a seat from 0 to {args.players - 1}")
    if args.games is None and args.workers != 1:
        parser.error("argument --workers: only with --games")
    if args.workers > MAX_WORKERS:
        parser.error(f"argument --workers: at most {MAX_WORKERS}, not {args.workers}")
    if args.games is None and args.backend != "local":
        parser.error("argument --backend: only with --games")
    if args.backend == "ray" and args.workers != 1:
        parser.error("argument --workers: not with --backend ray (the cluster's CPUs set it)")
    if args.address is not None and args.backend != "ray":
        parser.error("argument --address: only with --backend ray")
    if args.games is not None and args.json:
        parser.error("argument --json: not with --games")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    config = Config(
        players=args.players,
        first_dealer=args.first_dealer,
        forbid_bid_total_match=args.forbid_bid_total_match,
    )
    if args.games is not None:
        return _simulate_many(args, config, seed, out)
    final = random_game(config, random.Random(seed))
    if args.json:
        out.write(GameRecord.from_state(final).to_json(indent=2) + "\n")
    else:
        out.write(f"Seed {seed}\n")
        out.write(account(final))
    return 0


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:30]!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("the timeout must be more than 0 and at most 3600 s")
    return value


def _conformance(args: argparse.Namespace, out: TextIO) -> int:
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
        return serve()
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
        table = _rich_lines if _is_terminal(out) else None
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


def _simulate_many(args: argparse.Namespace, config: Config, seed: int, out: TextIO) -> int:
    from wizard_rules.sim.simulation import ClusterError, simulate

    games, workers = args.games, args.workers
    started = time.perf_counter()
    args.games_done = 0  # read by main() if the run is interrupted
    try:
        with _progress(games, "games") as show:

            def progress(done: int) -> None:
                args.games_done = done
                show(done)

            totals = simulate(
                config,
                games,
                seed,
                workers=workers,
                progress=progress,
                backend=args.backend,
                address=args.address,
            )
    except ClusterError as error:
        sys.stderr.write(f"wizard-rules: {error}\n")
        return 1
    except ImportError as error:
        if error.name != "ray":  # pragma: no cover - only Ray is imported on demand here
            raise
        sys.stderr.write(f"wizard-rules: {error}\n")
        return 1
    seconds = time.perf_counter() - started
    where = "on Ray" if args.backend == "ray" else f"{workers} worker{'s' if workers > 1 else ''}"
    out.write(
        f"{games} games, {config.players} players, seed {seed}, {where}: "
        f"{seconds:.2f} s, {games / seconds:.1f} games/s\n"
    )
    header = ("seat", "mean score", "spread", "bids met", "wins")
    rows = [
        (
            f"P{seat}",
            f"{totals.mean_score(seat):.2f}",
            f"{totals.score_spread(seat):.2f}",
            f"{100 * totals.bids_met_rate(seat):.2f}%",
            f"{100 * totals.win_rate(seat):.2f}%",
        )
        for seat in range(config.players)
    ]
    if _rich_table(out, header, rows):
        return 0
    out.write("seat  mean score  spread  bids met    wins\n")
    for seat, mean, spread, met, wins in rows:
        out.write(f"{seat:<5}{mean:>11}{spread:>8}{met:>10}{wins:>8}\n")
    return 0


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@contextlib.contextmanager
def _progress(total: int, unit: str) -> Iterator[Callable[[int], None]]:
    """A progress bar (rich) on standard error while the block runs, if it is a terminal.

    Yields the function to call with the number done so far; when standard
    error is not a terminal, it does nothing.
    """
    if not _is_terminal(sys.stderr):
        yield lambda done: None
        return
    # rich is imported here, not at the top: only a terminal needs it.
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (BarColumn(), MofNCompleteColumn(), TextColumn(unit))
    with Progress(*columns, console=Console(file=sys.stderr)) as bar:
        task = bar.add_task(unit, total=total)
        yield lambda done: bar.update(task, completed=done)


def _rich_table(out: TextIO, header: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """Write a table with rich if ``out`` is a terminal; whether it did."""
    if not _is_terminal(out):
        return False
    out.write("\n".join(_rich_lines(header, rows)) + "\n")
    return True


def _rich_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
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


def _add_arena(commands: _Commands) -> None:
    arena = commands.add_parser(
        "arena",
        help="play bots against each other in duplicate games and compare them",
        description=(
            "Play duplicate games among bots: each deal is played once per rotation of the "
            "bots over the seats, so the luck of the deal cancels.  Prints each bot's mean "
            "score with a 95%% interval, its win rate and exact bids, and the pairwise "
            "differences with 95%% intervals."
        ),
    )
    arena.add_argument(
        "--bots",
        required=True,
        metavar="LIST",
        help="two or more of random, heuristic, ismcts, ismcts:N (N iterations a decision), "
        "ismcts:Ts (T seconds a decision, such as ismcts:0.05s), comma-separated",
    )
    arena.add_argument(
        "--games", type=_positive, required=True, metavar="N", help="how many deals"
    )
    arena.add_argument("--seed", type=_seed, default=0, metavar="S", help="the seed (default 0)")
    arena.add_argument(
        "--players",
        type=_players,
        metavar="P",
        help="seats at the table (default: one per bot; the bots are repeated to fill them)",
    )
    arena.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="K",
        help=f"spread the deals over K processes, at most {MAX_WORKERS} (same figures as one, "
        "unless a bot searches on a time budget)",
    )
    arena.add_argument("--json", action="store_true", help="write the figures as JSON")
    arena.set_defaults(subparser=arena)


def _arena(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO) -> int:
    from wizard_rules.agents.arena import play_arena
    from wizard_rules.errors import InvalidArgumentError

    specs = [spec.strip() for spec in args.bots.split(",")]
    args.games_done = 0  # read by main() if the run is interrupted
    try:
        with _progress(args.games, "deals") as show:

            def progress(done: int) -> None:
                args.games_done = done
                show(done)

            result = play_arena(
                specs, args.games, args.seed, args.players, args.workers, progress=progress
            )
    except InvalidArgumentError as error:
        parser.error(error.message)
    if args.json:
        out.write(json.dumps(result.to_json(), indent=2) + "\n")
    elif not _is_terminal(out):
        out.write(result.table())
    else:
        _arena_tables(result, out)
    return 0


def _arena_tables(result: ArenaResult, out: TextIO) -> None:
    """``result``'s figures as rich tables, for a terminal (else ``result.table()``)."""
    from wizard_rules.agents.arena import BOT_COLUMNS, FOOTNOTE, PAIR_COLUMNS

    lines = [result.heading()]
    lines += _rich_lines(BOT_COLUMNS, result.bot_rows(plus_minus="±"))
    lines += _rich_lines(PAIR_COLUMNS, result.pair_rows(plus_minus="±"))
    lines.append(FOOTNOTE)
    out.write("\n".join(lines) + "\n")


def _replay(path: str, out: TextIO) -> int:
    state = _read_record(path)
    if state is None:
        return 1
    out.write(account(state))
    return 0


def _read_record(path: str) -> State | None:
    """The final state of the game record in ``path``, or ``None`` after a line on stderr."""
    # At most one byte more than a record may hold is read, so that a huge
    # file, /dev/zero or an endless standard input is refused at once (by
    # GameRecord.from_json, with its record error) instead of filling memory.
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_TEXT + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_RECORD_TEXT + 1)
        text = data if len(data) > MAX_RECORD_TEXT else data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"wizard-rules: cannot read {path}: {error}", file=sys.stderr)
        return None
    try:
        return GameRecord.from_json(text).replay()
    except RecordError as error:
        print(f"wizard-rules: {path}: {error}", file=sys.stderr)
        return None


# -- play: a person against bots at the terminal --------------------------------


def _add_play(commands: _Commands) -> None:
    play = commands.add_parser(
        "play",
        help="play a game at the terminal against bots",
        description=(
            "Play Wizard at the terminal: you hold one seat, bots the others.  Answer a "
            "prompt with a bid, a card (its number in your hand or its text, as h13) or a "
            "suit; 'save FILE' saves the game at any prompt, 'help' explains, 'quit' leaves."
        ),
    )
    play.add_argument(
        "--players",
        type=_players,
        metavar="N",
        help=f"{MIN_PLAYERS} to {MAX_PLAYERS} players (needed unless --resume)",
    )
    play.add_argument(
        "--bots",
        default="heuristic",
        metavar="LIST",
        help="the bots at the other seats, from the seat after yours, repeated to fill "
        "them: random, heuristic, ismcts, ismcts:N, ismcts:Ts, comma-separated "
        "(default heuristic)",
    )
    play.add_argument("--seat", type=int, default=0, metavar="K", help="your seat (default 0)")
    play.add_argument(
        "--seed",
        type=_seed,
        metavar="S",
        help="seed of the deals and the bots' choices (default: a fresh one, printed)",
    )
    play.add_argument(
        "--forbid-bid-total-match",
        action="store_true",
        help="option: the bids of a round may not add up to the number of tricks",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with a game saved with 'save FILE' (its players and option are the "
        "record's); give the seed it was played with to get the same deals",
    )
    play.set_defaults(subparser=play)


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    # rich is imported here, not at the top: only the terminal needs it.
    from rich.console import Console

    from wizard_rules.agents.arena import make_bot
    from wizard_rules.agents.play import TerminalGame
    from wizard_rules.errors import InvalidArgumentError

    if args.players is None and args.resume is None:
        parser.error("the following arguments are required: --players (or --resume FILE)")
    specs = [spec.strip() for spec in args.bots.split(",")]
    try:
        bots = [make_bot(spec) for spec in specs]
    except InvalidArgumentError as error:
        parser.error(f"argument --bots: {error.message}")
    start = None
    if args.resume is not None:
        if args.resume == "-":
            parser.error("argument --resume: a file, not -: standard input is where you answer")
        if args.forbid_bid_total_match:
            parser.error(
                "argument --forbid-bid-total-match: a resumed game keeps the options it was "
                "saved with"
            )
        start = _read_record(args.resume)
        if start is None:
            return 1
        config = start.config
        if args.players is not None and args.players != config.players:
            parser.error(
                f"argument --players: the game in {args.resume} has {config.players} players"
            )
    else:
        config = Config(players=args.players, forbid_bid_total_match=args.forbid_bid_total_match)
    if not 0 <= args.seat < config.players:
        parser.error(f"argument --seat: a seat from 0 to {config.players - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    console = Console(highlight=False)
    game = TerminalGame(
        config,
        seat=args.seat,
        bots=bots,
        seed=seed,
        console=console,
        ask=console.input,
        start=start,
        bots_spec=",".join(specs),
    )
    where = "" if start is None else f", resumed from {args.resume} at round {start.round}"
    game.say(
        f"Wizard, {config.players} players: you are P{args.seat}; seed {seed}{where}. "
        "Type help for help."
    )
    try:
        game.run()
    except EOFError:
        console.print()
        game.say(
            f"End of input: the game was left in round {game.state.round}{game.saved_note()}."
        )
        return 1
    except KeyboardInterrupt:
        console.print()
        game.say(f"Interrupted: the game was left in round {game.state.round}{game.saved_note()}.")
        return 130
    return 0


def _perft(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO) -> int:
    # One definition of perft, and one bound on its work: the conformance
    # adapter's, which the suite's perft cases pin down.
    from wizard_rules.conformance.adapter import PERFT_NODE_BUDGET, perft, perft_within_budget

    try:
        state = from_position(args.position)
    except PositionError as error:
        parser.error(f"argument POSITION: {error}")
    depth = args.depth
    total = perft_within_budget(state, depth)
    if total is None:
        sys.stderr.write(
            f"wizard-rules perft: depth {depth} from this position needs more than "
            f"{PERFT_NODE_BUDGET:,} positions, the most a count may expand: give a smaller depth\n"
        )
        return 1
    if not args.divide:
        out.write(f"{total}\n")
        return 0
    first = legal_actions(state) if depth else ()
    for action in first:  # each count is within the bound, as their total is
        out.write(f"{action}: {perft(apply(state, action), depth - 1)}\n")
    if not first:
        if depth == 0:
            reason = "depth 0 counts the empty sequence only"
        elif state.is_over:
            reason = "the game is over"
        else:
            reason = "the deal is a chance step, which ends every sequence"
        out.write(f"no first action: {reason}\n")
    out.write(f"\ntotal: {total}\n")
    return 0


def _hand_text(hand: tuple[Card, ...] | None, size: int) -> str:
    if hand is None:
        return f"hidden ({size} card{'' if size == 1 else 's'})"
    return " ".join(str(card) for card in hand) if hand else "-"


def _trump_text(position: Position) -> str:
    p = position
    if p.phase is Phase.DEAL:
        return "Not dealt yet: no card turned, no trump"
    if p.phase is Phase.GAME_OVER:
        return "No card turned, no trump: the game is over"
    if p.turned is None:
        return f"No card turned (round {p.round} deals every card): no trump"
    if p.turned.is_jester:
        return f"Turned {p.turned}: no trump"
    if p.trump is None:
        return f"Turned {p.turned}: the dealer, P{p.dealer}, names the trump"
    named = " named by the dealer" if p.turned.is_wizard else ""
    return f"Turned {p.turned}: trump {_SUIT_NAMES[p.trump]}{named}"


def _table_lines(position: Position) -> list[str]:
    p = position
    players = p.config.players
    phase = p.phase
    sizes = p.hand_sizes
    hands = [_hand_text(hand, size) for hand, size in zip(p.hands, sizes, strict=True)]
    width = max(4, *(len(hand) for hand in hands))
    lines = [f"{'seat':<6}{'hand':<{width}}{'bid':>5}{'won':>5}{'score':>7}"]
    for seat in range(players):
        notes = []
        if seat == p.dealer and phase is not Phase.GAME_OVER:
            notes.append("dealer")
        if seat == p.leader and phase is Phase.PLAY:
            notes.append("leads this trick")
        if seat == p.current_player:
            notes.append("to act")
        bid = p.bids[seat]
        line = (
            f"{f'P{seat}':<6}{hands[seat]:<{width}}{'-' if bid is None else bid:>5}"
            f"{p.tricks_won[seat]:>5}{p.scores[seat]:>7}"
        )
        lines.append(f"{line}  {', '.join(notes)}".rstrip())
    return lines


def _trick_lines(position: Position) -> list[str]:
    p = position
    players = p.config.players
    finished = len(p.played) // players
    if finished:
        tricks = "trick" if finished == 1 else "tricks"
        cards = " ".join(str(card) for card in p.played)
        lines = [f"Finished: {finished} {tricks}, with the cards {cards}"]
    else:
        lines = ["Finished: no trick yet"]
    if not p.current_trick:
        lines.append(f"Trick in progress: none yet, P{p.leader} leads")
        return lines
    played = ", ".join(
        f"P{_seat_after(p.leader, k, players)} {card}" for k, card in enumerate(p.current_trick)
    )
    suit = led_suit(p.current_trick)
    led = "no led suit" if suit is None else f"led suit {_SUIT_NAMES[suit]}"
    winning = _seat_after(p.leader, winning_position(p.current_trick, p.trump), players)
    lines.append(f"Trick in progress: {played} ({led}; P{winning} winning so far)")
    return lines


def _legal_lines(position: Position) -> list[str]:
    p = position
    actor = p.current_player
    if actor is None:
        return ["Legal actions: none"]
    hand = p.hands[actor]
    if hand is None:
        return [f"Legal actions: cannot be listed, the hand of P{actor} (to act) is hidden"]
    if p.is_complete:
        actions: tuple[Action, ...] = legal_actions(from_position(p))
    else:
        # A player's choices depend on their own hand and the public facts
        # only, which a partial position holds (as a player's view does).
        actions = _legal_choices(cast("_PublicFacts", p), actor, _mask_of(hand))
    lines = [f"Legal actions ({len(actions)}):"]
    for index, action in enumerate(actions):
        item = f"{action}{',' if index < len(actions) - 1 else ''}"
        if len(lines[-1]) + 1 + len(item) > 79:
            lines.append(" ")
        lines[-1] += f" {item}"
    return lines


def _show(position: Position) -> str:
    """Return ``position`` as a table a person can read (``wizard-rules show``)."""
    p = position
    config = p.config
    option = "on" if config.forbid_bid_total_match else "off"
    over = ", the game is over" if p.over else ""
    lines = [
        f"Round {p.round} of {config.rounds}{over}: {config.players} players, "
        f"dealer P{p.dealer}, bid-total option {option}",
        _trump_text(p),
        "",
        *_table_lines(p),
        "",
    ]
    phase = p.phase
    if phase is Phase.PLAY:
        lines.extend(_trick_lines(p))
    if phase is Phase.DEAL:
        lines.append(f"To act: chance, the deal of round {p.round}")
    elif phase is Phase.GAME_OVER:
        best = max(p.scores)
        winners = [f"P{seat}" for seat, score in enumerate(p.scores) if score == best]
        label = "winner" if len(winners) == 1 else "winners (tied)"
        lines.append(f"To act: nobody; {label} {', '.join(winners)} with {best} points")
    else:
        action = {Phase.CHOOSE_TRUMP: "name the trump", Phase.BID: "bid", Phase.PLAY: "play"}
        lines.append(f"To act: P{p.current_player} ({action[phase]})")
    lines.extend(_legal_lines(p))
    return "\n".join(lines) + "\n"


def account(state: State) -> str:
    """Return a readable account of the finished rounds of ``state``.

    One block per round (dealer, turned card, trump, bids, every trick and
    its winner, and the score table), then the winners if the game is over.
    """
    config = state.config
    option = "on" if config.forbid_bid_total_match else "off"
    lines = [
        f"Wizard: {config.players} players, {config.rounds} rounds, "
        f"first dealer P{config.first_dealer}, bid-total option {option}",
    ]
    totals = [0] * config.players
    for result in state.results:
        for seat, points in enumerate(result.scores):
            totals[seat] += points
        lines.append("")
        lines.extend(_round_lines(result, totals))
    if not state.is_over:
        lines.append("")
        who = "chance" if state.current_player is None else f"P{state.current_player}"
        lines.append(
            f"The game is not over: round {state.round}, phase {state.phase.value}, to act: {who}"
        )
    else:
        best = max(totals)
        names = ", ".join(f"P{seat}" for seat in state.winners)
        label = "Winner" if len(state.winners) == 1 else "Winners (tied)"
        lines.append("")
        lines.append(f"{label}: {names} with {best} points")
    return "\n".join(lines) + "\n"


def _round_lines(result: RoundResult, totals: list[int]) -> list[str]:
    players = len(result.bids)
    cards = "card" if result.round == 1 else "cards"
    if result.turned is None:
        trump = "no card turned (last round): no trump"
    elif result.turned.is_jester:
        trump = f"turned {result.turned}: no trump"
    elif result.turned.is_wizard:
        assert result.trump is not None
        trump = f"turned {result.turned}: dealer names {_SUIT_NAMES[result.trump]}"
    else:
        assert result.trump is not None
        trump = f"turned {result.turned}: trump {_SUIT_NAMES[result.trump]}"
    order = [_seat_after(result.dealer, 1 + k, players) for k in range(players)]
    lines = [
        f"Round {result.round} ({result.round} {cards} each), dealer P{result.dealer}, {trump}",
        "  Bids: " + ", ".join(f"P{seat} {result.bids[seat]}" for seat in order),
    ]
    for number, trick in enumerate(result.tricks, start=1):
        played = ", ".join(
            f"P{trick.seat_of(position)} {card}" for position, card in enumerate(trick.cards)
        )
        lines.append(f"  Trick {number}: {played} -> P{trick.winner}")
    lines.append("  seat   bid  took  round  total")
    for seat in range(players):
        lines.append(
            f"  P{seat:<4}{result.bids[seat]:>4}{result.tricks_won[seat]:>6}"
            f"{result.scores[seat]:>7}{totals[seat]:>7}"
        )
    return lines


if __name__ == "__main__":  # pragma: no cover - `python -m wizard_rules` runs __main__.py
    sys.exit(main())
