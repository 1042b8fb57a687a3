# cython: language_level=3
def program_name(str name):
    return name
