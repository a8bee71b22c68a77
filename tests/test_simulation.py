"""Many games with aggregate figures."""

from __future__ import annotations

import random

import pytest

from wizard_rules import Config, InvalidArgumentError, random_game
from wizard_rules.sim.simulation import SeatTotals, SimulationTotals, game_seed, simulate

from .helpers import ref_totals, ref_winners


def test_figures_are_the_sums_of_the_games() -> None:
    config = Config(players=4, forbid_bid_total_match=True)
    totals = simulate(config, games=6, seed=3)
    finals = [random_game(config, random.Random(game_seed(3, g))) for g in range(6)]
    assert totals.games == 6
    for seat in range(4):
        # each game's totals and winners recomputed from its bids and cards
        scores = [ref_totals(f)[seat] for f in finals]
        assert totals.seats[seat].score_sum == sum(scores)
        assert totals.seats[seat].score_squares == sum(s * s for s in scores)
        assert totals.seats[seat].rounds == 6 * 15
        assert totals.seats[seat].wins == sum(seat in ref_winners(f) for f in finals)
        met = sum(r.bids[seat] == r.tricks_won[seat] for f in finals for r in f.results)
        assert totals.seats[seat].bids_met == met
        mean = sum(scores) / 6
        assert totals.mean_score(seat) == pytest.approx(mean)
        spread = (sum((s - mean) ** 2 for s in scores) / 6) ** 0.5
        assert totals.score_spread(seat) == pytest.approx(spread)
        assert totals.bids_met_rate(seat) == pytest.approx(met / 90)
        assert totals.win_rate(seat) == pytest.approx(totals.seats[seat].wins / 6)


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_workers_do_not_change_the_figures(workers: int) -> None:
    config = Config(players=5)
    assert simulate(config, 7, 11, workers=workers) == simulate(config, 7, 11)


def test_progress_is_reported_up_to_the_end() -> None:
    seen: list[int] = []
    simulate(Config(players=6), 5, 0, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == 5
    seen.clear()
    simulate(Config(players=6), 5, 0, workers=2, progress=seen.append)
    assert seen[-1] == 5


def test_different_seeds_give_different_games() -> None:
    assert game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)
    config = Config(players=3)
    assert simulate(config, 3, 1) != simulate(config, 3, 2)


@pytest.mark.parametrize(
    ("config", "games", "seed", "workers"),
    [
        ("config", 1, 0, 1),
        (Config(players=3), 0, 0, 1),
        (Config(players=3), 1, "0", 1),
        (Config(players=3), 1, 0, 0),
        (Config(players=3), True, 0, 1),
    ],
)
def test_bad_arguments(config: object, games: object, seed: object, workers: object) -> None:
    with pytest.raises(InvalidArgumentError):
        simulate(config, games, seed, workers=workers)  # type: ignore[arg-type]


def test_totals_add_up() -> None:
    a = SimulationTotals(1, (SeatTotals(10, 100, 1, 2, 1),))
    b = SimulationTotals(2, (SeatTotals(-5, 25, 0, 4, 0),))
    assert a + b == SimulationTotals(3, (SeatTotals(5, 125, 1, 6, 1),))
