"""The ``wizard-rules`` command: its arguments, and what each command does with them.

The text of positions and games is :mod:`wizard_rules.formats.text`'s, and
the ``conformance`` command is :mod:`wizard_rules.cli.conformance`.

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
:func:`wizard_rules.sim.perft.perft` counts them (a deal, being a
chance step, ends a sequence); ``--divide`` prints the count under each first
action, then the total.  A count that needs more than
:data:`~wizard_rules.sim.perft.PERFT_NODE_BUDGET` positions, the
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

``wizard-rules play [--players N] [--bots LIST] [--seat K] [--seed S]
[--resume FILE]`` plays a game at the terminal, a person against bots (see
:mod:`wizard_rules.agents.play`; by default 4 players, the person at seat 0
and heuristic bots): status 0 at the end of the game or after ``quit``,
1 when the input ends first (Ctrl-D) or the record given to ``--resume``
cannot be read or replayed, 130 on Ctrl-C.

``simulate``, ``arena`` and ``play`` play a variant with ``--canadian-rule``
(rule 21 of the specification), ``--schedule SCHEDULE`` (rule 22):
``standard``, ``odd`` (1, 3, 5, ... cards) or the hand sizes of the rounds
in order, comma-separated (``--schedule 1,3,5``), ``--hidden-bids`` (rule
23), ``--delayed-reveal`` (rule 24), ``--hardcore`` (rule 25) and
``--clairvoyance`` (rule 26); ``simulate --json`` writes them into the
record's configuration, and a resumed game keeps its own.  Flags that cannot
be played together (rule 27: hidden bids or delayed reveal with a bid
restriction, hidden bids with delayed reveal; clairvoyance with a first round
of more than one card) are a usage error that names the flag and says why.

The same three commands play with the anniversary cards (rules 28 to 41)
with ``--cards NAMES``: card names, comma-separated (``dragon,fairy,bomb``),
``20``, ``25`` or ``30`` for an edition's cards, or ``all``; and ``--reading
NAME=VALUE`` (repeatable) for a reading that is not the default.  An unknown
card, a card named twice, the Dragon without the Fairy (rule 28.2), the cards
with hidden bids, delayed reveal or clairvoyance (rule 28.5), a reading
without ``--cards``, chosen twice or with a value it does not take are usage
errors.  ``simulate`` and ``replay`` tell the cards' events in plain words (the
Werewolf's swap, the Vampire's card turned up, declarations, a Bomb's trick
won by no one, the passes, the Cloud's bid changes, the Witch's swaps).

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
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from wizard_rules._version import __version__
from wizard_rules.cli._shared import (
    VARIANT_FLAGS,
    VariantFlagError,
    cards_arg,
    cards_rules,
    is_terminal,
    players_arg,
    positive_arg,
    progress_bar,
    reading_arg,
    rich_lines,
    rich_table,
    rules_of,
    schedule_arg,
    seed_arg,
)
from wizard_rules.cli.conformance import add_conformance, conformance
from wizard_rules.conformance.protocol import MAX_PERFT_DEPTH
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config
from wizard_rules.core.position import Position, from_position
from wizard_rules.core.rules import Rules
from wizard_rules.core.state import State
from wizard_rules.core.transitions import apply, legal_actions
from wizard_rules.errors import ConfigError, PositionError, RecordError
from wizard_rules.formats.records import MAX_RECORD_TEXT, GameRecord
from wizard_rules.formats.text import account as account  # 0.1's cli.account, kept
from wizard_rules.formats.text import position_table
from wizard_rules.sim.perft import PERFT_NODE_BUDGET, perft, perft_within_budget
from wizard_rules.sim.random_play import any_random_game
from wizard_rules.sim.simulation import MAX_WORKERS

if TYPE_CHECKING:
    from typing import TypeAlias

    from wizard_rules.agents.arena import ArenaResult
    from wizard_rules.core.anniversary.state import AnniversaryState

    # What ``add_subparsers`` returns: each subcommand adds its parser to it.
    _Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wizard-rules",
        description="The rules of the card game Wizard, from the command line.",
    )
    parser.add_argument("--version", action="version", version=f"wizard-rules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_simulate(commands)
    _add_replay(commands)
    add_conformance(commands)
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
        type=players_arg,
        required=True,
        metavar="N",
        help=f"{MIN_PLAYERS} to {MAX_PLAYERS} players",
    )
    simulate.add_argument(
        "--seed",
        type=seed_arg,
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
    _add_variants(simulate)
    simulate.add_argument(
        "--json", action="store_true", help="write the game record as JSON instead"
    )
    simulate.add_argument(
        "--games",
        type=positive_arg,
        metavar="N",
        help="play N games and print aggregate figures instead of one game's account",
    )
    simulate.add_argument(
        "--workers",
        type=positive_arg,
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
            "(the 'ray' extra: pip install '.[ray]' from a clone; same figures)"
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


def _add_variants(parser: argparse.ArgumentParser) -> None:
    """The variant flags: ``--canadian-rule`` ... ``--clairvoyance`` and ``--schedule``.

    Rules 21 to 26; each flag turns on the variant of
    :data:`~wizard_rules.core.rules.VARIANTS` of its name (see :func:`_rules`).
    """
    parser.add_argument(
        "--canadian-rule",
        action="store_true",
        help="variant: a dealer who leads outright may not make the bids add up to the "
        "number of tricks, but by bidding 0 (rule 21)",
    )
    parser.add_argument(
        "--schedule",
        type=schedule_arg,
        metavar="SCHEDULE",
        help="variant: the hand size of each round: standard (1 card, 2, ... up to the whole "
        "deck; the default), odd (1, 3, 5, ...) or the sizes in order, as 1,3,5 (rule 22)",
    )
    parser.add_argument(
        "--hidden-bids",
        action="store_true",
        help="variant: the bids are made in secret and shown together once the last is "
        "made (rule 23)",
    )
    parser.add_argument(
        "--delayed-reveal",
        action="store_true",
        help="variant: the bids are made in secret and shown only when the round is over "
        "(rule 24)",
    )
    parser.add_argument(
        "--hardcore",
        action="store_true",
        help="variant: from 4 cards a round the dealer may not make the bids add up to the "
        "number of tricks (rule 25)",
    )
    parser.add_argument(
        "--clairvoyance",
        action="store_true",
        help="variant: in round 1 each player sees every other card but not their own, and "
        "the trick plays itself after the last bid (rule 26)",
    )
    parser.add_argument(
        "--cards",
        type=cards_arg,
        metavar="NAMES",
        help="play with anniversary cards (rule 28): card names, comma-separated (dragon,"
        "fairy,bomb,werewolf,juggler,cloud,shapeshifter,witch,vampire; the Dragon only with "
        "the Fairy), or 20, 25 or 30 for an edition's cards, or all",
    )
    parser.add_argument(
        "--reading",
        type=reading_arg,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --cards: the reading of a disputed point, as bomb_leader=highest_card "
        "(repeatable; see 'The readings' in the docs); unnamed readings are the defaults",
    )


def _rules(
    parser: argparse.ArgumentParser, args: argparse.Namespace, players: int | None
) -> Rules:
    """The rules the variant flags give; a usage error if they cannot be played.

    Flags that cannot be played together (rule 27) name the flag to blame;
    a schedule that ``players`` hands cannot hold is ``--schedule``'s error,
    a first round of more than one card ``--clairvoyance``'s (rule 26.1).
    ``players`` of ``None`` leaves those two checks to the caller.
    """
    names = [name for name, _flag in VARIANT_FLAGS if getattr(args, name, False)]
    try:
        rules = rules_of(names, args.schedule)
        rules = cards_rules(rules, args.cards, args.reading)
    except VariantFlagError as error:
        parser.error(str(error))
    if players is not None:
        try:
            rules.schedule.deal_sizes(players)
        except ConfigError as error:  # a hand size too large for the players
            parser.error(f"argument --schedule: {error.message}")
        try:
            Config(players=players, rules=rules)
        except ConfigError as error:  # clairvoyance, and a first round of more than 1 card
            parser.error(f"argument --clairvoyance: {error.message}")
    return rules


def _config(
    parser: argparse.ArgumentParser, args: argparse.Namespace, first_dealer: int
) -> Config:
    """The configuration the arguments give; a usage error if there is none."""
    rules = _rules(parser, args, args.players)
    return Config(players=args.players, first_dealer=first_dealer, rules=rules)


def _add_replay(commands: _Commands) -> None:
    replay = commands.add_parser(
        "replay",
        help="check a JSON game record and print its account",
        description="Read a game record (JSON), replay it under the rules, print its account.",
    )
    replay.add_argument("file", metavar="FILE", help="a JSON game record, or - for stdin")


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
        if args.command == "conformance":
            return conformance(args, sys.stdout)
        if args.command == "show":
            sys.stdout.write(position_table(args.position))
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
    config = _config(parser, args, args.first_dealer)
    if args.games is not None:
        return _simulate_many(args, config, seed, out)
    final = any_random_game(config, random.Random(seed))
    if args.json:
        out.write(GameRecord.from_state(final).to_json(indent=2) + "\n")
    else:
        out.write(f"Seed {seed}\n")
        out.write(account(final))
    return 0


def _simulate_many(args: argparse.Namespace, config: Config, seed: int, out: TextIO) -> int:
    from wizard_rules.sim.simulation import ClusterError, simulate

    games, workers = args.games, args.workers
    started = time.perf_counter()
    args.games_done = 0  # read by main() if the run is interrupted
    try:
        with progress_bar(games, "games") as show:

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
    if rich_table(out, header, rows):
        return 0
    out.write("seat  mean score  spread  bids met    wins\n")
    for seat, mean, spread, met, wins in rows:
        out.write(f"{seat:<5}{mean:>11}{spread:>8}{met:>10}{wins:>8}\n")
    return 0


def _add_arena(commands: _Commands) -> None:
    arena = commands.add_parser(
        "arena",
        help="play bots against each other in duplicate games and compare them",
        description=(
            "Play duplicate games among bots: each deal is played once per rotation of the "
            "bots over the seats, so the luck of the deal cancels.  Prints each bot's mean "
            "score with a 95% interval, its win rate and exact bids, and the pairwise "
            "differences with 95% intervals."
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
        "--games", type=positive_arg, required=True, metavar="N", help="how many deals"
    )
    arena.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="the seed (default 0)"
    )
    arena.add_argument(
        "--players",
        type=players_arg,
        metavar="P",
        help="seats at the table (default: one per bot; the bots are repeated to fill them)",
    )
    _add_variants(arena)
    arena.add_argument(
        "--workers",
        type=positive_arg,
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
    seats = args.players if args.players is not None else len(specs)
    rules = _rules(parser, args, seats if MIN_PLAYERS <= seats <= MAX_PLAYERS else None)
    args.games_done = 0  # read by main() if the run is interrupted
    try:
        with progress_bar(args.games, "deals") as show:

            def progress(done: int) -> None:
                args.games_done = done
                show(done)

            result = play_arena(
                specs,
                args.games,
                args.seed,
                args.players,
                args.workers,
                progress=progress,
                rules=rules,
            )
    except InvalidArgumentError as error:  # (the rules were checked by _rules, above)
        parser.error(error.message)
    if args.json:
        out.write(json.dumps(result.to_json(), indent=2) + "\n")
    elif not is_terminal(out):
        out.write(result.table())
    else:
        _arena_tables(result, out)
    return 0


def _arena_tables(result: ArenaResult, out: TextIO) -> None:
    """``result``'s figures as rich tables, for a terminal (else ``result.table()``)."""
    from wizard_rules.agents.arena import BOT_COLUMNS, FOOTNOTE, PAIR_COLUMNS

    lines = [result.heading()]
    lines += rich_lines(BOT_COLUMNS, result.bot_rows(plus_minus="±"))
    lines += rich_lines(PAIR_COLUMNS, result.pair_rows(plus_minus="±"))
    lines.append(FOOTNOTE)
    out.write("\n".join(lines) + "\n")


def _replay(path: str, out: TextIO) -> int:
    state = _read_record(path)
    if state is None:
        return 1
    out.write(account(state))
    return 0


def _read_record(path: str) -> State | AnniversaryState | None:
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
        return GameRecord.from_json(text).replay_any()
    except RecordError as error:
        print(f"wizard-rules: {path}: {error}", file=sys.stderr)
        return None


# -- play: a person against bots at the terminal --------------------------------


_PLAY_PLAYERS = 4
"""How many players ``wizard-rules play`` seats when ``--players`` is not given."""


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
        type=players_arg,
        metavar="N",
        help=f"{MIN_PLAYERS} to {MAX_PLAYERS} players (default {_PLAY_PLAYERS}; "
        "a resumed game has its record's)",
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
        type=seed_arg,
        metavar="S",
        help="seed of the deals and the bots' choices (default: a fresh one, printed)",
    )
    play.add_argument(
        "--forbid-bid-total-match",
        action="store_true",
        help="option: the bids of a round may not add up to the number of tricks",
    )
    _add_variants(play)
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with a game saved with 'save FILE' (its players, option and variants "
        "are the record's); give the seed it was played with to get the same deals",
    )
    play.set_defaults(subparser=play)


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    # rich is imported here, not at the top: only the terminal needs it.
    from rich.console import Console

    from wizard_rules.agents.arena import make_bot
    from wizard_rules.agents.play import TerminalGame
    from wizard_rules.errors import InvalidArgumentError

    specs = [spec.strip() for spec in args.bots.split(",")]
    try:
        bots = [make_bot(spec) for spec in specs]
    except InvalidArgumentError as error:
        parser.error(f"argument --bots: {error.message}")
    start = None
    if args.resume is not None:
        if args.resume == "-":
            parser.error("argument --resume: a file, not -: standard input is where you answer")
        given = [flag for name, flag in VARIANT_FLAGS if getattr(args, name)]
        if args.schedule is not None:
            given.append("--schedule")
        if args.cards is not None:
            given.append("--cards")
        if args.reading:
            given.append("--reading")
        if given:
            parser.error(
                f"argument {given[0]}: a resumed game keeps the options it was saved with"
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
        if args.players is None:
            args.players = _PLAY_PLAYERS
        config = _config(parser, args, first_dealer=0)
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
    from wizard_rules.formats.text import anniversary_words

    game.say(
        f"Wizard, {config.players} players{anniversary_words(config)}: you are P{args.seat}; "
        f"seed {seed}{where}. Type help for help."
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
    # One definition of perft, and one bound on its work: those of
    # wizard_rules.sim.perft, which the conformance adapter answers with and
    # the suite's perft cases pin down.
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


if __name__ == "__main__":  # pragma: no cover - `python -m wizard_rules` runs __main__.py
    sys.exit(main())
