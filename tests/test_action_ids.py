"""The action ids of wizard_rules.formats.action_ids, pure Python (no numpy needed).

The expected ids are the table of docs/howto/batch.rst and the module's
docstring: 0-59 cards by Card.index, 60 + n bids n, 81-84 Clubs, Diamonds,
Hearts, Spades, 85 no trump.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from wizard_rules import Bid, ChooseTrump, ErrorCode, InvalidArgumentError, Play, Suit, parse_card
from wizard_rules.formats import action_ids


def test_the_ids_are_the_documented_table() -> None:
    assert (action_ids.FIRST_BID, action_ids.MAX_BID) == (60, 20)
    assert (action_ids.FIRST_TRUMP, action_ids.NO_TRUMP, action_ids.NUM_ACTIONS) == (81, 85, 86)
    assert action_ids.to_action(0, 1) == Play(1, parse_card("J1"))
    assert action_ids.to_action(62, 3) == Bid(3, 2)
    assert action_ids.to_action(82, 0) == ChooseTrump(0, Suit.DIAMONDS)
    assert action_ids.to_action(85, 0) == ChooseTrump(0, None)
    assert action_ids.action_id(Play(2, parse_card("W4"))) == 59
    assert action_ids.action_id(Bid(0, 20)) == 80
    assert action_ids.action_id(ChooseTrump(1, Suit.SPADES)) == 84
    assert action_ids.action_id(ChooseTrump(1, None)) == 85


def test_an_int_id_needs_no_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    # With numpy absent from sys.modules, no NumPy integer can be passed.
    monkeypatch.setitem(sys.modules, "numpy", None)
    assert action_ids.to_action(61, 0) == Bid(0, 1)
    with pytest.raises(InvalidArgumentError) as info:
        action_ids.to_action(86, 0)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


def test_the_module_imports_without_numpy() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None; "
        "from wizard_rules.formats.action_ids import to_action; print(to_action(60, 0))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == str(Bid(0, 0))


def test_the_batch_module_re_exports_the_same_objects() -> None:
    batch = pytest.importorskip("wizard_rules.sim.batch")
    for name in action_ids.__all__:
        assert getattr(batch, name) is getattr(action_ids, name)
        assert name not in batch.__all__


def test_a_numpy_integer_is_an_id() -> None:
    np = pytest.importorskip("numpy")
    assert action_ids.to_action(np.int64(59), 1) == Play(1, parse_card("W4"))
    assert action_ids.to_action(np.uint8(81), 2) == ChooseTrump(2, Suit.CLUBS)


@pytest.mark.parametrize("action", [-1, 86, True, 60.0, "60"])
def test_what_is_no_id_is_refused(action: object) -> None:
    with pytest.raises(InvalidArgumentError, match="an action id is an int from 0 to 85") as info:
        action_ids.to_action(action, 0)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("action", [Bid(0, 21), Bid(0, -1), "H13", None])
def test_what_has_no_id_is_refused(action: object) -> None:
    with pytest.raises(InvalidArgumentError, match="no action id for") as info:
        action_ids.action_id(action)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT
