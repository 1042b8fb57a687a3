// Program.h : what each program's main needs from Common.lib.
#pragma once
#include "Launch.h"

inline Launcher program_named(const char* name) { return Launcher{ name }; }
