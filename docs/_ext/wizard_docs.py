"""Sphinx directives for the wizard-rules documentation.

* ``.. rule:: N.M`` -- one numbered rule of the specification, with its
  sources, the ruling it takes, and links to the conformance cases that pin
  it down, read from the case files at build time (so they cannot drift); a
  rule with no case yet must say why, with ``:cases-pending: REASON``;
* ``.. case-list::`` -- every conformance case, by area, each linking back to
  its rule.

It also gives each ruling of the rulings page (``rulings.md``, the project's
``shared/rulings.md``) its anchor, ``ruling-N`` (and ``ruling-options``), which
the rules' "Ruling" lines link to; shows the classes that have no public
constructor with no signature rather than ``(*args, **kwargs)``; links a
bare class name that its own module does not document to the facade's class
of that name (``State`` is :class:`wizard_rules.State`, not the JAX engine's
``State``); and, where
``conf.py`` mocks a module that is not installed (OpenSpiel), reads the
signatures of the classes built on the mock from their own ``__init__`` and
has the doctest builder skip the pages whose examples need it.

The phase diagram of ``state-machine.rst`` is Mermaid text
(sphinxcontrib-mermaid's ``.. mermaid::``), drawn in the reader's browser.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.ext.autodoc.mock import ismockmodule  # type: ignore[attr-defined]
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.inspect import stringify_signature

import wizard_rules
from wizard_rules import Config
from wizard_rules.conformance.suite import Case, load_suite
from wizard_rules.errors import InvalidArgumentError

_SUITE = load_suite()
_RULES_DOC = "rules"
_CASES_DOC = "cases"
_RULINGS_DOC = "rulings"
_RULINGS_COPY = Path(__file__).resolve().parent.parent / "sources" / "rulings.md"
_LOGGER = logging.getLogger(__name__)


def _rule_label(number: str) -> str:
    return f"rule-{number}"


def _case_label(case_id: str) -> str:
    return f"case-{case_id}"


def ruling_label(ruling: str) -> str:
    """The anchor of a ruling on the rulings page: ``ruling-7``, ``ruling-options``."""
    return f"ruling-{ruling}"


def ruling_titles(text: str) -> dict[str, str]:
    """Each numbered ruling's title, by its number: ``{"1": "Deck", ...}``.

    A ruling is an item of the rulings' numbered list, its title in bold:
    ``7. **The led suit.** The first card ...``.
    """
    return dict(re.findall(r"^(\d+)\. \*\*(.+?)\.?\*\*", text, flags=re.MULTILINE))


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
            if not (ruling.isdigit() or ruling == "options"):
                raise self.error(
                    f"rule {number}: :ruling: is a number or 'options', not {ruling!r}"
                )
            self.env.note_dependency(str(_RULINGS_COPY))
            titles = ruling_titles(_RULINGS_COPY.read_text(encoding="utf-8"))
            taken = nodes.inline()
            taken += nodes.Text("takes ")
            if ruling == "options":
                taken += _ref(ruling_label(ruling), "the rulings on options")
            elif ruling in titles:
                taken += _ref(ruling_label(ruling), f"ruling {ruling}")
                taken += nodes.Text(f" ({titles[ruling]})")
            else:
                raise self.error(f"rule {number}: there is no ruling {ruling} in the rulings")
            fields += _field("Ruling", taken)
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


class FacadeNames(SphinxPostTransform):
    """Link a bare class name that its own module does not document to the facade's class.

    Signatures and type fields written from string annotations (those that
    name a class imported only for type checkers, ``State |
    AnniversaryState``) name classes bare, and Sphinx then searches every
    module for the name: ``State`` is both :class:`wizard_rules.State` and
    :class:`wizard_rules.sim.jax_engine.State`.  A bare name means the
    module's own object where it documents one (the JAX engine's docstrings
    keep their ``State``), else the facade's: ``wizard_rules.NAME``'s home.
    """

    default_priority = 5  # before Sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        """Point this page's bare Python class names at the facade's classes."""
        python: Any = self.env.get_domain("py")  # (a PythonDomain, with its objects)
        objects = python.objects
        for node in self.document.findall(addnodes.pending_xref):
            target = node.get("reftarget", "")
            if node.get("refdomain") != "py" or not node.get("refspecific") or "." in target:
                continue
            module, cls = node.get("py:module"), node.get("py:class")
            own = [target, f"{module}.{target}", f"{module}.{cls}.{target}"]
            if any(name in objects for name in own):
                continue
            public = getattr(wizard_rules, target, None)
            if isinstance(public, type):
                home = f"{public.__module__}.{public.__qualname__}"
                if home in objects:
                    node["reftarget"] = home


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


# -- the rulings page ----------------------------------------------------------------------


def _starts_bold(item: nodes.Node) -> bool:
    """Whether a list item starts with bold text, as each ruling does (``**Deck.**``)."""
    paragraph = item[0] if isinstance(item, nodes.list_item) and len(item) else None
    if not isinstance(paragraph, nodes.paragraph):
        return False
    bold = next(iter(paragraph.findall(nodes.strong)), None)
    return bold is not None and paragraph.astext().lstrip().startswith(bold.astext())


class RulingAnchors(SphinxTransform):
    """Give each ruling of the rulings page its anchor, as the rules cite it.

    The page includes the rulings as they are written (a faithful copy, so it
    carries no markup of its own): the numbered list of the base game, whose
    item N is ruling N (``ruling-N``), and the section on options
    (``ruling-options``).
    """

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        """Anchor the rulings, if this is the rulings page."""
        if self.env.docname != _RULINGS_DOC:
            return
        numbered = [
            node
            for node in self.document.findall(nodes.enumerated_list)
            if all(_starts_bold(item) for item in node.children)
        ]
        if len(numbered) != 1:
            _LOGGER.warning("expected one numbered list of rulings", location=self.document)
            return
        start = int(numbered[0].get("start", 1))
        for offset, item in enumerate(numbered[0].children):
            self._anchor(item, ruling_label(str(start + offset)), f"ruling {start + offset}")
        options = [
            section
            for section in self.document.findall(nodes.section)
            if section[0].astext().startswith("Options")
        ]
        if len(options) != 1:
            _LOGGER.warning("expected one section on options", location=self.document)
            return
        self._anchor(options[0], ruling_label("options"), "the rulings on options")

    def _anchor(self, node: nodes.Element, label: str, title: str) -> None:
        node_id = nodes.make_id(label)
        node["ids"].insert(0, node_id)
        std = self.env.get_domain("std")
        std.note_hyperlink_target(label, self.env.docname, node_id, title)  # type: ignore[attr-defined]


# -- signatures ---------------------------------------------------------------------------


def _is_mock(cls: type) -> bool:
    return "__sphinx_mock__" in vars(cls)


def shown_signature(cls: type, found: str | None, *, annotations: bool = False) -> str | None:
    """The signature the API reference shows for ``cls`` (``None``: ``found``, autodoc's).

    autodoc reads ``(*args, **kwargs)`` from a constructor that refuses every
    call (a :class:`~wizard_rules.Card`, :class:`~wizard_rules.State`, ...:
    there is no public constructor), from a protocol (which has none), and
    from a class built on a mocked module's class (the mock's).  The first
    two show no signature at all; the third shows its own ``__init__``'s.
    """
    if found != "(*args, **kwargs)":
        return None
    if getattr(cls, "_is_protocol", False):
        return ""
    if any(_is_mock(base) for base in cls.__mro__):
        for base in cls.__mro__:
            if _is_mock(base):
                return None
            init = vars(base).get("__init__")
            if inspect.isfunction(init):
                signature = inspect.signature(init)
                parameters = list(signature.parameters.values())[1:]
                return stringify_signature(
                    signature.replace(parameters=parameters),
                    show_annotation=annotations,
                    show_return_annotation=False,
                )
    try:
        cls()
    except InvalidArgumentError:
        return ""  # no public constructor: the class's docstring says how to get one
    except Exception:
        return None
    return None


def _class_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show a class's signature as :func:`shown_signature` says."""
    if what not in {"class", "exception"} or not isinstance(obj, type):
        return None
    annotations = app.config.autodoc_typehints in {"signature", "both"}
    shown = shown_signature(obj, signature, annotations=annotations)
    return None if shown is None else (shown, return_annotation)


# -- the doctest builder where a module is mocked -----------------------------------------

_IMPORT_FROM = re.compile(r"from\s+([\w.]+)\s+import\b")
_IMPORT = re.compile(r"import\s+(.+)")
_PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.)?\s*")


def _is_example(node: nodes.Node) -> bool:
    """What sphinx.ext.doctest runs: ``>>>`` blocks and its directives' nodes."""
    return isinstance(node, nodes.doctest_block) or (
        isinstance(node, (nodes.literal_block, nodes.comment)) and "testnodetype" in node
    )


def imported_modules(code: str) -> Iterator[str]:
    """The modules that ``import`` and ``from ... import`` lines of ``code`` name."""
    for raw in code.splitlines():
        line = _PROMPT.sub("", raw, count=1)
        if match := _IMPORT_FROM.match(line):
            yield match.group(1)
        elif match := _IMPORT.match(line):
            for part in match.group(1).split(","):
                if words := part.split():
                    yield words[0]


def needs_a_mock(module_name: str, mocked: tuple[str, ...]) -> bool:
    """Whether ``module_name`` is a mocked module, or one of the library's that imports one."""
    if module_name.split(".")[0] in mocked:
        return True
    if module_name.split(".")[0] != "wizard_rules":
        return False
    module = sys.modules.get(module_name)
    if module is None:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # (the module's own message names the extra it needs)
            return True
    return any(
        ismockmodule(value) or (isinstance(value, type) and _is_mock(value))
        for value in vars(module).values()
    )


def _docstring_module(source: str | None) -> str | None:
    """The module whose docstring an example comes from (autodoc's ``:docstring of X``)."""
    if not source or ":docstring of " not in source:
        return None
    name = source.rpartition(":docstring of ")[2]
    while name and name not in sys.modules:
        name = name.rpartition(".")[0]
    return name or None


class SkipExamplesOfMockedModules(SphinxTransform):
    """Mark for the doctest builder to skip a page whose examples need a mocked module.

    Only where ``conf.py`` mocks a module (OpenSpiel, not installed): a page
    whose examples import it, or a module of the library that imports it,
    or whose examples are the docstrings of such a module, cannot run them.
    All of the page's examples are skipped (they share one namespace); the
    HTML is the same.
    """

    default_priority = 900

    def apply(self, **kwargs: Any) -> None:
        """Skip this page's examples, if they need a mocked module."""
        mocked = tuple(self.config.autodoc_mock_imports)
        if not mocked:
            return
        examples = list(self.document.findall(_is_example))
        needed = {
            name
            for node in examples
            for name in [
                *imported_modules(node.get("test") or node.astext()),
                _docstring_module(node.source),
            ]
            if name is not None and needs_a_mock(name, mocked)
        }
        if not needed:
            return
        for node in examples:
            node["skipif"] = "True"
        self.env.metadata[self.env.docname][_SKIPPED] = ", ".join(sorted(needed))


_SKIPPED = "wizard-doctest-skipped"


def _say_what_was_skipped(app: Sphinx, exception: Exception | None) -> None:
    """After a doctest build, name the pages whose examples were skipped, and why."""
    if app.builder.name != "doctest" or exception is not None:
        return
    for docname in sorted(app.env.found_docs):
        needed = app.env.metadata.get(docname, {}).get(_SKIPPED)
        if needed:
            _LOGGER.info(
                "doctest: skipped the examples of %s, which need %s (mocked: not installed)",
                docname,
                needed,
            )


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, transforms and event handlers."""
    app.connect("missing-reference", _resolve_short_names)
    app.connect("autodoc-process-bases", _hide_private_bases)
    app.connect("autodoc-skip-member", _skip_refusals)
    app.connect("autodoc-process-signature", _class_signature)
    app.add_directive("rule", RuleDirective)
    app.add_directive("case-list", CaseListDirective)
    app.add_transform(RulingAnchors)
    app.add_transform(SkipExamplesOfMockedModules)
    app.add_post_transform(FacadeNames)
    app.connect("build-finished", _say_what_was_skipped)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
