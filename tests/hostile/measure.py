"""Run the command line with the arguments given, then report the peak memory.

Usage: python tests/hostile/measure.py ARGS...  (as for ``wizard-rules``)

The exit status is the command's; the last line of standard error is
``maxrss KIB``, this process's peak resident memory in KiB.

The peak is ``VmHWM`` of ``/proc/self/status``: the high-water mark of this
program's own memory.  ``getrusage``'s ``ru_maxrss`` would not do: Linux
carries it over an ``exec``, so a child forked from a large process (the
test run, late in a full run) would report its parent's size.
"""

from __future__ import annotations

import contextlib
import resource
import sys

from wizard_rules.cli import main

if __name__ == "__main__":
    status = main(sys.argv[1:])
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # without /proc, an upper bound
    with contextlib.suppress(OSError), open("/proc/self/status", encoding="ascii") as lines:
        for line in lines:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1])
    sys.stderr.write(f"\nmaxrss {peak}\n")
    sys.exit(status)
