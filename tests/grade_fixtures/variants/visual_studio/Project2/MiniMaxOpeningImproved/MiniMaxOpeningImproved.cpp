// MiniMaxOpeningImproved.cpp : This file contains the 'main' function. Program execution begins and ends there.
// CS 6364 Project 2, Part IV (Visual Studio 2022; references the project Common).

#include "pch.h"
#include <iostream>
#include "../common/launch.h"
#include "../Common/Program.h"

int main(int argc, char* argv[])
{
    if (argc != 4) {
        std::cout << "Usage: MiniMaxOpeningImproved <input> <output> <depth>" << std::endl;
        system("pause");
        return 1;
    }
    return program_named("MiniMaxOpeningImproved").run(argv);
}
