// Shared by every program (CLion: include_directories(include)).
#pragma once

// Runs the named program with this program's arguments; returns only on failure.
int launch(const char* program, char** argv);
