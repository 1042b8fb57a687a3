// ABGame.cpp : This file contains the 'main' function. Program execution begins and ends there.
// CS 6364 Project 2, Part II. Visual Studio 2019 (the console window closes unless we wait for a key).
// Test fixture: runs morris's own program from %MORRIS_CLASSROOM_BIN%.

#include "pch.h"
#include <iostream>
#include <string>
#include <conio.h>
#include "board.h"

using namespace std;

void main(int argc, char* argv[])
{
    if (argc < 4) {
        cout << "Usage: ABGame <input> <output> <depth>" << endl;
        _getch();
        return;
    }
    FILE* in;
    if (fopen_s(&in, argv[1], "r") != 0) {
        cout << "Cannot open " << argv[1] << endl;
        _getch();
        return;
    }
    char board[BOARD_SIZE + 1];
    fscanf_s(in, "%s", board, (unsigned)sizeof board);
    fclose(in);
    char start[BOARD_SIZE + 1];
    strcpy_s(start, board);
    int best = INT_MIN;  // MSVC's <iostream> brings INT_MIN in
    (void)best;
    char* dir;
    size_t len;
    _dupenv_s(&dir, &len, "MORRIS_CLASSROOM_BIN");
    if (dir == NULL) {
        cout << "MORRIS_CLASSROOM_BIN is not set" << endl;
        return;
    }
    char command[4096];
    sprintf_s(command, "\"%s/ABGame\" \"%s\" \"%s\" %s", dir, argv[1], argv[2], argv[3]);
    free(dir);
    system(command);
    cout << "Press any key to continue . . ." << endl;
    getch();  // the old name, as Dev-C++ taught it (MSVC still has it)
}
