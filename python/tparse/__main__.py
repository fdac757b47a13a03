"""``python -m tparse ARGS`` is ``tparse ARGS`` (the bundled CLI)."""
import sys

from ._cli import tparse

sys.exit(tparse())
