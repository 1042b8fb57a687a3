# A second MiniMaxOpening in a folder of the student's own (not named as an older copy):
# the grader must name it as a doubt rather than choose silently. It is broken, so
# choosing it would show.
print("Board Position: xxxxxxxxxxxxxxxxxxxxxx")
