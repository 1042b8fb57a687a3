#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

// The programs run as the README says: a missing depth is refused.
TEST(Programs, RefuseAMissingDepth) {
    EXPECT_NE(std::system("./morris MiniMaxOpening in.txt out.txt > /dev/null 2>&1"), 0);
}
