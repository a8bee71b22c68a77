"""A long seeded run of the ``rules`` target: random games, hostile actions at every step.

At every state of random games it tries a random legal action and several
near misses (seats and bids out of range, cards not held, other kinds of
action, huge ints, non-actions) against the oracle of :mod:`fuzz.oracle`::

    nice .venv/bin/python fuzz/rules_fuzz.py --inputs 1000000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzz.targets import rules
from wizard_rules import (
    DECK,
    Bid,
    ChooseTrump,
    Config,
    Deal,
    Play,
    State,
    Suit,
    apply,
    new_game,
    random_action,
    random_deal,
)

_HUGE = 10**5000


def _hostile(state: State, rng: random.Random) -> object:
    seat = rng.choice([*range(-1, 7), _HUGE, -_HUGE])
    pick = rng.randrange(7)
    if pick == 0:
        return Bid(seat, rng.choice([*range(-1, 22), _HUGE]))
    if pick == 1:
        return Play(seat, rng.choice(DECK))
    if pick == 2:
        return ChooseTrump(seat, rng.choice([None, *Suit]))
    if pick == 3:
        hands = [rng.sample(DECK, rng.randrange(4)) for _ in range(rng.randrange(8))]
        return Deal(hands, rng.choice([None, *DECK]))
    if pick == 4 and state.current_player is not None:
        return Play(state.current_player, rng.choice(DECK))
    if pick == 5 and state.is_chance:
        return random_deal(state, rng)
    return rng.choice([None, "bid", 3, ("play", "H13")])


def main() -> int:
    """Run until ``--inputs`` actions were judged."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    done = games = 0
    while done < args.inputs:
        config = Config(players=rng.randint(3, 6), forbid_bid_total_match=rng.random() < 0.5)
        state = new_game(config)
        games += 1
        while done < args.inputs:
            for _ in range(4):
                rules(state, _hostile(state, rng))
            done += 4
            if state.is_over:
                break
            step = random_deal(state, rng) if state.is_chance else random_action(state, rng)
            rules(state, step)
            done += 1
            state = apply(state, step)
    seconds = time.perf_counter() - started
    print(f"rules: {done} inputs over {games} games in {seconds:.0f} s, no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())
