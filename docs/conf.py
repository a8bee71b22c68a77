"""Sphinx configuration for the wizard-rules documentation.

Build with ``.venv/bin/sphinx-build -W -n -b html docs docs/_build/html``;
run the examples with ``-b doctest``.  The build needs no network.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

import wizard_rules  # noqa: E402

project = "wizard-rules"
author = "The wizard-rules authors"
copyright = "2026, the wizard-rules authors"
release = wizard_rules.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_copybutton",
    "sphinxcontrib.mermaid",
    "wizard_docs",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "_ext", "sources"]
root_doc = "index"

html_theme = "furo"
html_title = f"wizard-rules {release}"
html_static_path = ["_static"]
html_css_files = ["wizard.css"]

# The phase diagram (state-machine.rst) is Mermaid text, drawn in the reader's
# browser by mermaid's JavaScript, pinned here and loaded from its CDN: the build
# needs neither the network nor an outside tool (graphviz's dot, say).
# sphinxcontrib-mermaid draws it again in mermaid's "dark" theme when furo's
# theme switch (body[data-theme]) turns dark; _static/mermaid-theme.js does the
# same when the system's colour scheme changes under furo's "auto", and
# _static/wizard.css gives the arrows' labels furo's colours.  The diagram keeps
# its own size (no useMaxWidth), shrunk only to fit the column.  To read the
# built docs offline, copy mermaid's dist (``npm install mermaid@11.12.1``:
# mermaid.esm.min.mjs and chunks/mermaid.esm.min/) into the output's
# _static/mermaid/, build with ``-D mermaid_use_local=mermaid/mermaid.esm.min.mjs``
# and serve the folder over http (a browser loads no JavaScript module from a
# file:// page); without the script, the page shows the diagram's text.
mermaid_version = "11.12.1"
mermaid_init_config = {"startOnLoad": False, "flowchart": {"useMaxWidth": False}}
mermaid_fullscreen = False
html_js_files = ["mermaid-theme.js"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

# The docs extra carries what autodoc needs to import the documented modules
# for real: numpy (wizard_rules.sim.batch computes its tables with it at
# import), Hypothesis, Gymnasium and PettingZoo (see pyproject.toml).  Not
# OpenSpiel, whose wheel (pyspiel, with scipy) is large and built for a few
# platforms only: where it is not installed, autodoc mocks it.  The OpenSpiel
# module only names pyspiel's classes and registers its game at import, which
# a mock takes; docs/_ext/wizard_docs.py reads the signatures of the classes
# built on a mock from their own __init__, and makes the doctest builder skip
# the pages whose examples need a mocked module (saying which).  Only what is
# missing is mocked: with the extra installed, autodoc imports the real thing
# (a module imported under a mock would stay half-mocked for the doctests).
# JAX likewise (the jax extra, several hundred MB): the JAX engine's module
# only defines functions and classes over it at import.
mocked_if_missing = ("pyspiel", "open_spiel", "jax")
autodoc_mock_imports = [name for name in mocked_if_missing if find_spec(name) is None]

# No intersphinx: the build must not need the network.  Names from Python's,
# attrs' and Hypothesis's own documentation are therefore not linked, and
# nitpicky mode is told to let them be.
nitpicky = True
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(builtins\.)?(int|str|bool|float|bytes|bytearray|object|type|tuple|list|dict|set|frozenset|None|Exception|ValueError|TypeError|AttributeError|NoReturn|Any|Final|TypeAlias)",
    ),
    (
        r"py:.*",
        r"(typing|collections\.abc|random|argparse|pathlib|enum|json|attr|attrs|hypothesis|io)\..*",
    ),
    (
        r"py:.*",
        r"(Iterable|Sequence|Collection|Callable|TextIO|IO|Path|SearchStrategy|DrawFn|Random)",
    ),
    (r"py:.*", r"st\..*"),
    # numpy's own documentation is not linked either (no intersphinx).
    (r"py:.*", r"(numpy|np|NDArray)(\..*)?"),
    (r"py:class", r"(ndarray|dtype|NamedTuple)"),
    (r"py:class", r"(Action|Json)"),
    # nor OpenSpiel's, Gymnasium's or PettingZoo's.
    (r"py:.*", r"(pyspiel|gymnasium|pettingzoo|open_spiel|spaces|AECEnv)(\..*)?"),
    # nor JAX's (wizard_rules.sim.jax_engine's arrays are jax.Array).
    (r"py:.*", r"(jax|jnp|lax)(\..*)?"),
    (r"py:class", r"_Spec"),  # the OpenSpiel game's shared settings (internal)
    (r"py:class", r"_Commands"),  # argparse's subcommand table, as the CLI names it
    # nor rich's (wizard_rules.agents.play draws the terminal with it).
    (r"py:.*", r"rich(\..*)?"),
    (r"py:class", r"(Console|RenderableType)"),
    (r"py:class", r"_Game"),  # the adapter's either-state alias (internal)
    (r"py:mod", r"(random|json|argparse|hypothesis)"),
]
suppress_warnings = ["myst.header"]

# The copy button copies what a reader would type: the prompts (``>>> ``,
# ``... ``, ``$ ``) stripped, and of a doctest block only its input lines.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True

# No doctest_global_setup: every example imports what it uses, so that it
# pastes into a fresh interpreter (tests/test_docs_examples.py runs each page's
# examples in an empty namespace).
