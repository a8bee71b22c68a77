"""A stateful test: legal moves, illegal moves and JSON round trips, interleaved.

Hypothesis drives one game per run, under any variants that may be played
together.  Each step applies a legal action, tries an illegal one (which must
be refused with a documented code and change nothing), round-trips the game
through JSON, checks the players' views, or fast-forwards to the end of the
round so that runs reach late rounds and the end of the game.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wizard_rules import (
    Config,
    GameRecord,
    IllegalActionError,
    Phase,
    State,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    player_view,
    random_action,
)
from wizard_rules.integrations.strategies import actions, configs, illegal_actions

from .fields import assert_same_state
from .helpers import ref_refusal
from .test_invariants import assert_cards_conserved


class GameMachine(RuleBasedStateMachine):
    """One game, moved on by Hypothesis."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State = new_game(Config(players=3))
        self.steps = 0

    @initialize(config=configs(variants=None))  # any variants that may be played together
    def start(self, config: Config) -> None:
        self.state = new_game(config)

    def not_over(self) -> bool:
        return not self.state.is_over

    @precondition(not_over)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        action = data.draw(actions(self.state))
        check(self.state, action)
        assert is_legal(self.state, action)
        after = apply(self.state, action)
        assert after.history[-1] == action
        self.state = after

    @precondition(not_over)
    @rule(seed=st.integers(0, 2**16))
    def finish_round(self, seed: int) -> None:
        rng = random.Random(seed)
        round_number = self.state.round
        while not self.state.is_over and self.state.round == round_number:
            self.state = apply(self.state, random_action(self.state, rng))

    @rule(data=st.data())
    def illegal_move(self, data: st.DataObject) -> None:
        action = data.draw(illegal_actions(self.state))
        # The code the rules give this action, worked out independently of
        # the library from the state and the action (tests/helpers.py).
        expected = ref_refusal(self.state, action)
        assert expected is not None, f"{action} is legal by the reference rules"
        # Snapshots taken before: the pickled state and the game's record.
        frozen = pickle.dumps(self.state)
        record = GameRecord.from_state(self.state).to_json()
        with pytest.raises(IllegalActionError) as refused:
            apply(self.state, action)
        assert refused.value.code is expected
        with pytest.raises(IllegalActionError) as checked:
            check(self.state, action)
        assert checked.value.code is expected
        assert not is_legal(self.state, action)
        assert pickle.dumps(self.state) == frozen, "a refused action changed the state"
        assert GameRecord.from_state(self.state).to_json() == record

    @rule()
    def json_round_trip(self) -> None:
        text = GameRecord.from_state(self.state).to_json()
        again = GameRecord.from_json(text).replay()
        assert again == self.state
        assert_same_state(again, self.state)
        self.state = again

    @rule()
    def views_agree(self) -> None:
        state = self.state
        blind = state.config.rules.visibility.blind(state.round) and state.phase is not Phase.DEAL
        for seat in range(state.config.players):
            view = player_view(state, seat)
            # A blind seat (clairvoyance, round 1) sees every hand but its own (rule 26.2).
            assert view.hand == (() if blind else state.hand(seat))
            for other, hand in enumerate(view.hands):
                if other == seat:
                    assert hand == (None if blind else view.hand)
                elif blind:
                    assert hand == state.hand(other)
                else:
                    assert hand == (None if state.hand(other) else ())
            if seat == self.state.current_player:
                assert view.legal_actions() == legal_actions(self.state)
            else:
                assert view.legal_actions() == ()

    @invariant()
    def cards_are_conserved(self) -> None:
        assert_cards_conserved(self.state)

    @invariant()
    def the_end_is_the_end(self) -> None:
        if self.state.is_over:
            assert len(self.state.results) == self.state.config.rounds
            assert legal_actions(self.state) == ()


TestGame = GameMachine.TestCase
