"""The ``wizard-rules`` command line: ``simulate``, ``play``, ``arena``, ``conformance``, ....

The top of the package: it may import everything, and nothing imports it.
``main`` is the console script's entry point (``wizard_rules.cli:main``).
"""

from wizard_rules.cli.commands import main

__all__ = ["main"]
