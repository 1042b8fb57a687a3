from search import main

main("AB")
