from __future__ import annotations

import pytest

from wizard_rules import InvalidArgumentError, round_score


@pytest.mark.parametrize(
    ("bid", "won", "expected"),
    [
        # exact: 20 + 10 per trick
        (0, 0, 20),
        (1, 1, 30),
        (2, 2, 40),
        (5, 5, 70),
        (13, 13, 150),
        (20, 20, 220),
        # over: -10 per trick of difference
        (0, 1, -10),
        (0, 3, -30),
        (1, 3, -20),
        (2, 5, -30),
        (0, 20, -200),
        # under: -10 per trick of difference
        (1, 0, -10),
        (3, 1, -20),
        (5, 2, -30),
        (20, 0, -200),
        (7, 6, -10),
    ],
)
def test_round_score(bid: int, won: int, expected: int) -> None:
    assert round_score(bid, won) == expected
    assert round_score(bid=bid, tricks_won=won) == expected


@pytest.mark.parametrize("difference", [1, 2, 3, 4])
def test_over_and_under_cost_the_same(difference: int) -> None:
    assert round_score(5, 5 + difference) == round_score(5, 5 - difference) == -10 * difference


@pytest.mark.parametrize(
    ("bid", "taken"), [(-1, 0), (0, -1), (True, 1), (1, False), ("1", 1), (1, 1.0), (None, 0)]
)
def test_round_score_refuses_what_is_not_a_count(bid: object, taken: object) -> None:
    with pytest.raises(InvalidArgumentError):
        round_score(bid, taken)  # type: ignore[arg-type]


def test_the_engines_round_results_are_the_public_constructors() -> None:
    # The transitions build results through the slots (scoring._round_result):
    # the same record as RoundResult(...), field for field, and no field of
    # the class is left out.
    import attrs

    from wizard_rules import Config, RoundResult, random_game
    from wizard_rules.scoring import _round_result

    names = [field.name for field in attrs.fields(RoundResult)]
    assert names == [
        "round", "dealer", "turned", "trump", "bids", "tricks", "tricks_won", "scores"
    ]  # fmt: skip
    import random

    for result in random_game(Config(players=3), random.Random(2)).results:
        values = attrs.astuple(result, recurse=False)
        assert _round_result(*values) == RoundResult(*values) == result
        assert attrs.astuple(_round_result(*values), recurse=False) == values
