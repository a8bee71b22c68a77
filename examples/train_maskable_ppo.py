"""Train MaskablePPO on one seat of Wizard, then measure it in duplicate games.

The recipe of ``docs/howto/training.rst``.  It needs the ``train`` extra
(``pip install -e '.[train]'``: sb3-contrib, torch and matplotlib) and runs
on CPU::

    python examples/train_maskable_ppo.py --steps 100000 --seed 1 --out runs/ppo --eval-games 50

One seat of a four-player game learns
(:class:`~wizard_rules.integrations.pettingzoo.SingleAgentEnv`, the other
three seats uniformly random, rewards each round's score divided by the most
a player can score in a game), with sb3-contrib's ``MaskablePPO``: the
policy only ever picks a legal action, from the environment's
``action_mask``.  The run writes to ``--out``:

- ``model.zip``: the trained model (``MaskablePPO.load``);
- ``curve.csv``: one row an episode (a game): the steps so far, the
  episode's return, and the mean return and mean score (in points) over the
  last ``--window`` episodes;
- ``curve.png`` and ``curve.svg``: that curve, drawn with matplotlib;
- ``arena.json`` and ``arena.txt``: the trained agent at one seat against
  three :class:`~wizard_rules.agents.bots.RandomBot`, then against three
  :class:`~wizard_rules.agents.bots.HeuristicBot`, in duplicate games.

The games of the evaluation are the arena's
(:mod:`wizard_rules.agents.arena`): deal ``i`` is seeded with
``game_seed(seed, i)``, every round dealt with ``round_deal_rng``, and each
deal is played once per rotation, so the agent holds every seat's cards
once; the 95% intervals are Student's t over the duplicate sets, as the
arena computes them.  :func:`play_arena` takes bots by name, so this script
plays those games itself (:func:`duplicate_games`); with the library's bots
it gives the arena's very figures.

Reproducibility: the same seed gives the same run, on the same machine with
the same versions of torch, NumPy and sb3: the seed fixes sb3's seeding
(Python's, NumPy's and torch's generators), the environment's deals and
opponents, and torch runs deterministic algorithms on ``--threads`` threads
(1 by default).  Another CPU, another number of threads or another torch
may round differently, and a policy trained over thousands of updates then
drifts to a different (not better or worse) agent.  The evaluation draws
nothing at random from the agent (it plays the policy's most likely legal
action), so a saved model gives the same figures on any machine, unless two
actions are so close in the policy that a rounding swaps them.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import gymnasium
import numpy as np
import torch
from numpy.typing import NDArray
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

from wizard_rules import Action, Config, PlayerView, apply, new_game, player_view, random_deal
from wizard_rules.agents.arena import interval
from wizard_rules.agents.bots import Bot, HeuristicBot, RandomBot
from wizard_rules.formats.action_ids import NUM_ACTIONS, action_id, to_action
from wizard_rules.integrations.pettingzoo import ENV_ID, Observation, SingleAgentEnv
from wizard_rules.integrations.tensors import Layout, max_score
from wizard_rules.sim.random_play import round_deal_rng
from wizard_rules.sim.simulation import game_seed

PLAYERS: Final = 4
"""The seats at the table: the learner and three opponents."""

MAX_SCORE: Final = max_score(PLAYERS, range(1, 60 // PLAYERS + 1))
"""The most a player can score in a game; a return of 1.0 is that many points."""


def action_mask(env: Any) -> NDArray[np.bool_]:
    """The legal ids of the learner's turn, as ``MaskablePPO`` asks for them."""
    single: SingleAgentEnv = env.unwrapped
    mask: NDArray[np.bool_] = single.env.observe(single.agent)["action_mask"].astype(bool)
    return mask


def make_env() -> ActionMasker:
    """The learner's environment: seat 0 of four, rewards normalised, episode ends logged.

    ``gymnasium.make(ENV_ID, ...)`` is
    :class:`~wizard_rules.integrations.pettingzoo.SingleAgentEnv` with
    Gymnasium's order and passive checks around it.
    """
    single = gymnasium.make(ENV_ID, players=PLAYERS, normalize_rewards=True)
    return ActionMasker(Monitor(single), action_mask)


@attrs.frozen
class Episode:
    """One finished training episode (a whole game of the learner's seat)."""

    steps: int
    """The environment steps taken so far, this episode's included."""
    ret: float
    """The episode's return (its score over :data:`MAX_SCORE`)."""
    illegal: bool
    """Whether it ended on an illegal action (never, with the mask)."""


class EpisodeLog(BaseCallback):
    """Records every episode's return, from the ``episode`` info sb3's ``Monitor`` adds.

    Every ``report`` episodes it prints a line: the steps, and the mean
    score of those episodes.
    """

    def __init__(self, report: int) -> None:
        super().__init__()
        self.episodes: list[Episode] = []
        """The episodes, in the order they ended."""
        self.report = report
        """How many episodes between two progress lines."""

    def _on_step(self) -> bool:
        infos: Sequence[Mapping[str, Any]] = self.locals["infos"]
        for info in infos:
            if "episode" in info:
                self.episodes.append(
                    Episode(
                        steps=int(self.num_timesteps),
                        ret=float(info["episode"]["r"]),
                        illegal=bool(info.get("illegal_action", False)),
                    )
                )
                if len(self.episodes) % self.report == 0:
                    recent = [e.ret for e in self.episodes[-self.report :]]
                    print(
                        f"{self.num_timesteps} steps, {len(self.episodes)} games: mean score "
                        f"{MAX_SCORE * sum(recent) / len(recent):.1f} over the last "
                        f"{self.report}",
                        flush=True,
                    )
        return True


def curve_rows(episodes: Sequence[Episode], window: int) -> list[dict[str, float | int]]:
    """The learning curve: per episode, the mean return over the last ``window`` episodes."""
    rows: list[dict[str, float | int]] = []
    for number, episode in enumerate(episodes, start=1):
        recent = [e.ret for e in episodes[max(0, number - window) : number]]
        mean = sum(recent) / len(recent)
        rows.append(
            {
                "steps": episode.steps,
                "episode": number,
                "episode_return": round(episode.ret, 6),
                "mean_return": round(mean, 6),
                "mean_score": round(mean * MAX_SCORE, 2),
            }
        )
    return rows


def write_curve(rows: Sequence[Mapping[str, float | int]], out: Path, window: int) -> None:
    """Write ``curve.csv``, and draw it to ``curve.png`` and ``curve.svg``."""
    with (out / "curve.csv").open("w", newline="") as file:
        writer = csv.DictWriter(
            file, ["steps", "episode", "episode_return", "mean_return", "mean_score"]
        )
        writer.writeheader()
        writer.writerows(rows)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "wizard-rules"  # the same SVG from the same curve
    figure, axes = plt.subplots(figsize=(7, 3.6), layout="constrained")
    full = rows[window - 1 :] or rows  # the games with a whole window behind them
    steps = [row["steps"] for row in full]
    axes.plot(steps, [row["mean_score"] for row in full], color="#1f77b4", linewidth=1.8)
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_xlabel("training steps (the learner's decisions)")
    axes.set_ylabel(f"mean score per game\n(last {window} games)")
    axes.set_title("MaskablePPO at one seat of four, against three random players")
    axes.grid(True, alpha=0.3)
    figure.savefig(out / "curve.png", dpi=120)
    figure.savefig(out / "curve.svg", metadata={"Date": None})
    plt.close(figure)


class PolicyBot:
    """A :class:`~wizard_rules.agents.bots.Bot` that plays a trained ``MaskablePPO``.

    It encodes its view as the environment does (the same
    :class:`~wizard_rules.integrations.tensors.Layout` and action mask) and
    plays the policy's most likely legal action; it draws nothing from
    ``rng``.  ``decisions`` counts its choices, ``illegal`` those that were
    not legal (none: the mask leaves only legal ids).
    """

    def __init__(self, model: MaskablePPO, config: Config) -> None:
        self.model = model
        """The trained model."""
        self.layout = Layout(config.players, rules=config.rules)
        """The observations' layout."""
        self.decisions = 0
        """How many actions it chose."""
        self.illegal = 0
        """How many of them were not legal."""

    def observation(self, view: PlayerView) -> Observation:
        """The environment's observation of ``view``, whose viewer is to act."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[[action_id(a) for a in view.legal_actions()]] = 1
        return {"observation": self.layout.encode(view), "action_mask": mask}

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The policy's most likely legal action."""
        observation = self.observation(view)
        ids, _ = self.model.predict(
            observation, deterministic=True, action_masks=observation["action_mask"] == 1
        )
        action = to_action(int(ids), view.seat)
        self.decisions += 1
        self.illegal += action not in view.legal_actions()
        return action


@attrs.frozen
class SeatFigures:
    """A bot's figures over duplicate games: per seat it played, as the arena reports them."""

    name: str
    """The bot's name."""
    seats: int
    """How many seats it held at the table."""
    mean_score: float
    """Its mean final score per game and seat."""
    score_interval: float | None
    """The half-width of the 95% interval of ``mean_score`` (``None`` for one deal)."""
    win_rate: float
    """The share of its seat-games it won (a shared win split)."""


@attrs.frozen
class DuplicateResult:
    """The figures of :func:`duplicate_games`."""

    deals: int
    """How many deals (duplicate sets) were played."""
    games_played: int
    """How many games: a deal once per rotation."""
    bots: tuple[SeatFigures, ...]
    """Each bot's figures, in the order first seated."""
    difference: float
    """The first bot's mean score less the second's."""
    difference_interval: float | None
    """The half-width of its 95% interval, paired by deal."""

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON-ready dict."""
        return attrs.asdict(self)


def duplicate_games(
    table: Sequence[str], bots: Mapping[str, Bot], deals: int, seed: int
) -> DuplicateResult:
    """Play ``deals`` deals once per rotation of ``table`` over the seats, as the arena does.

    ``table`` names the bot at each seat in the first rotation (a name may
    repeat: ``["ppo", "random", "random", "random"]``); rotation ``r`` moves
    every bot ``r`` seats on.  Deals, bots' generators, rotations and
    intervals are :func:`~wizard_rules.agents.arena.play_arena`'s, so the
    arena's table (its bots repeated to fill the seats) gives its figures.
    """
    players = len(table)
    config = Config(players=players)
    names = list(dict.fromkeys(table))
    per_deal: dict[str, list[float]] = {name: [] for name in names}
    wins = dict.fromkeys(names, 0.0)
    for deal in range(deals):
        key = game_seed(seed, deal)
        totals = dict.fromkeys(names, 0)
        for rotation in range(players):
            lineup = [table[(seat - rotation) % players] for seat in range(players)]
            rngs = [random.Random(f"{key}:bot:{rotation}:{seat}") for seat in range(players)]
            state = new_game(config)
            while not state.is_over:
                if state.is_chance:
                    state = apply(state, random_deal(state, round_deal_rng(key, state.round)))
                    continue
                seat = state.current_player
                assert seat is not None
                bot = bots[lineup[seat]]
                state = apply(state, bot.choose(player_view(state, seat), rngs[seat]))
            for seat, name in enumerate(lineup):
                totals[name] += state.scores[seat]
                if seat in state.winners:
                    wins[name] += 1 / len(state.winners)
        for name in names:
            per_deal[name].append(totals[name] / (players * table.count(name)))
    figures = []
    for name in names:
        mean, half = interval(per_deal[name])
        seat_games = deals * players * table.count(name)
        figures.append(SeatFigures(name, table.count(name), mean, half, wins[name] / seat_games))
    first, second = names[0], names[1]
    mean, half = interval([a - b for a, b in zip(per_deal[first], per_deal[second], strict=True)])
    return DuplicateResult(deals, deals * players, tuple(figures), mean, half)


def result_table(title: str, result: DuplicateResult) -> str:
    """``result`` as lines of plain text, under ``title``."""
    lines = [f"{title}: {result.deals} deals x {PLAYERS} rotations = {result.games_played} games"]
    for bot in result.bots:
        half = "n/a" if bot.score_interval is None else f"+-{bot.score_interval:.1f}"
        lines.append(
            f"  {bot.name:<10} seats {bot.seats}  mean score {bot.mean_score:7.1f} {half:>8}"
            f"  wins {100 * bot.win_rate:5.1f}%"
        )
    half = "n/a" if result.difference_interval is None else f"+-{result.difference_interval:.1f}"
    names = [bot.name for bot in result.bots]
    lines.append(f"  {names[0]} - {names[1]}: {result.difference:.1f} {half}")
    return "\n".join(lines)


def seed_everything(seed: int, threads: int) -> None:
    """Seed Python's, NumPy's and torch's generators; make torch deterministic."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)


def train(
    steps: int, seed: int, n_steps: int = 2048, threads: int = 1, report: int = 50
) -> tuple[MaskablePPO, list[Episode], float]:
    """Train a ``MaskablePPO`` for ``steps`` steps; return it, its episodes and the seconds taken.

    sb3 rounds ``steps`` up to whole rollouts of ``n_steps``; a progress
    line is printed every ``report`` episodes.
    """
    seed_everything(seed, threads)
    model = MaskablePPO(
        "MultiInputPolicy",
        make_env(),
        n_steps=n_steps,
        batch_size=min(64, n_steps),
        seed=seed,
        device="cpu",
        verbose=0,
    )
    log = EpisodeLog(report)
    started = time.perf_counter()
    model.learn(total_timesteps=steps, callback=log)
    return model, log.episodes, time.perf_counter() - started


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training steps")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run")
    parser.add_argument("--out", type=Path, default=Path("runs/ppo"), help="output folder")
    parser.add_argument(
        "--eval-games",
        type=int,
        default=50,
        help="deals per opponent in the evaluation (each played once per rotation: 4 games)",
    )
    parser.add_argument(
        "--n-steps", type=int, default=2048, help="steps per PPO rollout (the update period)"
    )
    parser.add_argument("--window", type=int, default=50, help="episodes in the curve's mean")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args(argv)
    for name in ("steps", "eval_games", "n_steps", "window", "threads"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Train, write the model and the curve, evaluate; return the summary also written."""
    args = parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    cpu = time.process_time()
    model, episodes, trained = train(
        args.steps, args.seed, args.n_steps, args.threads, args.window
    )
    train_cpu = time.process_time() - cpu
    model.save(out / "model.zip")
    rows = curve_rows(episodes, args.window)
    write_curve(rows, out, args.window)

    agent = PolicyBot(model, Config(players=PLAYERS))
    bots: dict[str, Bot] = {"ppo": agent, "random": RandomBot(), "heuristic": HeuristicBot()}
    started = time.perf_counter()
    results = {
        opponent: duplicate_games(["ppo"] + [opponent] * 3, bots, args.eval_games, args.seed)
        for opponent in ("random", "heuristic")
    }
    evaluated = time.perf_counter() - started
    eval_cpu = time.process_time() - cpu - train_cpu
    text = "\n".join(
        result_table(f"ppo against three {name} bots", result) for name, result in results.items()
    )
    (out / "arena.txt").write_text(text + "\n")
    summary: dict[str, Any] = {
        "steps": int(model.num_timesteps),
        "seed": args.seed,
        "episodes": len(episodes),
        "illegal_training_actions": sum(e.illegal for e in episodes),
        # the first full window's mean, and the last
        "curve_first": rows[min(args.window, len(rows)) - 1]["mean_score"] if rows else None,
        "curve_last": rows[-1]["mean_score"] if rows else None,
        "train_seconds": round(trained, 1),
        "eval_seconds": round(evaluated, 1),
        # the process's CPU time: on a busy machine, wall time is mostly waiting
        "train_cpu_seconds": round(train_cpu, 1),
        "eval_cpu_seconds": round(eval_cpu, 1),
        "agent_decisions": agent.decisions,
        "agent_illegal": agent.illegal,
        "torch": torch.__version__,
        "arena": {name: result.to_json() for name, result in results.items()},
    }
    (out / "arena.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(text)
    print(
        f"{summary['steps']} steps, {summary['episodes']} games, curve "
        f"{summary['curve_first']} -> {summary['curve_last']} points per game; "
        f"trained in {trained:.0f} s (CPU {train_cpu:.0f} s), evaluated in {evaluated:.0f} s "
        f"(CPU {eval_cpu:.0f} s); written to {out}"
    )
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
