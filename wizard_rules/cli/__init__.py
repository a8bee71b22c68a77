"""The ``wizard-rules`` command line: ``simulate``, ``play``, ``arena``, ``conformance``, ....

The top of the package: it may import everything, and nothing imports it.
``main`` is the console script's entry point (``wizard_rules.cli:main``).
:mod:`wizard_rules.cli.commands` parses the arguments and runs the commands,
:mod:`wizard_rules.cli.conformance` the ``conformance`` command; the text
they print of positions and games is :mod:`wizard_rules.formats.text`'s.
"""

from wizard_rules.cli.commands import main

# 0.1's wizard_rules.cli.account, kept importable from here; its home is
# wizard_rules.formats.text.
from wizard_rules.formats.text import account as account

__all__ = ["main"]
