"""Players: the bots, determinization for search, the arena of bots, and the terminal game.

Reads the rules (:mod:`wizard_rules.core`), formats and simulation; never
the integrations, the conformance suite or the command line.
"""
