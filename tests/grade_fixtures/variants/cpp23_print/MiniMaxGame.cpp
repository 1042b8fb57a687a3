// MiniMaxGame: Project 2, Part I.
#include "runner.hpp"

int main(int argc, char** argv) { return run_program("MiniMaxGame", argc, argv); }
