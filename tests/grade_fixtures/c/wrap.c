/* Test fixture: exec morris's own program `name` with the same arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "wrap.h"

int wrap(const char *name, int argc, char **argv) {
    const char *dir = getenv("MORRIS_CLASSROOM_BIN");
    char path[4096];
    (void)argc;
    if (dir == NULL) {
        fprintf(stderr, "MORRIS_CLASSROOM_BIN is not set\n");
        return 2;
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    argv[0] = path;
    execv(path, argv);
    perror(path);
    return 2;
}
