#pragma once
// The variant board: 22 points, a letter each.
#define BOARD_SIZE 22
