#include "../wrap.h"

int main(int argc, char **argv) { return wrap("ABOpening", argc, argv); }
