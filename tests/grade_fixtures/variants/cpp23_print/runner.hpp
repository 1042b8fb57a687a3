// runner.hpp: what every program shares (C++23, written with GCC 14 at home).
#pragma once
#include <expected>
#include <string>

std::expected<std::string, std::string> read_board(const std::string& path);
int run_program(const char* name, int argc, char** argv);
