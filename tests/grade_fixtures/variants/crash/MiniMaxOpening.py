# Broken on purpose: crashes.
import os

os.abort()
