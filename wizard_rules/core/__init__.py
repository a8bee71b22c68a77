"""The rules of Wizard: cards, configuration, actions, tricks, scoring, states and transitions.

Everything a game needs, and nothing else: this package imports no other
package of ``wizard_rules`` but :mod:`wizard_rules.errors` (an import-linter
contract in ``pyproject.toml`` keeps it so).  Its public names are
re-exported by the package itself (``from wizard_rules import ...``); import them from there.
"""
