# ABGame (final version): the same arguments as the others
from wrap import run

run("ABGame")
