import subprocess
import sys

from wrap import binary

# Everything goes to stderr: it is not buffered, so it shows at once (my IDE shows it in
# red, but it is all there).
done = subprocess.run([binary("MiniMaxOpening")] + sys.argv[1:], capture_output=True, text=True)
sys.stderr.write(done.stdout)
sys.exit(done.returncode)
