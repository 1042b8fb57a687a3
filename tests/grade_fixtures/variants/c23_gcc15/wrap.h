/* Morris variant: shared declarations. Written for gcc 15 (C23 by default). */
#pragma once

constexpr int NPOS = 22;
constexpr int MAX_PATH_LEN = 4096;
constexpr char ENV_NAME[] = "MORRIS_CLASSROOM_BIN";
static_assert(NPOS == 22);

[[nodiscard]] int wrap(const char *name, int argc, char **argv);
