import os
import sys

import settings  # noqa: F401  (the config lab's settings)

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from wrap import run  # noqa: E402

run("MiniMaxOpening")
