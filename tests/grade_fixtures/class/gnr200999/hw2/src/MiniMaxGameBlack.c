/*
 * MiniMaxGameBlack.c
 * Part III: Black plays a move in the midgame/endgame (MINIMAX on the color-swapped board).
 *
 * usage: MiniMaxGameBlack <input file> <output file> <depth>
 */
#include <stdio.h>
#include <stdlib.h>
#include "board.h"

int main(int argc, char *argv[])
{
    Board board, best;
    int depth, value = 0;

    if (argc != 4) {
        fprintf(stderr, "usage: %s <input file> <output file> <depth>\n", argv[0]);
        return 1;
    }
    if (!read_board(argv[1], &board))
        return 1;
    if (!parse_depth(argv[3], &depth)) {
        fprintf(stderr, "depth must be a positive number\n");
        return 1;
    }

    /* play for Black: swap the colors and let White move */
    swap_colors(&board);

    positions_evaluated = 0;
    if (!minimax_decision(&board, depth, PHASE_GAME, static_midgame_endgame, &best, &value)) {
        /* no legal move: keep the board as it is */
        best = board;
        value = -10000;
        positions_evaluated = 0;
    }

    /* back to the real colors (the estimate stays from Black's side) */
    swap_colors(&best);

    printf("Board Position: %s\n", best.pos);
    printf("Positions evaluated by static estimation: %ld\n", positions_evaluated);
    printf("MINIMAX estimate: %d\n", value);

    if (!write_board(argv[2], &best))
        return 1;
    return 0;
}
