"""Run the command line as ``python -m wizard_rules``."""

import sys

from wizard_rules.cli import main

sys.exit(main())
