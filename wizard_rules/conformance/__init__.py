"""The conformance suite: rule cases as data, an adapter protocol, and a runner.

* :mod:`wizard_rules.conformance.suite` loads the case files that ship with
  the package;
* :mod:`wizard_rules.conformance.protocol` defines how a runner talks to an
  implementation: its version, the shapes of its messages, the names of the
  observations;
* :mod:`wizard_rules.conformance.runner` runs the suite against any adapter,
  with :mod:`~wizard_rules.conformance.transport` (the adapter process),
  :mod:`~wizard_rules.conformance.judge` (an answer against its case),
  :mod:`~wizard_rules.conformance.known` (the known failures) and
  :mod:`~wizard_rules.conformance.report` (the reports);
* :mod:`wizard_rules.conformance.adapter` is this library's side of the
  protocol: its answers, served on standard input and output;
* :mod:`wizard_rules.conformance.fuzz` plays random games against an
  adapter step by step, with this library as the oracle (differential
  testing).

The suite, the protocol, the runner and its four modules judge other
implementations from the case data and import nothing of the rules engine
(only the error codes of :mod:`wizard_rules.errors`); only the adapter,
explain and fuzz use this library's rules.
"""
