// ABOpening.cpp : Defines the entry point for the console application.
// CS 6364 Project 2, Part II (Visual Studio 2015).
// Test fixture: runs morris's own program from %MORRIS_CLASSROOM_BIN%.

#include "stdafx.h"
#include <iostream>
#include <string>
#include <windows.h>

int _tmain(int argc, _TCHAR* argv[])
{
    if (argc != 4) {
        _tprintf(_T("Usage: ABOpening <input> <output> <depth>\n"));
        return 1;
    }
    DWORD started = GetTickCount();
    char* dir = getenv("MORRIS_CLASSROOM_BIN");
    if (dir == NULL) {
        std::cout << "MORRIS_CLASSROOM_BIN is not set" << std::endl;
        return 1;
    }
    char command[4096];
    sprintf_s(command, sizeof(command), "\"%s/ABOpening\" \"%s\" \"%s\" %s", dir, argv[1], argv[2], argv[3]);
    int status = system(command);
    DWORD took = GetTickCount() - started;
    (void)took;
    return status == 0 ? 0 : 1;
}
