// MiniMaxGameBlack.cpp : Part III, Black's move in the midgame.
// CS 6364 Project 2 (Visual Studio 2019, MFC strings for the file names).
// Test fixture: runs morris's own program from %MORRIS_CLASSROOM_BIN%.

#include "pch.h"
#include <atlstr.h>
#include <iostream>

int main(int argc, char* argv[])
{
    if (argc != 4) {
        std::cout << "Usage: MiniMaxGameBlack <input> <output> <depth>" << std::endl;
        return 1;
    }
    CString input(argv[1]);
    CString output(argv[2]);
    CString command;
    command.Format("\"%s/MiniMaxGameBlack\" \"%s\" \"%s\" %s", getenv("MORRIS_CLASSROOM_BIN"), (LPCSTR)input,
                   (LPCSTR)output, argv[3]);
    return system((LPCSTR)command);
}
