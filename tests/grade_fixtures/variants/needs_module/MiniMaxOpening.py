# Uses a third-party module the grading machine lacks (as numpy may be). The name is one
# no machine has installed, so the fixture behaves the same everywhere.
import morris_fixture_third_party_module  # noqa: F401
from wrap import run

run("MiniMaxOpening")
