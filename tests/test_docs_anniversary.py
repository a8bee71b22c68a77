"""The anniversary cards' documentation: rules 28 to 41 and docs/anniversary.rst.

The page's worked tricks are doctests (run by the Sphinx doctest build and
by tests/test_docs_examples.py); here the page's tables and the
specification's rules are checked against the rulings (issue 25's
``anniversary-rulings``), written out below by hand, not read from the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wizard_rules.core.anniversary.readings import READINGS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGE = (DOCS / "anniversary.rst").read_text(encoding="utf-8")
RULES = (DOCS / "rules.rst").read_text(encoding="utf-8")

# Each reading: its values (the default first), its rule and its confidence.
EXPECTED_READINGS = {
    "bomb_leader": (("would_have_won", "highest_card"), "31.3", "M"),
    "cloud_timing": (("after_trick", "round_end"), "34.3", "L"),
    "effect_order": (("juggler_cloud_witch", "cloud_juggler_witch"), "40.2", "L"),
    "vampire_under_werewolf": (("next_stock_card", "displaced_card"), "37.3", "L"),
    "juggler_last_trick": (("no_pass",), "33.4", "M"),
}

# Each card, the rule number of its own section.
CARD_RULES = {
    "Dragon": 29,
    "Fairy": 30,
    "Bomb": 31,
    "Werewolf": 32,
    "Juggler": 33,
    "Cloud": 34,
    "Shapeshifter": 35,
    "Witch": 36,
    "Vampire": 37,
}

NAMES_A_SUIT = {"Dragon", "Cloud", "Werewolf", "Juggler", "Shapeshifter", "Vampire"}  # 38.1
NO_TRUMP = {"Fairy", "Bomb", "Witch"}  # 38.2


def rule_blocks() -> dict[str, tuple[str, str]]:
    """Every rule of docs/rules.rst: its number -> (its fields, its text)."""
    blocks = {}
    for block in re.split(r"^\.\. rule:: ", RULES, flags=re.MULTILINE)[1:]:
        number, rest = block.split("\n", 1)
        header, _, body = rest.partition("\n\n")
        body = re.split(r"\n\S", body, maxsplit=1)[0]  # up to the next unindented line
        blocks[number.strip()] = (header, body)
    return blocks


def section(title: str) -> str:
    """The text of the page's section ``title``, up to the next section."""
    match = re.search(rf"^{re.escape(title)}\n-+\n(.*?)(?=^\S[^\n]*\n-+\n|\Z)", PAGE, re.M | re.S)
    assert match, f"docs/anniversary.rst has no section {title!r}"
    return match.group(1)


def table_rows(text: str) -> list[list[str]]:
    """The rows of the first list-table in ``text``, each a list of its cells' text."""
    rows: list[list[str]] = []
    for line in text.split(".. list-table::", 1)[1].splitlines():
        if line.startswith("   * - "):
            rows.append([line[7:]])
        elif line.startswith("     - "):
            rows[-1].append(line[7:])
        elif line.startswith("       ") and rows:
            rows[-1][-1] += " " + line.strip()
        elif line and not line.startswith(" "):
            break
    return rows


def test_rules_28_to_41_are_written_with_sources_confidence_and_option() -> None:
    blocks = rule_blocks()
    numbers = [n for n in blocks if 28 <= int(n.split(".")[0]) <= 41]
    assert {int(n.split(".")[0]) for n in numbers} == set(range(28, 42))
    for number in numbers:
        header, _ = blocks[number]
        assert ":option: anniversary_cards" in header, number
        assert ":ruling: options" in header, number
        sources = re.search(r":sources: (.+)", header)
        assert sources, f"rule {number} names no source"
        assert re.search(r"confidence (H|M|L|L\u2013M|M\u2013H)\b", sources.group(1)), number


@pytest.mark.parametrize("name", sorted(EXPECTED_READINGS))
def test_each_reading_rule_states_its_values_their_sources_and_the_default(name: str) -> None:
    values, rule, confidence = EXPECTED_READINGS[name]
    header, body = rule_blocks()[rule]
    body = " ".join(body.split())
    assert f"reading {name}" in header, rule
    assert f"``{name}``" in body, rule
    for value in values:
        assert f'``"{value}"``' in body, (rule, value)
    assert f'``"{values[0]}"`` (the default' in body or f'``"{values[0]}"``, the default' in body
    assert f"confidence {confidence}" in (header + body).replace("Confidence", "confidence")


def test_the_library_s_readings_are_those_of_the_rulings() -> None:
    found = {r.name: (r.values, r.rule, r.confidence) for r in READINGS}
    assert found == EXPECTED_READINGS


def test_the_page_s_readings_table_is_that_of_the_rulings() -> None:
    rows = table_rows(section("The readings"))
    assert rows[0] == ["reading", "values", "default", "rule", "confidence"]
    found = {}
    for name, values, default, rule, confidence in rows[1:]:
        shown = tuple(v.strip(" `") for v in values.split(","))
        number = re.fullmatch(r":ref:`(\S+) <rule-(\S+)>`", rule)
        assert number, rule
        assert number.group(1) == number.group(2), rule
        found[name.strip("`")] = (shown, number.group(1), confidence)
        assert default.strip("`") == shown[0], name
    assert found == EXPECTED_READINGS


def test_the_page_s_turned_card_table_is_rule_38() -> None:
    rows = table_rows(section("A card turned for trump"))
    cards = {row[2]: {c.strip() for c in row[0].split(",")} for row in rows[1:]}
    assert cards == {
        ":ref:`38.1 <rule-38.1>`": NAMES_A_SUIT,
        ":ref:`38.2 <rule-38.2>`": NO_TRUMP,
    }
    assert "the dealer names a suit" in rows[1][1]
    assert "no trump" in rows[2][1]


@pytest.mark.parametrize("card", sorted(CARD_RULES))
def test_each_card_has_its_rules_a_worked_trick_its_readings_and_sources(card: str) -> None:
    text = section(f"The {card}")
    for part in ("**Rules.**", "**Worked trick.**", ".. doctest::", "**Sources:**"):
        assert part in text, (card, part)
    assert "**Reading" in text, card  # its readings, or "Readings: none"
    cited = set(re.findall(r"<rule-(\d+)\.\d+>", text))
    assert str(CARD_RULES[card]) in cited, card
    for reading, (_values, rule, _confidence) in EXPECTED_READINGS.items():
        if int(rule.split(".")[0]) == CARD_RULES[card]:
            assert f"``{reading}``" in text, (card, reading)


def test_every_rule_the_page_cites_is_a_rule_of_the_specification() -> None:
    cited = set(re.findall(r"<rule-(\d+\.\d+)>", PAGE))
    assert cited
    assert cited <= set(rule_blocks())


def test_the_page_is_in_the_index_and_linked_from_the_variants_how_to() -> None:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert re.search(r"^   anniversary$", index, flags=re.MULTILINE)
    assert ":doc:`../anniversary`" in (DOCS / "howto" / "variants.rst").read_text(encoding="utf-8")
