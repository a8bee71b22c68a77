"""Wizard in other frameworks: OpenSpiel, PettingZoo / Gymnasium, observation tensors, Hypothesis.

Each module needs its framework's extra (``openspiel``, ``pettingzoo``,
``hypothesis``); none is imported by ``import wizard_rules``.  They read the
rules, formats and simulation, never the agents, the conformance suite or
the command line.
"""
