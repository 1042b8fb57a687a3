/* Test fixture: exec morris's own program `name` with the same arguments, after checking
   that the input board can be read (getline and strdup: POSIX, declared by macOS's headers
   under -std=c99, by glibc's only with _POSIX_C_SOURCE). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "wrap.h"

static char *first_line(const char *file) {
    FILE *f = fopen(file, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    char *copy;
    if (f == NULL) return NULL;
    len = getline(&line, &cap, f);
    fclose(f);
    if (len < 0) { free(line); return NULL; }
    copy = strdup(line);
    free(line);
    return copy;
}

int wrap(const char *name, int argc, char **argv) {
    const char *dir = getenv("MORRIS_CLASSROOM_BIN");
    char path[4096];
    char *board;
    if (argc < 2 || (board = first_line(argv[1])) == NULL) {
        fprintf(stderr, "usage: %s <input board> <output board> <depth>\n", name);
        return 1;
    }
    free(board);
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
