# Builds fastmorris from the C file that `cython -3 fastmorris.pyx` wrote, so that the TA
# needs no Cython: python3 setup.py build_ext --inplace
from setuptools import Extension, setup

setup(name="fastmorris", ext_modules=[Extension("fastmorris", ["fastmorris.c"])])
