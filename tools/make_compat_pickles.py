"""Write tests/data/pickles-0.1.0.pickle: objects pickled by wizard-rules 0.1.0.

Run once, with 0.1.0 installed (the package layout before 0.2.0), from the top
of the repository::

    python tools/make_compat_pickles.py

``tests/test_compat.py`` loads the file with today's library and checks that
every object comes back equal, field by field, to the same object built
today: pickles written by 0.1.0 keep loading through the module aliases.
The objects are built from public names and fixed seeds, so the test can
build them again.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

from wizard_rules import (
    Bid,
    ChooseTrump,
    Config,
    ErrorCode,
    GameRecord,
    IllegalActionError,
    Phase,
    Play,
    Suit,
    apply,
    new_game,
    parse_card,
    player_view,
    position_of,
    random_action,
    random_deal,
    random_game,
)


def objects() -> dict[str, object]:
    """The objects, by name: the same on every run."""
    rng = random.Random(7)
    state = new_game(Config(players=4, first_dealer=2, forbid_bid_total_match=True))
    state = apply(state, random_deal(state, rng))
    while (
        state.round < 3
        or state.phase is not Phase.PLAY
        or not (state.current_trick and state.completed_tricks)
    ):
        state = apply(state, random_action(state, rng))
    try:
        apply(state, Bid(player=0, tricks=0))
        error = None
    except IllegalActionError as caught:
        error = caught
    over = random_game(Config(players=3), random.Random(11))
    return {
        "card": parse_card("H13"),
        "suit": Suit.CLUBS,
        "phase": Phase.PLAY,
        "code": ErrorCode.NOT_YOUR_TURN,
        "config": Config(players=5, first_dealer=4),
        "bid": Bid(player=1, tricks=2),
        "play": Play(player=0, card=parse_card("W2")),
        "choose_trump": ChooseTrump(player=3, suit=Suit.SPADES),
        "state": state,
        "state_over": over,
        "trick": state.completed_tricks[-1],
        "view": player_view(state, 1),
        "position": position_of(state),
        "record": GameRecord.from_state(over),
        "round_results": state.results,
        "error": error,
    }


def main() -> None:
    """Write the file."""
    path = Path(__file__).resolve().parent.parent / "tests" / "data" / "pickles-0.1.0.pickle"
    path.write_bytes(pickle.dumps(objects(), protocol=4))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
