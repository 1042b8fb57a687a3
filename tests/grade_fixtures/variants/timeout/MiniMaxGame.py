# Broken on purpose: searches forever (its depth check never stops it), and leaves a child
# behind (the grader kills the group).
import subprocess

subprocess.Popen(["sleep", "1000"])
count = 0
while True:
    count += 1
