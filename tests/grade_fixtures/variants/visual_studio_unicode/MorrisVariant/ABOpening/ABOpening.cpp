// ABOpening.cpp : Defines the entry point for the console application.
// CS 6364 Project 2, Part II. Visual Studio 2017, Character Set: Unicode (the default).
// Test fixture: runs morris's own program from %MORRIS_CLASSROOM_BIN%, then prints its
// lines back through the wide calls, as a student whose board is a std::wstring would.

#include "stdafx.h"
#include <iostream>
#include <string>

int _tmain(int argc, _TCHAR* argv[])
{
    if (argc != 4) {
        std::wcout << _T("Usage: ABOpening <input> <output> <depth>") << std::endl;
        return 1;
    }
    std::wstring input = argv[1];
    std::wstring output = argv[2];
    int depth = _ttoi(argv[3]);
    char* dir = getenv("MORRIS_CLASSROOM_BIN");
    if (dir == NULL) {
        _tprintf(_T("MORRIS_CLASSROOM_BIN is not set\n"));
        return 1;
    }
    std::wstring log = output + _T(".log");
    TCHAR command[4096];
    // %S: a narrow string in a wide format, %s a wide one (Visual C++'s wprintf).
    _stprintf_s(command, _countof(command), _T("\"%S/ABOpening\" \"%s\" \"%s\" %d > \"%s\""), dir,
        input.c_str(), output.c_str(), depth, log.c_str());
    if (_tsystem(command) != 0) {
        _tprintf(_T("ABOpening failed\n"));
        return 1;
    }
    FILE* in = NULL;
    if (_tfopen_s(&in, log.c_str(), _T("r")) != 0 || in == NULL) {
        _tprintf(_T("Cannot open %s\n"), log.c_str());
        return 1;
    }
    TCHAR line[256];
    while (_fgetts(line, 256, in) != NULL) {
        std::wstring text = line;
        _tprintf(_T("%s"), text.c_str());
    }
    fclose(in);
    _tremove(log.c_str());
    return 0;
}
