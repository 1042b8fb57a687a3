// The programs' shared declarations (CMakeLists.txt: include_directories(include)).
#pragma once
#include <map>
#include <string>

inline std::map<std::string, int> known_programs() { return {{"ABGame", 1}, {"ABOpening", 1}}; }
