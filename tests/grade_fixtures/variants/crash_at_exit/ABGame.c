/* ABGame: prints its answer, then dies on an assertion of its cleanup (SIGABRT).
 * On a terminal the answer shows line by line before the crash; on a pipe it is still in
 * stdio's buffer when the program dies. Test fixture: the answer is morris's own. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static int boards_allocated = 1, boards_freed = 0; /* the cleanup was never finished */

int main(int argc, char **argv) {
    if (argc != 4) {
        printf("usage: ABGame INPUT OUTPUT DEPTH\n");
        return 2;
    }
    char command[4096];
    snprintf(command, sizeof command, "\"%s/ABGame\" \"%s\" \"%s\" %s", getenv("MORRIS_CLASSROOM_BIN"), argv[1],
             argv[2], argv[3]);
    FILE *answer = popen(command, "r");
    if (answer == NULL) return 1;
    char line[256];
    while (fgets(line, sizeof line, answer)) printf("%s", line);
    int status = pclose(answer);
    assert(boards_freed == boards_allocated);
    return status == 0 ? 0 : 1;
}
