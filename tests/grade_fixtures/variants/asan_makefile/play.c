/* Part II: one source for both alpha-beta programs; the Makefile names which (-DPROGRAM). */
#include "wrap.h"

int main(int argc, char **argv) { return wrap(PROGRAM, argc, argv); }
