# MiniMaxOpening: the code is in lib/launch.py
from launch import start

start("MiniMaxOpening")
