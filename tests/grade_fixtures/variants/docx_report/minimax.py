from search import main

main("MiniMax")
