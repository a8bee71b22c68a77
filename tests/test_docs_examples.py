"""Every example in the docs pastes: each page's examples run in one fresh namespace.

The Sphinx ``doctest`` build runs the pages' examples too, but a setup in
``docs/conf.py`` (``doctest_global_setup``) would hide a missing import from
it.  Here each page starts from an empty namespace (no setup, nothing
imported), and its examples run in page order, as a reader pasting them one
after the other would run them: the ``>>>`` blocks, the ``doctest`` and
``testcode`` (with its ``testoutput``) directives, and the ``python`` code
blocks (run, their output unchecked, as the page shows none).  Expected
output is checked as Sphinx checks it, with the same option flags.  What a
reader cannot see is refused: a ``testsetup`` or ``testcleanup`` block, and
a ``doctest`` or ``testcode`` block with ``:hide:``.

The docstrings of the modules the API reference documents are checked the
same way, each in a fresh namespace of its own, so that an example copied
from the API reference pastes too.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import importlib
import io
import re
import textwrap
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


# -- what docs/conf.py says -----------------------------------------------------------------------


def conf_assignments() -> dict[str, ast.expr]:
    """The top-level assignments of docs/conf.py, by name (read, not run)."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.value is not None
        ):
            found[node.target.id] = node.value
    return found


CONF = conf_assignments()

# sphinx.ext.doctest's default, unless docs/conf.py sets doctest_default_flags.
SPHINX_DEFAULT_FLAGS = (
    doctest.DONT_ACCEPT_TRUE_FOR_1 | doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL
)
FLAGS: int = (
    eval(
        compile(ast.Expression(CONF["doctest_default_flags"]), "conf.py", "eval"),
        {"doctest": doctest},
    )
    if "doctest_default_flags" in CONF
    else SPHINX_DEFAULT_FLAGS
)
EXCLUDED: list[str] = ast.literal_eval(CONF["exclude_patterns"])


def test_the_doctest_build_has_no_hidden_setup() -> None:
    for name in ("doctest_global_setup", "doctest_global_cleanup", "doctest_path"):
        assert name not in CONF, (
            f"docs/conf.py sets {name}: the examples must import what they use"
        )
    assert "sphinx.ext.doctest" in ast.literal_eval(CONF["extensions"])


# -- reading a page's examples --------------------------------------------------------------------


class UnsupportedExample(Exception):
    """A page uses a form of example this test does not know how to run as Sphinx would."""


@dataclass
class Block:
    """One example of a page: its kind, its text (dedented), and where it starts."""

    kind: str  # "doctest", "testcode", "testoutput" or "code"
    source: str
    line: int  # of the block's first line of text in the page, counted from 1
    options: dict[int, bool] = field(default_factory=dict)
    included_from: str = ""  # the file that holds it, when a page includes another file


TEST_DIRECTIVES = {"doctest", "testsetup", "testcode", "testoutput", "testcleanup"}
CODE_DIRECTIVES = {"code-block", "code", "sourcecode"}
PYTHON = {"python", "py", "python3"}
PYCON = {"pycon"}
RST_DIRECTIVE = re.compile(r"^(?P<indent> *)\.\.\s+(?P<name>[\w:-]+)::(?:\s+(?P<arg>.*?))?\s*$")
RST_OPTION = re.compile(r"^ +:(?P<name>[\w-]+):(?:\s+(?P<value>.*?))?\s*$")
MD_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})\s*(?P<info>.*?)\s*$")


def indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def parse_options(directive: str, raw: dict[str, str]) -> dict[int, bool]:
    """The comparison flags a test directive's options give, as Sphinx reads them."""
    flags: dict[int, bool] = {}
    for name, value in raw.items():
        if name == "options":
            for option in value.replace(",", " ").split():
                if option[0] not in "+-" or option[1:] not in doctest.OPTIONFLAGS_BY_NAME:
                    raise UnsupportedExample(f"unknown doctest option {option!r}")
                flags[doctest.OPTIONFLAGS_BY_NAME[option[1:]]] = option[0] == "+"
        elif name == "hide" and directive != "testoutput":
            raise UnsupportedExample(
                f"a {directive} block with :hide: is a setup hidden from the reader"
            )
        elif name not in ("hide", "no-trim-doctest-flags"):
            # (:skipif: and :pyversion: skip examples: say so rather than guess.)
            raise UnsupportedExample(f"the {directive} option :{name}: is not supported here")
    return flags


def directive_block(
    name: str, arg: str, raw_options: dict[str, str], body: list[str], line: int
) -> Block | None:
    """The example a directive holds, or None if it holds none that runs."""
    while body and not body[-1].strip():  # (as docutils, which drops the blank lines at the end)
        body = body[:-1]
    if not body:
        return None
    source = textwrap.dedent("".join(body))
    if name in ("testsetup", "testcleanup"):
        raise UnsupportedExample(f"a {name} block is hidden from the reader: show the code")
    if name in TEST_DIRECTIVES:
        if arg and arg != "default":
            raise UnsupportedExample(
                f"the {name} block names a group ({arg}): one namespace per page"
            )
        return Block(name, source, line, parse_options(name, raw_options))
    language = arg.lower()
    if language in PYCON or (language in PYTHON and source.lstrip().startswith(">>>")):
        return Block("doctest", source, line)
    if language in PYTHON:
        return Block("code", source, line)
    return None


def rst_blocks(text: str) -> list[Block]:
    """The examples of a reStructuredText page, in page order."""
    lines = text.splitlines(keepends=True)
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        indent = indent_of(line)
        match = RST_DIRECTIVE.match(line)
        if match:
            name, arg = match["name"], match["arg"] or ""
            i += 1
            raw_options: dict[str, str] = {}
            while i < len(lines) and (option := RST_OPTION.match(lines[i])):
                raw_options[option["name"]] = option["value"] or ""
                i += 1
            if name not in TEST_DIRECTIVES | CODE_DIRECTIVES:
                continue  # (a note, a toctree, ...: what it holds is read as the page is)
            start = i
            while i < len(lines) and (not lines[i].strip() or indent_of(lines[i]) > indent):
                i += 1
            while start < i and not lines[start].strip():
                start += 1
            block = directive_block(name, arg, raw_options, lines[start:i], start + 1)
            if block is not None:
                blocks.append(block)
            continue
        if line.lstrip().startswith(".."):  # a comment, a target or a substitution
            i += 1
            while i < len(lines) and (not lines[i].strip() or indent_of(lines[i]) > indent):
                i += 1
            continue
        start = i
        while i < len(lines) and lines[i].strip():
            i += 1
        paragraph = lines[start:i]
        if line.lstrip().startswith(">>>"):
            blocks.append(Block("doctest", textwrap.dedent("".join(paragraph)), start + 1))
        elif paragraph[-1].rstrip().endswith("::"):  # a literal block follows: text, not run
            last = indent_of(paragraph[-1])
            while i < len(lines) and (not lines[i].strip() or indent_of(lines[i]) > last):
                i += 1
    return blocks


def md_blocks(text: str, base: Path) -> list[Block]:
    """The examples of a Markdown (MyST) page, in page order, with what it includes."""
    lines = text.splitlines(keepends=True)
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = MD_FENCE.match(lines[i])
        i += 1
        if not match:
            continue
        fence, info = match["fence"], match["info"]
        start = i
        while i < len(lines) and not lines[i].strip().startswith(fence):
            i += 1
        body, i = lines[start:i], i + 1
        directive = re.fullmatch(r"\{(?P<name>[\w:-]+)\}\s*(?P<arg>.*)", info)
        name, arg = (directive["name"], directive["arg"]) if directive else ("code-block", info)
        raw_options: dict[str, str] = {}
        while body and (option := re.match(r"^:(?P<name>[\w-]+):\s*(?P<value>.*?)\s*$", body[0])):
            raw_options[option["name"]] = option["value"]
            body, start = body[1:], start + 1
        if name == "include":
            included = (base / arg.strip()).resolve()
            if included.suffix == ".md":
                for inner in md_blocks(included.read_text(encoding="utf-8"), included.parent):
                    inner.included_from = inner.included_from or included.name
                    blocks.append(inner)
            continue
        if name in TEST_DIRECTIVES | CODE_DIRECTIVES:
            block = directive_block(name, arg.strip(), raw_options, body, start + 1)
            if block is not None:
                blocks.append(block)
    return blocks


def page_blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    return md_blocks(text, page.parent) if page.suffix == ".md" else rst_blocks(text)


def docs_pages() -> list[Path]:
    """Every page of the docs, as Sphinx finds them (conf.py's exclude_patterns left out)."""
    pages = []
    for page in sorted([*DOCS.rglob("*.rst"), *DOCS.rglob("*.md")]):
        relative = page.relative_to(DOCS)
        if not any(relative.match(pattern) or pattern in relative.parts for pattern in EXCLUDED):
            pages.append(page)
    return pages


PAGES_WITH_EXAMPLES = [page for page in docs_pages() if page_blocks(page)]


# -- running them ---------------------------------------------------------------------------------


@contextlib.contextmanager
def doctest_compiles_as(mode: list[str]) -> Iterator[None]:
    """Let doctest compile a block as ``mode[0]`` says (as sphinx.ext.doctest does).

    doctest compiles every example in ``"single"`` mode, which refuses a
    ``testcode`` block of several statements; Sphinx replaces doctest's
    ``compile`` for the same reason.
    """

    def compile_as(
        source: str, filename: str, _mode: str, flags: int = 0, dont_inherit: bool = False
    ) -> Any:
        return compile(source, filename, mode[0], flags, dont_inherit)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(doctest, "compile", compile_as, raising=False)
        yield


@dataclass
class Outcome:
    """What running a page's (or a docstring's) examples gave."""

    tried: int = 0
    failures: list[str] = field(default_factory=list)


def run_blocks(blocks: list[Block], name: str, filename: str) -> Outcome:
    """Run ``blocks`` in order in one namespace, empty at the start, as Sphinx's doctest does."""
    globs: dict[str, Any] = {}
    parser = doctest.DocTestParser()
    outcome = Outcome()
    report: list[str] = []
    runner = doctest.DocTestRunner(verbose=False, optionflags=FLAGS)
    mode = ["single"]

    def run(test: doctest.DocTest) -> None:
        before = runner.failures
        runner.run(test, out=report.append, clear_globs=False)
        outcome.tried += len(test.examples)
        if runner.failures > before:
            outcome.failures.append("".join(report))
        report.clear()

    with doctest_compiles_as(mode):
        for index, block in enumerate(blocks):
            file = (
                f"{filename} (included {block.included_from})" if block.included_from else filename
            )
            where = f"{file}, line {block.line}"
            if block.kind == "doctest":
                mode[0] = "single"
                test = parser.get_doctest(block.source, globs, name, file, block.line - 1)
                test.globs = globs  # (a DocTest copies the namespace it is given)
                for example in test.examples:
                    example.options = {**block.options, **example.options}
                run(test)
            elif block.kind == "code":
                outcome.tried += 1
                try:
                    with contextlib.redirect_stdout(io.StringIO()):
                        exec(compile(block.source, where, "exec"), globs)
                except Exception:
                    outcome.failures.append(f"{where}:\n{traceback.format_exc()}")
            elif block.kind == "testcode":  # (with the testoutput after it, if there is one)
                mode[0] = "exec"
                following = blocks[index + 1] if index + 1 < len(blocks) else None
                output = following if following and following.kind == "testoutput" else None
                want = output.source if output else ""
                options = {
                    **(output.options if output else {}),
                    doctest.DONT_ACCEPT_BLANKLINE: True,
                }
                exception = parser._EXCEPTION_RE.match(want)  # type: ignore[attr-defined]
                example = doctest.Example(
                    block.source,
                    want,
                    exc_msg=exception.group("msg") if exception else None,
                    lineno=0,
                    options=options,
                )
                test = doctest.DocTest([example], {}, name, file, block.line - 1, None)
                test.globs = globs
                run(test)
    return outcome


# An example that takes a name by its 0.1 module path (wizard_rules.batch, ...), which
# wizard_rules._compat keeps working with a DeprecationWarning, fails: use the new path.
OLD_PATHS_FAIL = pytest.mark.filterwarnings(r"error:wizard_rules\.\S+ is now:DeprecationWarning")


@OLD_PATHS_FAIL
@pytest.mark.parametrize(
    "page", PAGES_WITH_EXAMPLES, ids=lambda page: page.relative_to(DOCS).with_suffix("").as_posix()
)
def test_the_examples_of_a_page_paste_into_a_fresh_interpreter(page: Path) -> None:
    name = page.relative_to(DOCS).as_posix()
    outcome = run_blocks(page_blocks(page), name, f"docs/{name}")
    assert not outcome.failures, (
        f"docs/{name}: an example fails in a fresh namespace:\n" + "\n".join(outcome.failures)
    )
    assert outcome.tried > 0


# -- the docstrings of the API reference ----------------------------------------------------------


def api_modules() -> list[str]:
    """The modules the API reference documents (``automodule``), on whichever pages it has."""
    pages = [*DOCS.glob("api*.rst"), *DOCS.glob("api/**/*.rst")]
    names: list[str] = []
    for page in sorted(pages):
        for match in re.finditer(
            r"^\.\. automodule:: (\S+)", page.read_text(encoding="utf-8"), re.M
        ):
            if match[1] not in names:
                names.append(match[1])
    return names


def docstring_tests(module_name: str) -> list[doctest.DocTest]:
    """The public docstrings of a module that hold examples, each with an empty namespace."""
    module = importlib.import_module(module_name)
    found = doctest.DocTestFinder().find(module, module_name, globs={})
    public = [
        test
        for test in found
        if test.examples
        if not any(part.startswith("_") for part in test.name[len(module_name) :].split("."))
    ]
    return sorted(public, key=lambda test: (test.lineno or 0, test.name))


@OLD_PATHS_FAIL
@pytest.mark.parametrize("module_name", api_modules())
def test_the_docstring_examples_of_a_module_paste_into_a_fresh_interpreter(
    module_name: str,
) -> None:
    failures = []
    for test in docstring_tests(module_name):
        assert set(test.globs) <= {
            "__name__"
        }  # (doctest sets __name__, as a fresh interpreter has)
        report: list[str] = []
        runner = doctest.DocTestRunner(verbose=False, optionflags=FLAGS)
        runner.run(test, out=report.append)
        if runner.failures:
            failures.append("".join(report))
    assert not failures, (
        f"{module_name}: a docstring example fails in a fresh namespace:\n" + "\n".join(failures)
    )


def test_the_docstrings_of_the_api_reference_are_found() -> None:
    modules = api_modules()
    assert {
        "wizard_rules.core.cards",
        "wizard_rules.formats.records",
        "wizard_rules.errors",
    } <= set(modules)
    names = {test.name for test in docstring_tests("wizard_rules.core.cards")}
    # (the module's own docstring, and two functions whose docstrings hold examples)
    assert {
        "wizard_rules.core.cards",
        "wizard_rules.core.cards.parse_card",
        "wizard_rules.core.cards.parse_cards",
    } <= names
    assert all(test.examples for test in docstring_tests("wizard_rules.core.cards"))


# -- the collector itself -------------------------------------------------------------------------

SAMPLE_RST = """\
Title
=====

.. note::

   >>> x = 1
   >>> x
   1

Some text with a literal block::

   >>> this is literal text, not an example

.. code-block:: console

   $ wizard-rules simulate

.. >>> a comment, not an example

.. doctest::
   :options: +NORMALIZE_WHITESPACE

   >>> print("a   b")
   a b

.. testcode::

   y = x + 1
   print(y)

.. testoutput::
   :hide:

   2

.. code-block:: python

   z = y * 2

.. code-block:: pycon

   >>> z
   4
"""


def test_the_collector_finds_each_kind_of_example_in_page_order() -> None:
    blocks = rst_blocks(SAMPLE_RST)
    assert [(block.kind, block.line) for block in blocks] == [
        ("doctest", 6),
        ("doctest", 23),
        ("testcode", 28),
        ("testoutput", 34),
        ("code", 38),
        ("doctest", 42),
    ]
    assert blocks[0].source == ">>> x = 1\n>>> x\n1\n"
    assert blocks[1].options == {doctest.NORMALIZE_WHITESPACE: True}
    assert blocks[2].source == "y = x + 1\nprint(y)\n"
    outcome = run_blocks(blocks, "sample", "sample.rst")
    assert outcome.failures == []
    assert outcome.tried == 6  # 2 + 1 in the doctest blocks, the testcode, the code, the pycon


def test_a_missing_import_fails_and_names_the_page_and_line() -> None:
    # The import is left out on purpose: the example must fail in a fresh namespace.
    blocks = rst_blocks("Text.\n\n>>> rng = random.Random(1)\n>>> rng.random() < 1\nTrue\n")
    outcome = run_blocks(blocks, "page", "docs/page.rst")
    assert len(outcome.failures) == 1
    assert 'File "docs/page.rst", line 3' in outcome.failures[0]
    assert "NameError: name 'random' is not defined" in outcome.failures[0]
    pasted = rst_blocks(
        "Text.\n\n>>> import random\n>>> rng = random.Random(1)\n>>> rng.random() < 1\nTrue\n"
    )
    assert run_blocks(pasted, "page", "docs/page.rst").failures == []


def test_wrong_output_and_a_failing_code_block_are_reported() -> None:
    text = (
        ".. testcode::\n\n   print(1)\n\n.. testoutput::\n\n   2\n\n"
        ".. code-block:: python\n\n   1 / 0\n"
    )
    failures = run_blocks(rst_blocks(text), "page", "docs/page.rst").failures
    assert len(failures) == 2
    assert 'File "docs/page.rst", line 3' in failures[0]
    assert "Expected:\n    2\nGot:\n    1" in failures[0]
    assert failures[1].startswith("docs/page.rst, line 11:")
    assert "ZeroDivisionError" in failures[1]


def test_testcode_without_testoutput_must_print_nothing_as_in_sphinx() -> None:
    failures = run_blocks(
        rst_blocks(".. testcode::\n\n   print(1)\n"), "page", "page.rst"
    ).failures
    assert len(failures) == 1
    assert "Got:\n    1" in failures[0]


def test_a_markdown_page_and_what_it_includes(tmp_path: Path) -> None:
    (tmp_path / "part.md").write_text("```python\nz = 3\n```\n", encoding="utf-8")
    (tmp_path / "other.txt").write_text(">>> 1/0\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n"
        "```{doctest}\n:options: +ELLIPSIS\n>>> import math\n>>> math.pi\n3.14...\n```\n\n"
        "```{include} part.md\n```\n\n```{include} other.txt\n```\n\n```sh\nls\n```\n\n"
        "```pycon\n>>> z + 1\n4\n```\n",
        encoding="utf-8",
    )
    blocks = page_blocks(page)
    assert [(block.kind, block.line) for block in blocks] == [
        ("doctest", 5),
        ("code", 2),
        ("doctest", 21),
    ]
    assert run_blocks(blocks, "page", "page.md").failures == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".. doctest:: group1\n\n   >>> 1\n   1\n", "names a group"),
        (".. doctest::\n   :skipif: True\n\n   >>> 1\n   1\n", ":skipif: is not supported"),
        (".. doctest::\n   :options: +NO_SUCH_FLAG\n\n   >>> 1\n   1\n", "unknown doctest option"),
        (".. testsetup::\n\n   import random\n", "hidden from the reader"),
        (".. doctest::\n   :hide:\n\n   >>> import random\n", "hidden from the reader"),
    ],
)
def test_a_form_the_collector_cannot_run_as_sphinx_would_is_refused(
    text: str, message: str
) -> None:
    with pytest.raises(UnsupportedExample, match=message):
        rst_blocks(text)


def test_the_pages_with_examples_are_found() -> None:
    found = {page.relative_to(DOCS).as_posix() for page in PAGES_WITH_EXAMPLES}
    # the pages whose examples the Sphinx doctest build runs, and the implementers'
    # guide, whose example is a python code block
    assert {
        "index.rst",
        "tutorial.rst",
        "state-machine.rst",
        "architecture.rst",
        "implementers.rst",
        "howto/batch.rst",
        "howto/bots.rst",
        "howto/openspiel.rst",
        "howto/pettingzoo.rst",
        "howto/positions.rst",
        "howto/records.rst",
        "howto/server.rst",
        "howto/strategies.rst",
    } <= found
    assert "changelog.md" in {page.relative_to(DOCS).as_posix() for page in docs_pages()}
