#include "wrap.h"

int main(int argc, char **argv) { return wrap("MiniMaxOpeningImproved", argc, argv); }
