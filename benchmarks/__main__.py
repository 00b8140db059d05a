"""``python -m frontierzoo.benchmarks`` is the ``frontierzoo`` command."""
import sys

from .cli import main

sys.exit(main())
