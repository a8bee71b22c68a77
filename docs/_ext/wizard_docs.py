"""Sphinx directives for the wizard-rules documentation.

* ``.. rule:: N.M`` -- one numbered rule of the specification, with its
  sources, the ruling it takes, and links to the conformance cases that pin
  it down, read from the case files at build time (so they cannot drift); a
  rule with no case yet must say why, with ``:cases-pending: REASON``;
* ``.. case-list::`` -- every conformance case, by area, each linking back to
  its rule.

The phase diagram of ``state-machine.rst`` is Mermaid text
(sphinxcontrib-mermaid's ``.. mermaid::``), drawn in the reader's browser.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from wizard_rules import Config
from wizard_rules.conformance.suite import Case, load_suite

_SUITE = load_suite()
_RULES_DOC = "rules"
_CASES_DOC = "cases"


def _rule_label(number: str) -> str:
    return f"rule-{number}"


def _case_label(case_id: str) -> str:
    return f"case-{case_id}"


def _ref(label: str, text: str, *, literal: bool = False) -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
    )
    ref += nodes.literal(text, text) if literal else nodes.Text(text)
    return ref


class RuleDirective(SphinxDirective):
    """One numbered rule."""

    required_arguments = 1
    has_content = True
    option_spec = {  # noqa: RUF012 - the docutils API is a class attribute
        "title": directives.unchanged_required,
        "sources": directives.unchanged,
        "ruling": directives.unchanged,
        "option": directives.unchanged,
        "cases-pending": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Render the rule, its sources and the links to its cases."""
        number = self.arguments[0]
        title = self.options.get("title", "")
        label = _rule_label(number)
        node_id = nodes.make_id(label)
        box = nodes.container(classes=["wizard-rule"])
        box["ids"].append(node_id)
        std = self.env.get_domain("std")
        std.note_hyperlink_target(label, self.env.docname, node_id, f"rule {number}")  # type: ignore[attr-defined]

        heading = nodes.paragraph(classes=["wizard-rule-title"])
        heading += nodes.strong(f"Rule {number}", f"Rule {number}")
        heading += nodes.Text(f" \N{EM DASH} {title}")
        if "option" in self.options:
            heading += nodes.Text(" ")
            heading += nodes.inline("option", "option", classes=["wizard-option"])
        box += heading
        body = nodes.container(classes=["wizard-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        box += body

        fields = nodes.field_list(classes=["wizard-rule-fields"])
        if self.options.get("sources"):
            fields += _field("Sources", nodes.Text(self.options["sources"]))
        if self.options.get("ruling"):
            ruling = self.options["ruling"]
            text = "options" if ruling == "options" else f"ruling {ruling}"
            fields += _field("Ruling", nodes.Text(f"takes {text} of shared/rulings.md"))
        if "option" in self.options:
            # A Config field (the bid-total option), or a key of the
            # configuration's JSON that a Rules piece reads (the variants).
            name = self.options["option"]
            label = f"Config.{name}" if hasattr(Config, name) else f'"{name}" (configuration)'
            fields += _field("Option", nodes.literal(name, label))
        cases = [case for case in _SUITE.cases if case.rule == number]
        pending = self.options.get("cases-pending")
        if pending is not None:
            # A rule written before its cases: says why, and must lose the
            # mark once cases name it.
            if cases:
                raise self.error(f"rule {number} has conformance cases: drop :cases-pending:")
            fields += _field("Cases", nodes.Text(f"none yet: {pending}"))
            box += fields
            return [box]
        if not cases:
            raise self.error(f"rule {number} has no conformance case")
        listing = nodes.inline()
        for index, case in enumerate(cases):
            if index:
                listing += nodes.Text(" ")
            listing += _ref(_case_label(case.id), case.id, literal=True)
        fields += _field(f"Cases ({len(cases)})", listing)
        box += fields
        return [box]


def _field(name: str, value: nodes.Node) -> nodes.field:
    field = nodes.field()
    field += nodes.field_name(name, name)
    body = nodes.field_body()
    paragraph = nodes.paragraph()
    paragraph += value
    body += paragraph
    field += body
    return field


def _expectation(case: Case) -> str:
    parts = []
    if case.errors:
        parts.append(
            "refused: "
            + ", ".join(
                f"{e['code']} at "
                + ("the configuration" if e["at"] is None else f"action {e['at']}")
                for e in case.errors
            )
        )
    if case.state:
        parts.append("observes " + ", ".join(sorted(case.state)))
    if case.perft:
        parts.append(f"perft {case.perft['depth']} = {case.perft['count']}")
    return "; ".join(parts)


class CaseListDirective(SphinxDirective):
    """Every conformance case, by area."""

    def run(self) -> list[nodes.Node]:
        """Render one table of cases per area."""
        std = self.env.get_domain("std")
        result: list[nodes.Node] = []
        for area in _SUITE.areas:
            cases = [case for case in _SUITE.cases if case.area == area]
            section = nodes.section(ids=[nodes.make_id(f"area-{area}")])
            section += nodes.title(area, f"{area} ({len(cases)} cases)")
            table = nodes.table(classes=["wizard-cases"])
            group = nodes.tgroup(cols=4)
            for width in (12, 7, 48, 33):
                group += nodes.colspec(colwidth=width)
            head = nodes.thead()
            row = nodes.row()
            for text in ("id", "rule", "description", "expects"):
                entry = nodes.entry()
                entry += nodes.paragraph(text, text)
                row += entry
            head += row
            group += head
            body = nodes.tbody()
            for case in cases:
                label = _case_label(case.id)
                node_id = nodes.make_id(label)
                std.note_hyperlink_target(label, self.env.docname, node_id, case.id)  # type: ignore[attr-defined]
                row = nodes.row(ids=[node_id])
                cells = [
                    nodes.literal(case.id, case.id),
                    _ref(_rule_label(case.rule), case.rule),
                    nodes.Text(case.description),
                    nodes.Text(_expectation(case)),
                ]
                for cell in cells:
                    entry = nodes.entry()
                    paragraph = nodes.paragraph()
                    paragraph += cell
                    entry += paragraph
                    row += entry
                body += row
            group += body
            table += group
            section += table
            result.append(section)
        return result


def _resolve_short_names(
    app: Sphinx, env: Any, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve a public or short name to where the object is documented.

    ``wizard_rules.State`` and ``State`` both lead to ``wizard_rules.core.state.State``.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    short = target.removeprefix("wizard_rules.")
    objects = env.get_domain("py").objects
    matches = sorted(
        name for name in objects if name.startswith("wizard_rules.") and name.endswith("." + short)
    )
    if not matches and "." in short:
        # An attribute documented in its class's docstring (attrs fields, for
        # example) has no target of its own: link to the class.
        owner = short.rsplit(".", 1)[0]
        matches = sorted(
            name
            for name in objects
            if name.startswith("wizard_rules.") and name.endswith("." + owner)
        )
    if not matches:
        return None
    # Prefer the shortest documented name: the object itself over a re-export.
    best = min(matches, key=len)
    entry = objects[best]
    return _make_reference(app, node["refdoc"], entry.docname, entry.node_id, best, contnode)


def _make_reference(
    app: Sphinx, fromdoc: str, todoc: str, node_id: str, title: str, contnode: nodes.Element
) -> nodes.Element:
    from sphinx.util.nodes import make_refnode

    return make_refnode(app.builder, fromdoc, todoc, node_id, contnode, title)


def _hide_private_bases(
    app: Sphinx, name: str, obj: object, options: object, bases: list[type]
) -> None:
    """Leave the library's private base classes out of "Bases:" lines.

    A :class:`State` is built on ``_StateFields`` and ``_PublicQueries``;
    their members are documented on the class itself (``:inherited-members:``
    in ``api.rst``), and the private names would only be dead links.  What
    is left is ``object``, as for any class with no public base.
    """
    public = [base for base in bases if not base.__name__.startswith("_")]
    bases[:] = public or [object]


def _skip_refusals(
    app: Sphinx, what: str, name: str, obj: object, skip: bool, options: object
) -> bool | None:
    """Do not document the tuple methods a :class:`State` refuses (``count``, ...)."""
    if getattr(obj, "__name__", "") in {"_not_a_sequence", "_not_ordered"}:
        return True
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.connect("missing-reference", _resolve_short_names)
    app.connect("autodoc-process-bases", _hide_private_bases)
    app.connect("autodoc-skip-member", _skip_refusals)
    app.add_directive("rule", RuleDirective)
    app.add_directive("case-list", CaseListDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
