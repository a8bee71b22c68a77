"""One SHA-256 over the records of seeded games: the same seeds must give the same games.

Plays ``--seeds`` random games for every player count (3 to 6), each with the
plus/minus-one option off and on, with :func:`wizard_rules.random_game` and a
``random.Random(seed)``, and hashes their game records (JSON, one a line):
the deals, every action, and so the scores and the winners.  A change to the
engine that is meant to keep the standard game as it is must leave the digest
unchanged; run this before and after it::

    python tools/seeded_games_digest.py            # 400 games
    python tools/seeded_games_digest.py --seeds 100

Only public names of ``wizard_rules`` are used, so the script runs against
any version of the library since 0.1.0.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from wizard_rules import Config, GameRecord, random_game


def digest(seeds: int) -> tuple[str, int]:
    """The SHA-256 of the records of the seeded games, and how many games it covers."""
    sha = hashlib.sha256()
    games = 0
    for players in range(3, 7):
        for option in (False, True):
            config = Config(players=players, forbid_bid_total_match=option)
            for seed in range(seeds):
                state = random_game(config, random.Random(seed))
                sha.update(GameRecord.from_state(state).to_json().encode())
                sha.update(b"\n")
                games += 1
    return sha.hexdigest(), games


def main() -> None:
    """Print the digest and the number of games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds per configuration")
    args = parser.parse_args()
    value, games = digest(args.seeds)
    print(f"{value}  {games} seeded games")


if __name__ == "__main__":
    main()
