"""Run the command line with the arguments given, then report the peak memory.

Usage: python tests/hostile/measure.py ARGS...  (as for ``wizard-rules``)

The exit status is the command's; the last line of standard error is
``maxrss KIB``, this process's peak resident memory in KiB.
"""

from __future__ import annotations

import resource
import sys

from wizard_rules.cli import main

if __name__ == "__main__":
    status = main(sys.argv[1:])
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"\nmaxrss {peak}\n")
    sys.exit(status)
