"""Games and positions as data: records, the text rendering, and the action ids.

The action ids are shared by batch, OpenSpiel and PettingZoo.

Reads :mod:`wizard_rules.core` and nothing above it.
"""
