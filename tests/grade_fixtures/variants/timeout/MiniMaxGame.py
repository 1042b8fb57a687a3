# Broken on purpose: never answers, and leaves a child behind (the grader kills the group).
import subprocess
import time

subprocess.Popen(["sleep", "1000"])
time.sleep(1000)
