#include "wrap.h"

int main(int argc, char **argv) { return wrap("MiniMaxGameImproved", argc, argv); }
