/* Test fixture: exec morris's own program `name` with the same arguments, in C23. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "wrap.h"

static char path[MAX_PATH_LEN];

int wrap(const char *name, int argc, char **argv) {
    auto dir = getenv(ENV_NAME);
    bool missing = dir == nullptr;
    (void)argc;
    if (missing) {
        fprintf(stderr, "%s is not set\n", ENV_NAME);
        return 2;
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    argv[0] = path;
    execv(path, argv);
    perror(path);
    return 2;
}
