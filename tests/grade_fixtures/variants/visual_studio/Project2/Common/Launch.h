// Launch.h : the code the programs share (the static library project Common, Common.lib).
#pragma once

struct Launcher {
    const char* program;
    int run(char* argv[]) const;
};
