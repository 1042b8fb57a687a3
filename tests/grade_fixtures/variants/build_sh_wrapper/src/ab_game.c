#include "../wrap.h"

int main(int argc, char **argv) { return wrap("ABGame", argc, argv); }
