"""The conformance cases: where they are, and reading them.

The suite is a folder of JSON files (``conformance/`` in the source tree,
shipped inside the package as ``wizard_rules/conformance/cases_data/``):

* ``suite.json`` -- the manifest: the suite's version, the protocol version,
  the case files in order, and the ids of retired cases;
* ``schema.json`` -- the JSON Schema of a case file;
* ``position.schema.json`` -- the JSON Schema of a position in JSON (as
  :func:`wizard_rules.position_to_dict` writes it);
* ``cases/AREA.json`` -- one file per area of the rules, each a list of cases.

A case is a JSON object::

    {"id": "winner.059", "rule": "8.2",
     "description": "a low trump beats the highest card of the led suit",
     "given": {"config": {...}, "position": {...}, "actions": [...]},
     "expect": {"errors": [...], "state": {...}, "perft": {"depth": 2, "count": 9}}}

``given.position`` (optional) is the position the case starts from; without
it the case starts at the first deal.

``expect.errors`` (default ``[]``) is the exact list of refused actions;
``expect.state`` the observations to compare (only the keys given);
``expect.perft`` a perft count; the optional ``tags`` list says what kind of
claim the case makes.  Nothing here needs more than a JSON parser:
like :mod:`wizard_rules.conformance.protocol`, whose shapes it uses, this
module imports nothing of the rules engine.

A :class:`Case`'s fields are typed as precisely as the case files allow.  The
configuration and the actions are given as JSON (``config`` a
:data:`~wizard_rules.conformance.protocol.JSONObject`, each action a
:data:`~wizard_rules.conformance.protocol.JSON` value), not as this library's
:class:`~wizard_rules.Config` or actions: some cases give malformed ones on
purpose (a player count that is a string, an action that is a number), and
any implementation must be able to read the case.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import attrs

from wizard_rules.conformance.protocol import JSON, JSONObject, PerftExpectation, Refusal
from wizard_rules.errors import ErrorCode, RecordError

__all__ = [
    "DETECT_SUFFIX",
    "READING_TAG",
    "Case",
    "Suite",
    "load_suite",
    "reading_tags",
    "suite_path",
    "without_reading",
]

_HERE: Final = Path(__file__).resolve().parent


def suite_path() -> Path:
    """The folder that holds the suite: the packaged copy, or the source tree's."""
    packaged = _HERE / "cases_data"
    if (packaged / "suite.json").is_file():
        return packaged
    source = _HERE.parent.parent / "conformance"  # an editable install or a checkout
    if (source / "suite.json").is_file():
        return source
    raise FileNotFoundError("the conformance suite is not installed with this package")


@attrs.frozen
class Case:
    """One conformance case, as read from its file.

    :ivar id: the stable case id, ``AREA.NNN``.
    :ivar rule: the number of the rule it checks.
    :ivar area: the area (the case file) it belongs to.
    :ivar description: one line about what it checks.
    :ivar config: the game configuration given, a JSON object (it may be
        invalid on purpose).
    :ivar actions: the actions given, in game-record form (some may be
        malformed on purpose).
    :ivar errors: the refusals expected, each ``{"at": index, "code": code}``.
    :ivar state: the observations expected (keys of
        :data:`~wizard_rules.conformance.protocol.OBSERVATION_KEYS`), or ``None``.
    :ivar perft: the perft count expected (``{"depth", "count"}``), or ``None``.
    :ivar tags: what kind of claim the case makes (``"rule"``, ``"ruling:N"``,
        ``"notation"``, ``"order"``, ``"option"``), from the case's optional
        ``tags`` list; empty when the case has none.
    :ivar position: the position the case starts from (the JSON form of
        ``position.schema.json``), or ``None`` for a case that starts at the
        first deal.
    """

    id: str
    rule: str
    area: str
    description: str
    config: JSONObject
    actions: tuple[JSON, ...]
    errors: tuple[Refusal, ...]
    state: JSONObject | None
    perft: PerftExpectation | None
    tags: tuple[str, ...] = ()
    position: JSONObject | None = None


@attrs.frozen
class Suite:
    """The whole suite: its versions and every case, in file order.

    :ivar version: the suite's version (``suite_version`` of the manifest).
    :ivar protocol: the adapter protocol version the cases need.
    :ivar cases: every case, in file order.
    :ivar retired: ids that are no longer used.
    """

    version: str
    protocol: int
    cases: tuple[Case, ...]
    retired: frozenset[str]

    @property
    def areas(self) -> tuple[str, ...]:
        """The areas, in file order."""
        return tuple(dict.fromkeys(case.area for case in self.cases))


def _bad(message: str) -> RecordError:
    return RecordError(ErrorCode.INVALID_RECORD, message)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise _bad(f"cannot read {path.name}: {error}") from None


def load_suite(path: Path | None = None) -> Suite:
    """Read the suite's manifest and case files.

    :raises RecordError: a file is missing, is not JSON, or lacks a field the
        runner needs (the full check is the JSON Schema, run by the tests).
    """
    root = suite_path() if path is None else path
    manifest = _read(root / "suite.json")
    if type(manifest) is not dict:
        raise _bad("suite.json must hold a JSON object")
    cases: list[Case] = []
    for name in manifest.get("files", []):
        document = _read(root / "cases" / name)
        area = document.get("area") if type(document) is dict else None
        if type(area) is not str or type(document.get("cases")) is not list:
            raise _bad(f"{name} must hold an object with 'area' and 'cases'")
        for raw in document["cases"]:
            try:
                given = raw["given"]
                expect = raw["expect"]
                cases.append(
                    Case(
                        id=raw["id"],
                        rule=raw["rule"],
                        area=area,
                        description=raw["description"],
                        config=given["config"],
                        actions=tuple(given.get("actions", [])),
                        errors=tuple(expect.get("errors", [])),
                        state=expect.get("state"),
                        perft=expect.get("perft"),
                        tags=tuple(raw.get("tags", [])),
                        position=given.get("position"),
                    )
                )
            except (KeyError, TypeError, AttributeError):
                raise _bad(f"{name}: a case lacks a required field: {str(raw)[:120]}") from None
    return Suite(
        version=str(manifest.get("suite_version")),
        protocol=int(manifest.get("protocol", 0)),
        cases=tuple(cases),
        retired=frozenset(manifest.get("retired", [])),
    )


# -- the cases of a reading (for the reading detector of the runner) ----------------

READING_TAG: Final = "reading:"
"""The prefix of the tags ``reading:NAME=VALUE`` that mark the cases of a reading."""

DETECT_SUFFIX: Final = "~detect"
"""What the reading detector adds to a group's first case id to name its extra request."""


def reading_tags(case: Case) -> tuple[tuple[str, str], ...]:
    """The readings a case's tags name, as ``(NAME, VALUE)`` pairs (``reading:NAME=VALUE``)."""
    found = []
    for tag in case.tags:
        if tag.startswith(READING_TAG):
            name, equals, value = tag[len(READING_TAG) :].partition("=")
            if name and equals and value:
                found.append((name, value))
    return tuple(found)


def without_reading(config: JSONObject, name: str) -> JSONObject:
    """``config`` with the reading ``name`` removed from its ``readings`` (and an empty one)."""
    readings = config.get("readings")
    if type(readings) is not dict:
        return config
    rest = {key: value for key, value in readings.items() if key != name}
    stripped = {key: value for key, value in config.items() if key != "readings"}
    if rest:
        stripped["readings"] = rest
    return stripped
