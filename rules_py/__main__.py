"""``python -m rules_py``: the same as the ``rules-py`` command."""

import sys

from rules_py._cli import main

sys.exit(main())
