"""Regenerate docs/_static/play-screenshot.svg: a real screen of ``wizard-rules play``.

Plays a seeded game (4 players, you at seat 0, heuristic bots, seed 2026)
through :class:`wizard_rules.agents.play.TerminalGame`, answering every prompt with
1, the first choice offered, and records what the terminal shows.  At the
first card prompt of round 4 where suit must be followed (some cards marked
``·``), it keeps the screen since the previous answer, types a card, and
saves it as SVG with rich's ``Console.save_svg``.

    python tools/play_screenshot.py            # writes docs/_static/play-screenshot.svg
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from rich.console import Console

from wizard_rules import Config, Phase, State, player_view
from wizard_rules.agents.bots import HeuristicBot
from wizard_rules.agents.play import TerminalGame

OUT = Path(__file__).resolve().parent.parent / "docs" / "_static" / "play-screenshot.svg"


class Done(Exception):
    pass


def wanted(state: State) -> bool:
    if state.round < 4 or state.phase is not Phase.PLAY:
        return False
    view = player_view(state, 0)
    return len(view.legal_actions()) < len(view.hand)


def main() -> int:
    console = Console(file=io.StringIO(), record=True, width=92, force_terminal=True)
    game: TerminalGame

    def ask(prompt: str) -> str:
        if wanted(game.state):
            console.print(f"{prompt}1", markup=False, highlight=False)
            raise Done
        console.export_text(clear=True)  # keep only the screen since this answer
        return "1"

    game = TerminalGame(
        Config(players=4), seat=0, bots=[HeuristicBot()], seed=2026, console=console, ask=ask
    )
    try:
        game.run()
    except Done:
        console.save_svg(str(OUT), title="wizard-rules play --players 4 --seed 2026")
        print(f"wrote {OUT}")
        return 0
    print("the game ended without the screen wanted", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
