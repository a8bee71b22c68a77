"""Coverage-guided fuzzing of the byte-level targets with atheris (libFuzzer).

Install the extra and run one target on its corpus (libFuzzer's options
follow the corpus directory)::

    .venv/bin/pip install -e '.[fuzz]'
    .venv/bin/python fuzz/atheris_fuzz.py record_json fuzz/corpus/record_json -runs=1000000

``-max_total_time=SECONDS`` bounds a run by time instead (as CI does);
``--list`` prints the targets.  New inputs that reach new code are added to
the corpus directory; a crash is written to ``crash-*`` in the working
directory, and ``python fuzz/atheris_fuzz.py TARGET crash-...`` replays it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris  # type: ignore[import-untyped,import-not-found,unused-ignore]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

with atheris.instrument_imports(include=["wizard_rules", "fuzz"]):
    from fuzz.targets import TARGETS


def main(argv: list[str]) -> None:
    """Run the target named by ``argv[1]`` with libFuzzer's arguments after it."""
    if len(argv) < 2 or argv[1] not in TARGETS:
        print("targets:", " ".join(sorted(TARGETS)))
        sys.exit(0 if argv[1:2] == ["--list"] else 2)
    target = TARGETS[argv[1]]
    atheris.Setup([argv[0], *argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
