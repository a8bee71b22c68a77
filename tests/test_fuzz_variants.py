"""The differential fuzz mode with the variants of issue 24 on (``--variants``)."""

from __future__ import annotations

import collections
import random
import shlex
import sys
from pathlib import Path

import pytest

from tests.helpers import stable_id
from wizard_rules import Config
from wizard_rules.cli import main
from wizard_rules.conformance.fuzz import FUZZ_VARIANTS, FuzzError, _configs, _observed, fuzz
from wizard_rules.core.rules import VARIANTS, Rules, variant_names, variant_rules
from wizard_rules.core.state import new_game

HERE = Path(__file__).parent
OURS = shlex.join([sys.executable, "-m", "wizard_rules", "conformance", "adapter"])
ALL = tuple(name for name in FUZZ_VARIANTS if name != "forbid_bid_total_match")


def _broken(bug: str) -> str:
    return shlex.join([sys.executable, str(HERE / "broken_adapter.py"), bug])


def test_the_variants_fuzz_draws_are_the_rules_variants() -> None:
    assert set(FUZZ_VARIANTS) == set(VARIANTS)


def test_without_variants_every_game_is_the_base_game_drawn_as_before() -> None:
    # The draws of a run without variants are those of a run before variants
    # existed: a player count, a first dealer and the option, in that order.
    one, other = random.Random(7), random.Random(7)
    for _ in range(50):
        config = _configs((3, 4, 5, 6), (False, True), one)
        count = other.choice((3, 4, 5, 6))
        first = other.randrange(count)
        option = other.choice((False, True))
        assert config == Config(players=count, first_dealer=first, forbid_bid_total_match=option)
        assert config.rules == Rules(bid_restrictions=config.rules.bid_restrictions)


def test_with_variants_every_variant_is_drawn_and_no_refused_combination() -> None:
    rng = random.Random(1)
    seen: collections.Counter[str] = collections.Counter()
    combinations = set()
    for _ in range(400):
        config = _configs((3, 4, 5, 6), (False, True), rng, ALL)
        names = variant_names(config.rules)
        combinations.add(names)
        seen.update(names)
        secret = {"hidden_bids", "delayed_reveal"} & set(names)
        assert len(secret) <= 1
        if secret:  # rule 27.2: no restriction of the last bid with it
            assert not {"forbid_bid_total_match", "canadian_rule", "hardcore"} & set(names)
        # the configuration is one variant_rules makes from its names
        assert config.rules == variant_rules(names)
    assert set(seen) == set(VARIANTS)
    assert min(seen.values()) >= 40
    assert len(combinations) >= 15


def test_views_are_compared_only_where_a_variant_hides_something() -> None:
    for names, compared in (
        ((), False),
        (("hardcore",), False),
        (("canadian_rule",), False),
        (("hidden_bids",), True),
        (("delayed_reveal",), True),
        (("clairvoyance",), True),
        (("clairvoyance", "hardcore"), True),
    ):
        state = new_game(Config(players=3, rules=variant_rules(names)))
        assert ("views" in _observed(state)) is compared, names


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(FuzzError, match="no such variant: hidden"):
        fuzz(OURS, games=1, seed=1, variants=("hidden",))


def test_our_adapter_agrees_with_itself_with_every_variant_on() -> None:
    result = fuzz(OURS, games=4, seed=3, players=(3,), variants=ALL)
    assert result.games == 4
    assert result.deviations == ()
    assert result.skipped == ()
    assert result.steps > 400


def test_the_fuzz_command_takes_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "conformance",
            "fuzz",
            "--adapter",
            OURS,
            "--games",
            "2",
            "--seed",
            "5",
            "--players",
            "6",
            "--variants",
            "hidden_bids,clairvoyance",
        ]
    )
    assert status == 0
    assert "no deviation in 2 games" in capsys.readouterr().out


# Each variant's planted bug of tests/planted_bugs.py, the variant fuzz draws to
# find it, and the rule fuzz names for it.
CAUGHT = {
    "hidden-leak": ("hidden_bids", "23.1"),
    "hidden-kept": ("hidden_bids", "23.3"),
    "delayed-leak": ("delayed_reveal", "24.1"),
    "secret-refusal": ("hidden_bids", "23.2"),
    "hardcore-at-3": ("hardcore", "25.2"),
    "clairvoyant-own": ("clairvoyance", "26.2"),
    "clairvoyance-played": ("clairvoyance", "26.3"),
}


@pytest.mark.slow
@pytest.mark.parametrize(("bug", "found"), sorted(CAUGHT.items()), ids=stable_id)
def test_fuzz_with_variants_finds_each_variants_bug(bug: str, found: tuple[str, str]) -> None:
    variant, rule = found
    result = fuzz(
        _broken(bug),
        games=3,
        seed=1,
        players=(3,),  # with few players the others' bids leave the dealer's restricted
        options=(False,),
        variants=(variant,),
        shrink_budget=1,
        max_deviations=1,
    )
    assert result.deviations, bug
    assert result.deviations[0].shrunk.rule == rule
