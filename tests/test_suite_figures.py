"""Figures about the conformance suite are counted, not typed (issue 21, item 15).

Every figure about the suite that the docs and the changelog state (how many
cases, of which areas, with four players, of rules 12.x, ...) is checked
here against the suite, counted here from the case files.  The figures of
the cases page (docs/cases.rst) are written by
``tools/conformance_cases/figures.py``; an earlier version's figures are kept
there (``HISTORY``) and recounted here from git when its commit is at hand.
"""

from __future__ import annotations

import collections
import importlib.util
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_conformance import reference_perft_from

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location(
    "suite_figures", ROOT / "tools" / "conformance_cases" / "figures.py"
)
assert _SPEC is not None
assert _SPEC.loader is not None
FIGURES: Any = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(FIGURES)

# Where figures about the suite are written (docs/cases.rst is checked apart).
PAGES = [
    ROOT / "CHANGELOG.md",
    ROOT / "README.md",
    ROOT / "conformance" / "README.md",
    *sorted((ROOT / "docs").glob("*.rst")),
    *sorted((ROOT / "docs" / "howto").glob("*.rst")),
]
NUMBER = r"(\d[\d,]*)"
VERSION = r"(\d+\.\d+\.\d+)"


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def count(manifest: dict[str, Any], cases: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a suite, counted here (not with the figures tool)."""
    players = collections.Counter(
        raw["given"]["config"].get("players")
        for raw in cases
        if type(raw["given"]["config"].get("players")) is int
    )
    return {
        "version": manifest["suite_version"],
        "cases": len(cases),
        "areas": len({raw["id"].split(".")[0] for raw in cases}),
        "retired": len(manifest["retired"]),
        "four": players[4],
        "rule_12": len([raw for raw in cases if raw["rule"].startswith("12.")]),
    }


def _read(folder: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    manifest = json.loads((folder / "suite.json").read_text(encoding="utf-8"))
    cases = []
    for name in manifest["files"]:
        cases += json.loads((folder / "cases" / name).read_text(encoding="utf-8"))["cases"]
    return manifest, cases


CURRENT = count(*_read(ROOT / "conformance"))


def of_version(version: str) -> dict[str, Any]:
    """The figures of suite ``version``: the current one's counted, an earlier one's kept."""
    if version == CURRENT["version"]:
        return CURRENT
    old = FIGURES.HISTORY[version]
    return {
        "version": version,
        "cases": old["cases"],
        "areas": old["areas"],
        "retired": old["retired"],
        "four": old["players"]["4"],
        "rule_12": old["rule_12"],
    }


def test_the_cases_page_has_the_figures_the_tool_writes() -> None:
    text = (ROOT / "docs" / "cases.rst").read_text(encoding="utf-8")
    assert FIGURES.BEGIN in text, "run tools/conformance_cases/figures.py"
    block = FIGURES.BEGIN + text.split(FIGURES.BEGIN, 1)[1].split(FIGURES.END, 1)[0] + FIGURES.END
    assert block + "\n" == FIGURES.render(FIGURES.figures()), (
        "stale figures: run tools/conformance_cases/figures.py"
    )


def test_the_cases_page_figures_are_the_suites() -> None:
    # Read back from the page, and compared with counts made here.
    text = (ROOT / "docs" / "cases.rst").read_text(encoding="utf-8")
    found = re.search(
        rf"Suite {VERSION} has {NUMBER} cases in {NUMBER} areas \({NUMBER} of them start "
        rf"from a position\), and {NUMBER} retired ids",
        text,
    )
    assert found is not None
    manifest, cases = _read(ROOT / "conformance")
    positions = len([raw for raw in cases if "position" in raw["given"]])
    assert found.group(1) == CURRENT["version"]
    assert [_int(found.group(n)) for n in range(2, 6)] == [
        CURRENT["cases"],
        CURRENT["areas"],
        positions,
        CURRENT["retired"],
    ]
    rows = re.findall(
        r"^   \* - ``([a-z-]+)``\n" + r"\n".join([rf"     - {NUMBER}"] * 8) + "$",
        text,
        re.MULTILINE,
    )
    retired = collections.Counter(item.split(".")[0] for item in manifest["retired"])
    expected: dict[str, list[int]] = {}
    for raw in cases:
        area = raw["id"].split(".")[0]
        row = expected.setdefault(area, [0] * 7 + [retired[area]])
        row[0] += 1
        row[1] += "position" in raw["given"]
        players = raw["given"]["config"].get("players")
        row[players - 1 if type(players) is int and 3 <= players <= 6 else 6] += 1
    assert {area: [_int(cell) for cell in cells] for area, *cells in rows} == expected


def test_the_cases_page_figures_of_rules_12_and_perft_are_the_suites() -> None:
    text = " ".join((ROOT / "docs" / "cases.rst").read_text(encoding="utf-8").split())
    found = re.search(
        rf"The {NUMBER} cases of rules 12.1 to 12.14 .* The {NUMBER} perft cases ask for "
        rf"{NUMBER} positions in all .*, {NUMBER} at most \(``([a-z]+\.\d+)``\); an "
        rf"implementation that replays the round for every action applies {NUMBER} actions "
        r"at most for one \(``([a-z]+\.\d+)``\)",
        text,
    )
    assert found is not None
    _, cases = _read(ROOT / "conformance")
    counts = {
        raw["id"]: [
            reference_perft_from(raw["given"]["position"], depth)
            for depth in range(1, raw["expect"]["perft"]["depth"] + 1)
        ]
        for raw in cases
        if "perft" in raw["expect"]
    }
    nodes = {case_id: sum(found) for case_id, found in counts.items()}
    replayed = {
        case_id: sum(k * n for k, n in enumerate(found, start=1))
        for case_id, found in counts.items()
    }
    assert [_int(found.group(n)) for n in (1, 2, 3, 4)] == [
        CURRENT["rule_12"],
        len(counts),
        sum(nodes.values()),
        max(nodes.values()),
    ]
    assert nodes[found.group(5)] == max(nodes.values())
    assert _int(found.group(6)) == max(replayed.values()) == replayed[found.group(7)]


def _bullets(text: str) -> list[str]:
    """The changelog's bullets, each with its continuation lines, joined."""
    bullets: list[str] = []
    for line in text.splitlines():
        if line.startswith("- "):
            bullets.append(line[2:])
        elif line.startswith("  ") and bullets:
            bullets[-1] += " " + line.strip()
        else:
            bullets.append("")
    return [" ".join(bullet.split()) for bullet in bullets if bullet]


# Each figure the changelog states about a suite: a pattern, and what each
# of its numbers is (a figure of the bullet's suite version, or of the one
# before it).
CHANGELOG_FIGURES: list[tuple[str, tuple[tuple[str, str], ...]]] = [
    (rf"Conformance suite {VERSION} \({NUMBER} cases", (("version", ""), ("cases", "this"))),
    (rf"\({NUMBER} cases, from {NUMBER}[);]", (("cases", "this"), ("cases", "before"))),
    (
        rf"four- ?player cases in every area \({NUMBER}, from {NUMBER}\)",
        (("four", "this"), ("four", "before")),
    ),
    (rf"four players: {NUMBER} cases", (("four", "this"),)),
    (rf"four players: {NUMBER} cases, from {NUMBER}\b", (("four", "this"), ("four", "before"))),
    (rf"rules 12\.1 to 12\.14, {NUMBER} cases", (("rule_12", "this"),)),
    (rf"{NUMBER} cases in {NUMBER} areas", (("cases", "this"), ("areas", "this"))),
]
ORDER = [*FIGURES.HISTORY, CURRENT["version"]]


def test_every_figure_about_the_suite_in_the_changelog_is_the_suites() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    checked = 0
    for bullet in _bullets(text):
        versions = re.findall(rf"[Ss]uite(?: version)? {VERSION}", bullet)
        for pattern, meaning in CHANGELOG_FIGURES:
            for found in re.finditer(pattern, bullet):
                assert versions, bullet
                version = versions[0]
                for (figure, which), value in zip(meaning, found.groups(), strict=True):
                    if figure == "version":
                        continue
                    at = ORDER[ORDER.index(version) - 1] if which == "before" else version
                    assert _int(value) == of_version(at)[figure], (figure, at, found.group(0))
                    checked += 1
    assert checked >= 8


def _known_failures() -> int:
    """How many entries Mini Wizard's known-failures file has."""
    text = (ROOT / "examples" / "mini_wizard" / "known-failures.txt").read_text("utf-8")
    return len([line for line in text.splitlines() if line.strip() and line[0] != "#"])


def test_the_changelog_counts_mini_wizards_known_failures() -> None:
    text = " ".join((ROOT / "CHANGELOG.md").read_text(encoding="utf-8").split())
    found = re.findall(rf"\({NUMBER} known failures\)", text)
    assert found
    assert {_int(value) for value in found} == {_known_failures()}


def test_the_kill_table_and_the_implementers_page_state_the_suites_figures() -> None:
    table = (ROOT / "docs" / "kill-table.rst").read_text(encoding="utf-8")
    found = re.search(rf"the suite \({NUMBER} cases;", " ".join(table.split()))
    assert found is not None
    assert _int(found.group(1)) == CURRENT["cases"]
    page = " ".join((ROOT / "docs" / "implementers.rst").read_text(encoding="utf-8").split())
    found = re.search(rf"On suite {VERSION} it passes {NUMBER} cases and fails the {NUMBER}", page)
    assert found is not None
    assert _int(found.group(2)) + _int(found.group(3)) == of_version(found.group(1))["cases"]
    if found.group(1) == CURRENT["version"]:  # and the file it shows is the one it counts
        assert _int(found.group(3)) == _known_failures()


def test_no_other_figure_of_cases_is_written() -> None:
    # Every "N cases" in the docs and the changelog is one of the figures
    # checked above: a new one must be checked too.
    known = [
        *(pattern for pattern, _ in CHANGELOG_FIGURES),
        rf"the suite \({NUMBER} cases;",
        rf"it passes {NUMBER} cases",
    ]
    for page in PAGES:
        if page.name in ("cases.rst", "coverage.rst"):
            continue  # checked above, and by tests/test_conformance_coverage.py
        text = " ".join(page.read_text(encoding="utf-8").split())
        for found in re.finditer(rf"\b{NUMBER} cases\b", text):
            window = text[max(0, found.start() - 80) : found.end() + 20]
            assert any(re.search(pattern, window) for pattern in known), (page.name, window)


def _git(*args: str) -> str:
    result = subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
    )
    return result.stdout if result.returncode == 0 else ""


@pytest.mark.parametrize("version", sorted(FIGURES.HISTORY))
def test_an_earlier_versions_figures_are_recounted_from_its_commit(
    version: str, tmp_path: Path
) -> None:
    old = FIGURES.HISTORY[version]
    if not _git("rev-parse", "--verify", "--quiet", f"{old['commit']}^{{commit}}"):
        pytest.skip(f"commit {old['commit']} is not in this clone")
    folder = tmp_path / "conformance"
    (folder / "cases").mkdir(parents=True)
    manifest = json.loads(_git("show", f"{old['commit']}:conformance/suite.json"))
    (folder / "suite.json").write_text(json.dumps(manifest), encoding="utf-8")
    for name in manifest["files"]:
        (folder / "cases" / name).write_text(
            _git("show", f"{old['commit']}:conformance/cases/{name}"), encoding="utf-8"
        )
    assert count(*_read(folder)) == of_version(version) | {"version": version}
