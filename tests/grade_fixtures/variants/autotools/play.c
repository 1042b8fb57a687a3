/* Part II: one source for both alpha-beta programs; the Makefile names which (-DPROGRAM). */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <stdio.h>
#include <string.h>
#include "wrap.h"

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("%s (%s) %s\n", PROGRAM, PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    }
    return wrap(PROGRAM, argc, argv);
}
