/* MiniMaxOpening: Parte I, la fase de colocación (Dev-C++ en un Windows en español:
   este archivo está guardado en Windows-1252, no en UTF-8). */
#include "wrap.h"

int main(int argc, char **argv) { return wrap("MiniMaxOpening", argc, argv); }
