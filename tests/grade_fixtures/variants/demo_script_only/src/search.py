"""Test fixture: the two programs of readme_commands with a README that gives no command
for any of the handout's programs, only a script of examples that runs them all: no program
is found (the script is a transcript, not one program for all eight). The programs lie in
src/, the script in examples/: of the shallowest runnable files, the script comes first."""
import os
import sys

SUFFIX = {"--black": "Black", "--improved": "Improved"}


def main(search):
    words = sys.argv[1:]
    phase = words[words.index("--phase") + 1] if "--phase" in words else "opening"
    name = search + phase.capitalize()
    name += "".join(SUFFIX[w] for w in words if w in SUFFIX)[:8]
    files = [w for w in words if w not in SUFFIX and w != "--phase" and w != phase]
    program = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(program, [program] + files)
