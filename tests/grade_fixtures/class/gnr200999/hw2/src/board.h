/*
 * board.h
 * CS 6364 - Programming Project (Morris Game Variant)
 *
 * Shared declarations for all eight programs: the board representation,
 * move generators (opening / midgame / endgame), static estimations,
 * and the MINIMAX / ALPHA-BETA searches.
 */
#ifndef BOARD_H
#define BOARD_H

#define BOARD_SIZE 22
#define MAX_POSITIONS 1024 /* more than enough: 3 stones hopping to 19 spots x 9 removals */

#define PHASE_OPENING 0
#define PHASE_GAME 1

/* a board is just the 22 letters W, B, x plus the terminating 0 */
typedef struct {
    char pos[BOARD_SIZE + 1];
} Board;

typedef struct {
    int count;
    Board items[MAX_POSITIONS];
} BoardList;

/* a static estimation function */
typedef int (*Estimator)(const Board *b);

/* number of positions that were evaluated by the static estimation */
extern long positions_evaluated;

/* ---- file helpers ---- */
int read_board(const char *filename, Board *b);
int write_board(const char *filename, const Board *b);
int parse_depth(const char *s, int *depth);

/* ---- board helpers ---- */
void swap_colors(Board *b);
int count_pieces(const Board *b, char c);
const int *neighbors(int j, int *n);
int close_mill(int j, const char *b);

/* ---- move generators (White) ---- */
void generate_add(const Board *b, BoardList *L);
void generate_move(const Board *b, BoardList *L);
void generate_hopping(const Board *b, BoardList *L);
void generate_remove(const Board *b, BoardList *L);
void generate_moves_opening(const Board *b, BoardList *L);
void generate_moves_midgame_endgame(const Board *b, BoardList *L);

/* ---- move generators (Black), by swapping colors ---- */
void generate_black_moves(const Board *b, int phase, BoardList *L);

/* ---- number of moves for color me (W or B), without building the list ---- */
int count_moves(const Board *b, char me);

/* ---- static estimations ---- */
int static_opening(const Board *b);
int static_midgame_endgame(const Board *b);
int improved_opening(const Board *b);
int improved_midgame_endgame(const Board *b);

/* ---- searches ----
 * Both return 0 if White has no move at the root, 1 otherwise.
 * The chosen position is stored in *best and its value in *value.
 */
int minimax_decision(const Board *root, int depth, int phase, Estimator est,
                     Board *best, int *value);
int alphabeta_decision(const Board *root, int depth, int phase, Estimator est,
                       Board *best, int *value);

#endif
