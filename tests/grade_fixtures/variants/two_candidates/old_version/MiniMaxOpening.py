# An old copy left in a folder of its own: a second MiniMaxOpening, which the grader must
# name as a doubt rather than choose silently. It is broken, so choosing it would show.
print("Board Position: xxxxxxxxxxxxxxxxxxxxxx")
