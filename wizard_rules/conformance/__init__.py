"""The conformance suite: rule cases as data, an adapter protocol, and a runner.

* :mod:`wizard_rules.conformance.suite` loads the case files that ship with
  the package;
* :mod:`wizard_rules.conformance.protocol` defines how a runner talks to an
  implementation, and answers for this library;
* :mod:`wizard_rules.conformance.adapter` serves this library over the
  protocol on standard input and output;
* :mod:`wizard_rules.conformance.runner` runs the suite against any adapter.
"""
