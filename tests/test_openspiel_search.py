"""OpenSpiel's search bots on the game: the reward model they need, and the bots.

OpenSpiel's ``MCTSBot`` (Python and C++) refuses a game whose reward model is
not ``TERMINAL``; the game declares ``TERMINAL`` when every reward comes at
its end (a one-round game, or ``rewards="terminal"``).  OpenSpiel's
``evaluate_bots`` calls each bot's ``restart_at``, which its Python
``ISMCTSBot`` lacks (docs/howto/openspiel.rst gives the subclass that adds
it).  OpenSpiel's C++ bots release Python's GIL while they search, so a game
written in Python, OpenSpiel's own among them, crashes them: checked in a
subprocess, so that the crash cannot take the test run down.
"""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

import wizard_rules.integrations.openspiel as wos
from wizard_rules import ConfigError, RoundResult

pyspiel: Any = importlib.import_module("pyspiel")
mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")
ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
evaluate_bots: Any = importlib.import_module("open_spiel.python.algorithms.evaluate_bots")
uniform_random: Any = importlib.import_module("open_spiel.python.bots.uniform_random")

TERMINAL = pyspiel.GameType.RewardModel.TERMINAL
REWARDS = pyspiel.GameType.RewardModel.REWARDS


def load(**params: Any) -> Any:
    return pyspiel.load_game("wizard_rules", params)


def rule_9(result: RoundResult) -> list[int]:
    """Each seat's score for a round, worked out here from rule 9 of docs/rules.rst:
    20 plus 10 a trick for a bid met, minus 10 a trick of the difference otherwise."""
    won = [
        sum(trick.winner == seat for trick in result.tricks) for seat in range(len(result.bids))
    ]
    return [
        20 + 10 * bid if bid == tricks else -10 * abs(bid - tricks)
        for bid, tricks in zip(result.bids, won, strict=True)
    ]


def played_by(result: RoundResult, seat: int) -> list[int]:
    """The indexes of the cards ``seat`` played in a round, in order."""
    n = len(result.bids)
    return [
        card.index
        for trick in result.tricks
        for i, card in enumerate(trick.cards)
        if (trick.leader + i) % n == seat
    ]


# -- the reward model -------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "model"),
    [
        ({"players": 4}, REWARDS),  # the whole game, per-round rewards: the default
        ({"players": 4, "rewards": "per_round"}, REWARDS),
        ({"players": 4, "rewards": "terminal"}, TERMINAL),
        ({"players": 4, "round": 3}, TERMINAL),  # its one round ends the game
        ({"players": 4, "round": 3, "rewards": "terminal"}, TERMINAL),
        ({"players": 5, "schedule": "1,3,5", "rewards": "terminal"}, TERMINAL),
    ],
    ids=str,
)
def test_the_reward_model_is_terminal_when_every_reward_comes_at_the_end(
    params: dict[str, Any], model: Any
) -> None:
    game = load(**params)
    assert game.get_type().reward_model == model
    # the rest of the type is the registered one's
    registered = next(t for t in pyspiel.registered_games() if t.short_name == "wizard_rules")
    assert registered.reward_model == REWARDS  # the default game's
    for name in ("short_name", "dynamics", "chance_mode", "information", "utility"):
        assert getattr(game.get_type(), name) == getattr(registered, name)
    assert pyspiel.load_game(str(game)).get_type().reward_model == model  # the string keeps it


@pytest.mark.parametrize("value", ["per_step", "", "Terminal", 1, None])
def test_a_reward_that_is_no_choice_is_refused(value: object) -> None:
    with pytest.raises(ConfigError, match="rewards must be 'per_round' or 'terminal'"):
        wos.WizardGame({"rewards": value})


def play(game: Any, seed: int) -> tuple[Any, list[list[float]], list[list[float]]]:
    """One seeded random game; the returns and the rewards at every decision and at
    the end, in order (OpenSpiel reads rewards there, not at chance nodes)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    returns, rewards = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
            continue
        returns.append(state.returns())
        rewards.append(state.rewards())
        state.apply_action(rng.choice(state.legal_actions()))
    returns.append(state.returns())
    rewards.append(state.rewards())
    return state, returns, rewards


def test_a_multi_round_game_pays_each_round_or_only_at_the_end() -> None:
    # The same seeded game of three rounds (1, 2 and 1 cards), both ways.
    per_round, returns, rewards = play(load(players=3, schedule="1,2,1"), 11)
    terminal, t_returns, t_rewards = play(
        load(players=3, schedule="1,2,1", rewards="terminal"), 11
    )
    assert per_round.history() == terminal.history()
    results = per_round.wizard_state.results
    assert len(results) == 3
    rounds = [rule_9(result) for result in results]
    total = [float(sum(scores)) for scores in zip(*rounds, strict=True)]
    # the final returns are the same: the game's scores by rule 9
    assert per_round.returns() == terminal.returns() == total
    assert per_round.rewards() == [float(s) for s in rounds[-1]]  # the last round's
    assert terminal.rewards() == total  # everything at once
    # per round: three rewards, a round's scores each, adding up to the returns
    paid = [r for r in rewards if any(r)]
    assert paid == [[float(s) for s in scores] for scores in rounds]
    assert returns[-1] == np.sum(paid, axis=0).tolist()
    # terminal: nothing until the end
    assert all(r == [0.0] * 3 for r in t_returns[:-1] + t_rewards[:-1])
    assert t_returns[-1] == t_rewards[-1] == total


def test_a_one_round_game_is_the_same_either_way() -> None:
    per_round, returns, rewards = play(load(players=4, round=3), 5)
    terminal, t_returns, t_rewards = play(load(players=4, round=3, rewards="terminal"), 5)
    assert (returns, rewards) == (t_returns, t_rewards)
    (result,) = per_round.wizard_state.results
    assert per_round.returns() == terminal.returns() == [float(s) for s in rule_9(result)]
    assert all(r == [0.0] * 4 for r in returns[:-1] + rewards[:-1])


@pytest.mark.parametrize(
    "params",
    [
        {"players": 4, "schedule": "1,2", "rewards": "terminal"},  # two rounds, paid at the end
        {"players": 3, "round": 2, "rewards": "terminal"},
        {"players": 5, "round": 2, "rewards": "terminal", "normalize_returns": True},
    ],
    ids=str,
)
def test_openspiel_random_simulation_tests_with_terminal_rewards(params: dict[str, Any]) -> None:
    # rewards adding up to returns at every state, among OpenSpiel's other checks
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=True, verbose=False)


# -- MCTS ---------------------------------------------------------------------------


class Checked(pyspiel.Bot):  # type: ignore[misc]
    """A bot passing everything to another, and recording each state it acted in and its action."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.moves: list[tuple[list[int], int]] = []

    def restart_at(self, state: Any) -> None:
        self.bot.restart_at(state)

    def inform_action(self, state: Any, player: int, action: int) -> None:
        self.bot.inform_action(state, player, action)

    def step(self, state: Any) -> int:
        action = int(self.bot.step(state))
        self.moves.append((state.legal_actions(), action))
        return action


def mcts_game(seed: int) -> tuple[list[float], Any, list[Checked]]:
    game = load(players=3, round=2)
    rs = np.random.RandomState(seed)
    bots = [
        Checked(mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rs), random_state=rs))
        for _ in range(3)
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rs)
    return returns, state, bots


def test_mcts_plays_the_one_round_game_through_evaluate_bots() -> None:
    returns, state, bots = mcts_game(3)
    assert state.is_terminal()
    (result,) = state.wizard_state.results
    assert returns == state.returns() == [float(s) for s in rule_9(result)]
    # each bot made its bid and played its two cards (and the dealer may have
    # named trump), every action legal when chosen
    for seat, bot in enumerate(bots):
        assert all(action in legal for legal, action in bot.moves)
        actions = [action for _, action in bot.moves]
        assert [a for a in actions if 60 <= a <= 80] == [60 + result.bids[seat]]
        assert [a for a in actions if a < 60] == played_by(result, seat)
        assert len(actions) == 3 + (max(actions) >= 81)
    assert mcts_game(3)[0] == returns  # the seeded random state makes it repeatable


def test_mcts_refuses_the_whole_game_with_per_round_rewards() -> None:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    with pytest.raises(ValueError, match="Game must have terminal rewards"):
        mcts.MCTSBot(load(players=3), 2.0, 8, evaluator)
    assert mcts.MCTSBot(load(players=3, rewards="terminal"), 2.0, 8, evaluator)
    cxx = pyspiel.RandomRolloutEvaluator(1, 0)
    with pytest.raises(pyspiel.SpielError, match="Game must have terminal rewards"):
        pyspiel.MCTSBot(load(players=3), cxx, 2.0, 8, 10, True, 0, False)
    # OpenSpiel's C++ MCTS takes the game of terminal rewards (but see below)
    assert pyspiel.MCTSBot(load(players=3, round=1), cxx, 2.0, 8, 10, True, 0, False)


# -- ISMCTS -------------------------------------------------------------------------


class RestartingISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """docs/howto/openspiel.rst's recipe: OpenSpiel's ISMCTS with the restart_at it lacks."""

    def restart_at(self, state: Any) -> None:
        self.reset()


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("wizard_rules", {"players": 3, "round": 1}),
        ("kuhn_poker", {}),  # OpenSpiel's own game lacks it too
    ],
    ids=str,
)
def test_openspiels_ismcts_lacks_restart_at(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), [bot] * game.num_players(), rs)


def test_ismcts_with_restart_at_plays_through_evaluate_bots() -> None:
    game = load(players=3, round=2)
    rs = np.random.RandomState(1)
    worlds = random.Random(1)
    search = RestartingISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    search.set_resampler(
        lambda state, player: state.resample_from_infostate(player, worlds.random)
    )
    bot = Checked(search)
    others = [uniform_random.UniformRandomBot(seat, rs) for seat in (1, 2)]
    for _ in range(2):  # restart_at lets one bot play game after game
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, [bot, *others], rs)
        assert state.is_terminal()
        (result,) = state.wizard_state.results
        assert returns == [float(s) for s in rule_9(result)]
    assert len(bot.moves) == 2 * 3
    assert all(action in legal for legal, action in bot.moves)


# -- OpenSpiel's C++ bots on games written in Python ------------------------------------

CRASH = textwrap.dedent(
    """
    import sys
    import pyspiel
    bot, name = sys.argv[1:]
    params = {}
    if name == "python_kuhn_poker":  # OpenSpiel's own Kuhn poker written in Python
        from open_spiel.python.games import kuhn_poker
    elif name == "wizard_rules":
        import wizard_rules.integrations.openspiel
        params = {"players": 3, "round": 1}
    game = pyspiel.load_game(name, params)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    if bot == "ISMCTSBot":
        bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 8)
    else:
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 8, 10, True, 0, False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    print("searching", flush=True)
    print("chose", bot.step(state), flush=True)
    """
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("bot", "game", "crashes"),
    [
        ("ISMCTSBot", "kuhn_poker", False),  # written in C++: fine
        ("MCTSBot", "kuhn_poker", False),
        ("ISMCTSBot", "python_kuhn_poker", True),  # OpenSpiel's own, written in Python
        ("ISMCTSBot", "wizard_rules", True),
        ("MCTSBot", "python_kuhn_poker", True),
        ("MCTSBot", "wizard_rules", True),
    ],
    ids=str,
)
def test_openspiels_cxx_bots_crash_on_games_written_in_python(
    bot: str, game: str, crashes: bool
) -> None:
    # The C++ bots release Python's GIL for their search (step), then call the
    # Python game (a clone, an information state string) without it.  If this
    # test fails because they no longer crash, docs/howto/openspiel.rst must change.
    done = subprocess.run(
        [sys.executable, "-c", CRASH, bot, game], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.startswith("searching")
    if crashes:
        assert done.returncode < 0, (done.returncode, done.stdout, done.stderr)  # a signal
        assert "chose" not in done.stdout
    else:
        assert done.returncode == 0, done.stderr
        assert "chose" in done.stdout
