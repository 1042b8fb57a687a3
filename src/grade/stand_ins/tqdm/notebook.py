"""The grader's stand-in for tqdm.notebook (see tqdm/__init__.py)."""
from . import tqdm, trange  # noqa: F401
