"""Write the conformance case files under ``conformance/cases/``.

Run from the top of the repository::

    .venv/bin/python tools/make_conformance.py

The case files are data; this script is how we write them without typing
hundreds of deals by hand.  Every case id below is written out and is never
reused or renumbered: to change a case, retire its id (add it to its
area's ``RETIRED``) and add a new one.  ``tests/test_conformance.py`` checks that the
committed files are exactly what this script writes.

How the script is laid out: the building blocks (actions as JSON, filled
deals, prefixes of simple legal play, positions, ...) are plain functions of
their arguments in ``tools/conformance_cases/common.py``; each area of the
suite is one module of ``tools/conformance_cases/``, with one function that
yields its cases, turned by the ``@area(name, description)`` decorator into
a function that returns the whole :class:`Area`, and the list ``RETIRED`` of
its retired ids; nothing is shared between areas but the building blocks.
``main`` calls the areas in the order of ``AREAS`` and writes one file per
area and the manifest ``suite.json``.

Where the expectations come from:

* rule cases (most areas) state their expected values by hand, from the
  specification in ``docs/rules.rst``; the library is used only to reach
  positions late in a game (a prefix of simple legal play);
* the complete games (``games``) are golden playthroughs recorded from this
  library with seeded random play, and the perft counts (``perft``) are
  counted by it; the test suite checks the perft counts against an
  independent reference implementation.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conformance_cases import (
    anniversary,
    bidding,
    bomb,
    canadian,
    card_effects,
    card_secrets,
    card_tricks,
    clairvoyance,
    cloud,
    combinations,
    dealing,
    deck,
    delayed_reveal,
    dragon_fairy,
    end,
    following,
    games,
    hardcore,
    hidden_bids,
    illegal,
    juggler,
    leading,
    led_suit,
    option,
    perft,
    positions,
    readings,
    rounds,
    schedule,
    scoring,
    shapeshifter,
    trump,
    vampire,
    views,
    werewolf,
    winner,
    witch,
)
from conformance_cases.common import ROOT, Area

SUITE_VERSION = "2.4.0"
PROTOCOL = 2

# -- writing ---------------------------------------------------------------------------------------


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(", ", ": "))


# The areas in the order of the suite's files (and of the rules; the
# views of rule 13 after the positions, then the variants of rules 21 and
# 22, those of rules 23 to 27, and the anniversary cards of rules 28 to 41 last).
AREAS: tuple[Callable[[], Area], ...] = (
    deck.deck_area,
    rounds.rounds_area,
    dealing.dealing_area,
    trump.trump_area,
    bidding.bidding_area,
    option.option_area,
    leading.leading_area,
    led_suit.led_suit_area,
    following.following_area,
    winner.winner_area,
    scoring.scoring_area,
    games.games_area,
    end.end_area,
    illegal.illegal_area,
    perft.perft_area,
    positions.positions_area,
    views.views_area,
    canadian.canadian_area,
    schedule.schedule_area,
    hidden_bids.hidden_bids_area,
    delayed_reveal.delayed_reveal_area,
    hardcore.hardcore_area,
    clairvoyance.clairvoyance_area,
    combinations.combinations_area,
    anniversary.anniversary_area,
    dragon_fairy.dragon_fairy_area,
    bomb.bomb_area,
    werewolf.werewolf_area,
    juggler.juggler_area,
    cloud.cloud_area,
    shapeshifter.shapeshifter_area,
    witch.witch_area,
    vampire.vampire_area,
    readings.readings_area,
    card_tricks.card_tricks_area,
    card_effects.card_effects_area,
    card_secrets.card_secrets_area,
)

RETIRED: list[str] = [
    item
    for module in (
        deck,
        rounds,
        dealing,
        trump,
        bidding,
        option,
        leading,
        led_suit,
        following,
        winner,
        scoring,
        games,
        end,
        illegal,
        perft,
        positions,
        views,
        canadian,
        schedule,
        hidden_bids,
        delayed_reveal,
        hardcore,
        clairvoyance,
        combinations,
        anniversary,
        dragon_fairy,
        bomb,
        werewolf,
        juggler,
        cloud,
        shapeshifter,
        witch,
        vampire,
        readings,
        card_tricks,
        card_effects,
        card_secrets,
    )
    for item in module.RETIRED
]


def render(area: Area) -> str:
    """The text of one case file: one case field a line, one action a line."""
    cases = area.cases
    lines = [
        "{",
        f' "area": {_compact(area.name)},',
        f' "description": {_compact(area.description)},',
    ]
    lines.append(' "cases": [')
    for index, item in enumerate(cases):
        lines.append("  {")
        lines.append(f'   "id": {_compact(item["id"])},')
        lines.append(f'   "rule": {_compact(item["rule"])},')
        lines.append(f'   "tags": {_compact(item["tags"])},')
        lines.append(f'   "description": {_compact(item["description"])},')
        given = item["given"]
        start = f', "position": {_compact(given["position"])}' if "position" in given else ""
        lines.append(f'   "given": {{"config": {_compact(given["config"])}{start}, "actions": [')
        actions = given["actions"]
        for position, action in enumerate(actions):
            comma = "," if position < len(actions) - 1 else ""
            lines.append(f"    {_compact(action)}{comma}")
        lines.append("   ]},")
        lines.append(f'   "expect": {_compact(item["expect"])}')
        lines.append("  }" + ("," if index < len(cases) - 1 else ""))
    lines.append(" ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text)["cases"] == cases
    return text


def check_ids(areas: Sequence[Area]) -> None:
    """Every case id is new, belongs to its area, and is not retired."""
    seen: set[str] = set()
    for area in areas:
        for item in area.cases:
            case_id = item["id"]
            assert case_id.startswith(f"{area.name}."), case_id
            assert case_id not in seen, f"duplicate case id {case_id}"
            assert case_id not in RETIRED, f"retired case id {case_id}"
            seen.add(case_id)


def main(argv: list[str] | None = None) -> None:
    """Write the suite into ``conformance/`` (or the folder given as ``--out DIR``)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[1]) if len(args) == 2 and args[0] == "--out" else ROOT / "conformance"
    areas = [make() for make in AREAS]
    check_ids(areas)
    (out / "cases").mkdir(parents=True, exist_ok=True)
    files = []
    for area in areas:
        path = out / "cases" / f"{area.name}.json"
        path.write_text(render(area), encoding="utf-8")
        files.append(f"{area.name}.json")
    manifest = {
        "suite_version": SUITE_VERSION,
        "protocol": PROTOCOL,
        "files": files,
        "retired": RETIRED,
    }
    (out / "suite.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    total = sum(len(area.cases) for area in areas)
    print(f"wrote {total} cases in {len(files)} files to {out}")


if __name__ == "__main__":
    main()
