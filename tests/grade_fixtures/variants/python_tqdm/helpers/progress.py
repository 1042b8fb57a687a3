"""A progress bar and a coloured banner, as this student likes them."""
from termcolor import colored
from tqdm.auto import tqdm


def banner(name):
    tqdm.write(colored("== " + name + " ==", "cyan", attrs=["bold"]))


def steps(n, name):
    return tqdm(range(n), desc=name, leave=False)
