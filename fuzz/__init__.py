"""Fuzz targets of wizard-rules: the contracts that hostile input must not break.

* :mod:`fuzz.targets` -- one function per target: it feeds its input to the
  code under test and fails (with an ``AssertionError`` or an undocumented
  exception) only when a promise is broken;
* :mod:`fuzz.oracle` -- the refusal order of rules 11.1 to 11.11, written
  from ``docs/rules.rst`` and not from the library's code;
* :mod:`fuzz.strategies` -- Hypothesis strategies that feed the targets
  (``tests/test_fuzz_targets.py`` runs them briefly in the default tests);
* ``fuzz/atheris_fuzz.py`` -- the coverage-guided runner (``pip install
  -e '.[fuzz]'``), with its seed corpus in ``fuzz/corpus/TARGET/``;
* ``fuzz/random_fuzz.py`` -- a plain mutation runner for long runs by hand
  where atheris is not available.

``docs/testing.rst`` (section "Fuzzing") has the commands and the figures.
"""
