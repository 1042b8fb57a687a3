"""Project 2: the Morris variant's eight programs, as console commands (see pyproject.toml)."""
