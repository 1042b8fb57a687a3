import fastmorris  # the Cython module (fastmorris.pyx): python3 setup.py build_ext --inplace first

from wrap import run

run(fastmorris.program_name("ABGame"))
