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


def test_the_engines_round_results_hold_each_field_in_its_place() -> None:
    # The transitions build results through the slots (scoring._round_result):
    # given eight different values, each must come back under its own name,
    # and no field of the class may be left out.
    import random

    import attrs

    from wizard_rules import Config, RoundResult, Suit, random_game
    from wizard_rules.core.scoring import _round_result

    names = [field.name for field in attrs.fields(RoundResult)]
    assert names == [
        "round", "dealer", "turned", "trump", "bids", "tricks", "tricks_won", "scores"
    ]  # fmt: skip
    made = _round_result(1, 2, None, Suit.HEARTS, (3,), (), (4,), (5,))
    assert (made.round, made.dealer, made.turned, made.trump) == (1, 2, None, Suit.HEARTS)
    assert (made.bids, made.tricks, made.tricks_won, made.scores) == ((3,), (), (4,), (5,))
    assert made == RoundResult(1, 2, None, Suit.HEARTS, (3,), (), (4,), (5,))
    # A game's results, checked against what its rounds were (worked out here
    # from the rules, not read back from the engine): round r, dealt by seat
    # r - 1 (first dealer 0, then to the left), r tricks, tricks won counted
    # from the tricks' winners, and scores by rule 10.1.
    for number, result in enumerate(random_game(Config(players=3), random.Random(2)).results, 1):
        assert result.round == number
        assert result.dealer == (number - 1) % 3
        assert len(result.tricks) == number
        won = tuple(sum(trick.winner == seat for trick in result.tricks) for seat in range(3))
        assert result.tricks_won == won
        assert result.scores == tuple(
            20 + 10 * w if b == w else -10 * abs(b - w)
            for b, w in zip(result.bids, won, strict=True)
        )
