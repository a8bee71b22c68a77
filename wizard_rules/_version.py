"""The library's version: the one place it is written (``pyproject.toml`` reads it here)."""

__version__ = "0.2.0"
"""The version of wizard-rules, as in ``pip show wizard-rules``."""
