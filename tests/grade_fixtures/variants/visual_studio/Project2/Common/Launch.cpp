// Launch.cpp : Common.lib.
// Test fixture: runs morris's own program from %MORRIS_CLASSROOM_BIN%.
#include "pch.h"
#include "Launch.h"
#include <cstdio>
#include <cstdlib>

int Launcher::run(char* argv[]) const
{
    char* dir = nullptr;
    size_t len = 0;
    _dupenv_s(&dir, &len, "MORRIS_CLASSROOM_BIN");
    if (dir == nullptr) {
        printf_s("MORRIS_CLASSROOM_BIN is not set\n");
        return 1;
    }
    char command[4096];
    sprintf_s(command, sizeof(command), "\"%s/%s\" \"%s\" \"%s\" %s", dir, program, argv[1], argv[2], argv[3]);
    free(dir);
    return system(command) == 0 ? 0 : 1;
}
