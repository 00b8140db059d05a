"""``python -m frontierzoo.cli`` is the ``frontierzoo`` command."""
import sys

from . import main

sys.exit(main())
