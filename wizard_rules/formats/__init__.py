"""Games and positions as data: game records (JSON), and the text shown to people.

Reads :mod:`wizard_rules.core` and nothing above it.
"""
