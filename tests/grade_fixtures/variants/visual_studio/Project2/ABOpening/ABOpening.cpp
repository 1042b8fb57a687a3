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
    // Check the board file before starting (TCHAR calls, as the wizard's template has them).
    FILE* in = NULL;
    if (_tfopen_s(&in, argv[1], _T("r")) != 0 || in == NULL) {
        _tprintf(_T("Cannot open %s\n"), argv[1]);
        return 1;
    }
    TCHAR board[64] = { 0 };
    _ftscanf_s(in, _T("%63s"), board, (unsigned)_countof(board));
    fclose(in);
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
