/* Broken on purpose: does not compile. */
#include "wrap.h"

int main(int argc, char **argv) { return wrap("MiniMaxGame", argc, argv) }
