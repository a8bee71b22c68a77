"""Playing many games: random play, seeded simulation, the numpy batch engine and perft.

Reads :mod:`wizard_rules.core` and :mod:`wizard_rules.formats`, nothing above them.
"""
