from setuptools import setup, find_packages

setup(
    name="morrisvariant",
    version="1.0",
    description="CS 6364 Project 2: the Morris Variant",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "MiniMaxOpening=morrisvariant.programs:minimax_opening",
            "MiniMaxGame=morrisvariant.programs:minimax_game",
            "ABOpening=morrisvariant.programs:ab_opening",
            "ABGame=morrisvariant.programs:ab_game",
            "MiniMaxOpeningBlack=morrisvariant.programs:minimax_opening_black",
            "MiniMaxGameBlack=morrisvariant.programs:minimax_game_black",
            "MiniMaxOpeningImproved=morrisvariant.programs:minimax_opening_improved",
            "MiniMaxGameImproved=morrisvariant.programs:minimax_game_improved",
        ]
    },
)
