// MiniMaxGame.cpp : built with g++ in the end; the project file is the wizard's, left
// as it was (Unicode), and never built in Visual Studio: _TCHAR is a char here.
// Test fixture: runs morris's own program from %MORRIS_CLASSROOM_BIN%.

#include <tchar.h>
#include <cstdlib>
#include <iostream>
#include <string>

int _tmain(int argc, _TCHAR* argv[])
{
    if (argc != 4) {
        std::cout << "Usage: MiniMaxGame <input> <output> <depth>" << std::endl;
        return 1;
    }
    std::string input = argv[1];
    std::string output = argv[2];
    const char* dir = std::getenv("MORRIS_CLASSROOM_BIN");
    if (dir == NULL) {
        std::cout << "MORRIS_CLASSROOM_BIN is not set" << std::endl;
        return 1;
    }
    std::string command = std::string("\"") + dir + "/MiniMaxGame\" \"" + input + "\" \"" + output + "\" " + argv[3];
    return std::system(command.c_str()) == 0 ? 0 : 1;
}
