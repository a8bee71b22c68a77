"""Hypothesis profiles for the test suite.

``default`` keeps the whole suite within a few minutes on a 2-core machine;
``thorough`` runs many more examples and is meant to be run by hand::

    WIZARD_RULES_HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest -q

Under CI (the ``CI`` environment variable set) the default profile is
derandomized, so a CI run is repeatable.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE_VARIABLE = "WIZARD_RULES_HYPOTHESIS_PROFILE"

settings.register_profile(
    "default",
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, "default"))
