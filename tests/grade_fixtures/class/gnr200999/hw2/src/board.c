/*
 * board.c
 * Move generation, static estimation and search for the Morris Game Variant.
 *
 * Board locations (index -> name), bottom row first, left to right:
 *   0 a0   1 d0   2 g0   3 b1   4 d1   5 f1   6 c2   7 e2
 *   8 b3   9 c3  10 e3  11 f3  12 g3  13 c4  14 d4  15 e4
 *  16 b5  17 d5  18 f5  19 a6  20 d6  21 g6
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <limits.h>
#include "board.h"

long positions_evaluated = 0;

/* neighbors of every location, in increasing order (-1 ends the list) */
static const int NEIGHBORS[BOARD_SIZE][5] = {
    {1, 3, 19, -1},       /* a0 */
    {0, 2, 4, -1},        /* d0 */
    {1, 5, 12, -1},       /* g0 */
    {0, 4, 6, 8, -1},     /* b1 */
    {1, 3, 5, -1},        /* d1 */
    {2, 4, 7, 11, -1},    /* f1 */
    {3, 7, 9, -1},        /* c2 */
    {5, 6, 10, -1},       /* e2 */
    {3, 9, 16, -1},       /* b3 */
    {6, 8, 13, -1},       /* c3 */
    {7, 11, 15, -1},      /* e3 */
    {5, 10, 12, 18, -1},  /* f3 */
    {2, 11, 21, -1},      /* g3 */
    {9, 14, 16, -1},      /* c4 */
    {13, 15, 17, -1},     /* d4 */
    {10, 14, 18, -1},     /* e4 */
    {8, 13, 17, 19, -1},  /* b5 */
    {14, 16, 18, 20, -1}, /* d5 */
    {11, 15, 17, 21, -1}, /* f5 */
    {0, 16, 20, -1},      /* a6 */
    {17, 19, 21, -1},     /* d6 */
    {12, 18, 20, -1}      /* g6 */
};

/* all 16 possible mills */
#define NUM_MILLS 16
static const int MILLS[NUM_MILLS][3] = {
    /* rows */
    {0, 1, 2}, {3, 4, 5}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21},
    /* columns */
    {3, 8, 16}, {6, 9, 13}, {7, 10, 15}, {5, 11, 18}, {2, 12, 21}, {14, 17, 20},
    /* diagonals */
    {0, 3, 6}, {2, 5, 7}, {13, 16, 19}, {15, 18, 21}
};

/* ------------------------------------------------------------------ */
/* files                                                              */
/* ------------------------------------------------------------------ */

int read_board(const char *filename, Board *b)
{
    FILE *f = fopen(filename, "r");
    char line[256];
    int n = 0;
    if (f == NULL) {
        fprintf(stderr, "cannot open input file %s\n", filename);
        return 0;
    }
    /* read everything that is not white space */
    while (fgets(line, sizeof line, f) != NULL) {
        for (char *p = line; *p; p++) {
            if (isspace((unsigned char)*p))
                continue;
            if (n >= BOARD_SIZE || (*p != 'W' && *p != 'B' && *p != 'x')) {
                fclose(f);
                fprintf(stderr, "bad board in %s\n", filename);
                return 0;
            }
            b->pos[n++] = *p;
        }
    }
    fclose(f);
    if (n != BOARD_SIZE) {
        fprintf(stderr, "bad board in %s (need %d letters, got %d)\n", filename, BOARD_SIZE, n);
        return 0;
    }
    b->pos[BOARD_SIZE] = '\0';
    return 1;
}

int write_board(const char *filename, const Board *b)
{
    FILE *f = fopen(filename, "w");
    if (f == NULL) {
        fprintf(stderr, "cannot open output file %s\n", filename);
        return 0;
    }
    fprintf(f, "%s\n", b->pos);
    fclose(f);
    return 1;
}

int parse_depth(const char *s, int *depth)
{
    char *end;
    long d = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || d < 1 || d > 100)
        return 0;
    *depth = (int)d;
    return 1;
}

/* ------------------------------------------------------------------ */
/* board helpers                                                      */
/* ------------------------------------------------------------------ */

void swap_colors(Board *b)
{
    for (int i = 0; i < BOARD_SIZE; i++) {
        if (b->pos[i] == 'W')
            b->pos[i] = 'B';
        else if (b->pos[i] == 'B')
            b->pos[i] = 'W';
    }
}

int count_pieces(const Board *b, char c)
{
    int n = 0;
    for (int i = 0; i < BOARD_SIZE; i++)
        if (b->pos[i] == c)
            n++;
    return n;
}

const int *neighbors(int j, int *n)
{
    int k = 0;
    while (NEIGHBORS[j][k] != -1)
        k++;
    *n = k;
    return NEIGHBORS[j];
}

/* for every location, the indexes into MILLS of the mills through it
 * (filled in the first time close_mill is called) */
static int mills_at[BOARD_SIZE][4];
static int mill_mask[BOARD_SIZE]; /* same thing as a bit set (bit m = mill m) */
static int mills_at_ready = 0;

static void init_mills_at(void)
{
    for (int j = 0; j < BOARD_SIZE; j++) {
        int k = 0;
        for (int m = 0; m < NUM_MILLS; m++)
            if (MILLS[m][0] == j || MILLS[m][1] == j || MILLS[m][2] == j) {
                mills_at[j][k++] = m;
                mill_mask[j] |= 1 << m;
            }
        mills_at[j][k] = -1;
    }
    mills_at_ready = 1;
}

/* true if the piece at j is part of a mill (b[j] must be W or B) */
int close_mill(int j, const char *b)
{
    char c = b[j];
    if (c != 'W' && c != 'B')
        return 0;
    if (!mills_at_ready)
        init_mills_at();
    for (int k = 0; mills_at[j][k] != -1; k++) {
        const int *l = MILLS[mills_at[j][k]];
        if (b[l[0]] == c && b[l[1]] == c && b[l[2]] == c)
            return 1;
    }
    return 0;
}

static void add_to_list(BoardList *L, const Board *b)
{
    if (L->count >= MAX_POSITIONS) {
        fprintf(stderr, "too many positions\n");
        exit(1);
    }
    L->items[L->count++] = *b;
}

/* ------------------------------------------------------------------ */
/* move generators for White                                          */
/* ------------------------------------------------------------------ */

void generate_remove(const Board *b, BoardList *L)
{
    int added = 0;
    for (int i = 0; i < BOARD_SIZE; i++) {
        if (b->pos[i] == 'B' && !close_mill(i, b->pos)) {
            Board nb = *b;
            nb.pos[i] = 'x';
            add_to_list(L, &nb);
            added = 1;
        }
    }
    /* all black pieces are in mills: just add the board */
    if (!added)
        add_to_list(L, b);
}

void generate_add(const Board *b, BoardList *L)
{
    for (int i = 0; i < BOARD_SIZE; i++) {
        if (b->pos[i] == 'x') {
            Board nb = *b;
            nb.pos[i] = 'W';
            if (close_mill(i, nb.pos))
                generate_remove(&nb, L);
            else
                add_to_list(L, &nb);
        }
    }
}

void generate_move(const Board *b, BoardList *L)
{
    for (int i = 0; i < BOARD_SIZE; i++) {
        if (b->pos[i] != 'W')
            continue;
        int n;
        const int *nbrs = neighbors(i, &n);
        for (int k = 0; k < n; k++) {
            int j = nbrs[k];
            if (b->pos[j] == 'x') {
                Board nb = *b;
                nb.pos[i] = 'x';
                nb.pos[j] = 'W';
                if (close_mill(j, nb.pos))
                    generate_remove(&nb, L);
                else
                    add_to_list(L, &nb);
            }
        }
    }
}

void generate_hopping(const Board *b, BoardList *L)
{
    for (int a = 0; a < BOARD_SIZE; a++) {
        if (b->pos[a] != 'W')
            continue;
        for (int c = 0; c < BOARD_SIZE; c++) {
            if (b->pos[c] == 'x') {
                Board nb = *b;
                nb.pos[a] = 'x';
                nb.pos[c] = 'W';
                if (close_mill(c, nb.pos))
                    generate_remove(&nb, L);
                else
                    add_to_list(L, &nb);
            }
        }
    }
}

void generate_moves_opening(const Board *b, BoardList *L)
{
    L->count = 0;
    generate_add(b, L);
}

void generate_moves_midgame_endgame(const Board *b, BoardList *L)
{
    L->count = 0;
    if (count_pieces(b, 'W') == 3)
        generate_hopping(b, L);
    else
        generate_move(b, L);
}

/* Black moves: swap colors, generate White moves, swap back */
void generate_black_moves(const Board *b, int phase, BoardList *L)
{
    Board temp = *b;
    swap_colors(&temp);
    if (phase == PHASE_OPENING)
        generate_moves_opening(&temp, L);
    else
        generate_moves_midgame_endgame(&temp, L);
    for (int i = 0; i < L->count; i++)
        swap_colors(&L->items[i]);
}

/*
 * Number of positions the move generator would return for color me
 * (same rules: hopping with 3 pieces, one position per removal choice).
 * The static estimation only needs the number, so this is much faster
 * than building the whole list and swapping colors back and forth.
 *
 * Idea: a move to the empty spot c closes a mill only if c is the empty spot
 * of a line that already has two of my pieces (a "threat"), and the piece
 * that moves is not one of those two.
 */
int count_moves(const Board *b, char me)
{
    const char *p = b->pos;
    int threat[BOARD_SIZE] = {0}; /* bit m set: mill m is a threat at this spot */
    int pieces = 0, empties = 0, removable = 0, threats = 0, n = 0;

    if (!mills_at_ready)
        init_mills_at();

    for (int i = 0; i < BOARD_SIZE; i++) {
        if (p[i] == me)
            pieces++;
        else if (p[i] == 'x')
            empties++;
        else if (!close_mill(i, p))
            removable++; /* an opponent piece that could be removed */
    }
    if (removable == 0)
        removable = 1; /* the position is still added once */

    for (int m = 0; m < NUM_MILLS; m++) {
        int own = 0, empty = -1;
        for (int k = 0; k < 3; k++) {
            if (p[MILLS[m][k]] == me)
                own++;
            else if (p[MILLS[m][k]] == 'x')
                empty = MILLS[m][k];
        }
        if (own == 2 && empty != -1) {
            threat[empty] |= 1 << m;
            threats++;
        }
    }

    if (pieces == 3) {
        /* hopping: each piece can go to each empty spot. For every threat
         * exactly one move closes it (the third piece hops in), and with
         * only 3 pieces two threats never give the same move. */
        return pieces * empties + threats * (removable - 1);
    }

    for (int a = 0; a < BOARD_SIZE; a++) {
        if (p[a] != me)
            continue;
        for (int k = 0; NEIGHBORS[a][k] != -1; k++) {
            int c = NEIGHBORS[a][k];
            if (p[c] != 'x')
                continue;
            /* closes a mill if some threat line at c does not use piece a */
            n += (threat[c] & ~mill_mask[a]) ? removable : 1;
        }
    }
    return n;
}

static void generate_white_moves(const Board *b, int phase, BoardList *L)
{
    if (phase == PHASE_OPENING)
        generate_moves_opening(b, L);
    else
        generate_moves_midgame_endgame(b, L);
}

/* ------------------------------------------------------------------ */
/* static estimations (from the handout)                              */
/* ------------------------------------------------------------------ */

int static_opening(const Board *b)
{
    return count_pieces(b, 'W') - count_pieces(b, 'B');
}

int static_midgame_endgame(const Board *b)
{
    int numWhite = count_pieces(b, 'W');
    int numBlack = count_pieces(b, 'B');
    if (numBlack <= 2)
        return 10000;
    if (numWhite <= 2)
        return -10000;
    int numBlackMoves = count_moves(b, 'B');
    if (numBlackMoves == 0)
        return 10000;
    return 1000 * (numWhite - numBlack) - numBlackMoves;
}

/* ------------------------------------------------------------------ */
/* improved static estimations (Part IV)                              */
/* ------------------------------------------------------------------ */

/* number of lines where color c has two pieces and the third spot is empty */
static int open_twos(const Board *b, char c)
{
    int n = 0;
    for (int m = 0; m < NUM_MILLS; m++) {
        int own = 0, empty = 0;
        for (int k = 0; k < 3; k++) {
            char p = b->pos[MILLS[m][k]];
            if (p == c)
                own++;
            else if (p == 'x')
                empty++;
        }
        if (own == 2 && empty == 1)
            n++;
    }
    return n;
}

/* number of pieces of color c that have no empty neighbor */
static int blocked_pieces(const Board *b, char c)
{
    int n = 0;
    for (int i = 0; i < BOARD_SIZE; i++) {
        if (b->pos[i] != c)
            continue;
        int cnt, free_spot = 0;
        const int *nbrs = neighbors(i, &cnt);
        for (int k = 0; k < cnt; k++)
            if (b->pos[nbrs[k]] == 'x')
                free_spot = 1;
        if (!free_spot)
            n++;
    }
    return n;
}

/*
 * Opening: pieces still count the most, but a line with two of my pieces
 * and an empty spot is a mill threat, and pieces with no room to move
 * will hurt in the midgame.
 */
int improved_opening(const Board *b)
{
    int pieces = count_pieces(b, 'W') - count_pieces(b, 'B');
    int twos = open_twos(b, 'W') - open_twos(b, 'B');
    int blocked = blocked_pieces(b, 'W') - blocked_pieces(b, 'B');
    return 100 * pieces + 10 * twos - 5 * blocked;
}

/*
 * Midgame/endgame: same win/loss tests as the handout, then pieces,
 * then mobility of both sides (the handout only looks at Black's),
 * then mill threats.
 */
int improved_midgame_endgame(const Board *b)
{
    int numWhite = count_pieces(b, 'W');
    int numBlack = count_pieces(b, 'B');
    if (numBlack <= 2)
        return 10000;
    if (numWhite <= 2)
        return -10000;
    int numBlackMoves = count_moves(b, 'B');
    int numWhiteMoves = count_moves(b, 'W');
    if (numBlackMoves == 0)
        return 10000;
    if (numWhiteMoves == 0)
        return -9000;
    /* hopping gives a lot of "moves", so scale mobility down in that case */
    if (numWhite == 3)
        numWhiteMoves /= 4;
    if (numBlack == 3)
        numBlackMoves /= 4;
    int twos = open_twos(b, 'W') - open_twos(b, 'B');
    return 1000 * (numWhite - numBlack) + 10 * (numWhiteMoves - numBlackMoves) + 50 * twos;
}

/* ------------------------------------------------------------------ */
/* MINIMAX                                                            */
/* ------------------------------------------------------------------ */

static int min_max(const Board *b, int depth, int phase, Estimator est);

static int max_min(const Board *b, int depth, int phase, Estimator est)
{
    if (depth == 0) {
        positions_evaluated++;
        return est(b);
    }
    BoardList *L = malloc(sizeof(BoardList));
    if (L == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    generate_white_moves(b, phase, L);
    int v = INT_MIN;
    for (int i = 0; i < L->count; i++) {
        int w = min_max(&L->items[i], depth - 1, phase, est);
        if (w > v)
            v = w;
    }
    free(L);
    return v;
}

static int min_max(const Board *b, int depth, int phase, Estimator est)
{
    if (depth == 0) {
        positions_evaluated++;
        return est(b);
    }
    BoardList *L = malloc(sizeof(BoardList));
    if (L == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    generate_black_moves(b, phase, L);
    int v = INT_MAX;
    for (int i = 0; i < L->count; i++) {
        int w = max_min(&L->items[i], depth - 1, phase, est);
        if (w < v)
            v = w;
    }
    free(L);
    return v;
}

int minimax_decision(const Board *root, int depth, int phase, Estimator est,
                     Board *best, int *value)
{
    BoardList *L = malloc(sizeof(BoardList));
    if (L == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    generate_white_moves(root, phase, L);
    int found = 0;
    for (int i = 0; i < L->count; i++) {
        int w = min_max(&L->items[i], depth - 1, phase, est);
        /* keep the first best move: a later one has to be strictly better */
        if (!found || w > *value) {
            *value = w;
            *best = L->items[i];
            found = 1;
        }
    }
    free(L);
    return found;
}

/* ------------------------------------------------------------------ */
/* ALPHA-BETA                                                         */
/* ------------------------------------------------------------------ */

static int ab_min(const Board *b, int depth, int phase, Estimator est, int alpha, int beta);

static int ab_max(const Board *b, int depth, int phase, Estimator est, int alpha, int beta)
{
    if (depth == 0) {
        positions_evaluated++;
        return est(b);
    }
    BoardList *L = malloc(sizeof(BoardList));
    if (L == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    generate_white_moves(b, phase, L);
    int v = INT_MIN;
    for (int i = 0; i < L->count; i++) {
        int w = ab_min(&L->items[i], depth - 1, phase, est, alpha, beta);
        if (w > v)
            v = w;
        if (v >= beta)
            break; /* beta cut */
        if (v > alpha)
            alpha = v;
    }
    free(L);
    return v;
}

static int ab_min(const Board *b, int depth, int phase, Estimator est, int alpha, int beta)
{
    if (depth == 0) {
        positions_evaluated++;
        return est(b);
    }
    BoardList *L = malloc(sizeof(BoardList));
    if (L == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    generate_black_moves(b, phase, L);
    int v = INT_MAX;
    for (int i = 0; i < L->count; i++) {
        int w = ab_max(&L->items[i], depth - 1, phase, est, alpha, beta);
        if (w < v)
            v = w;
        if (v <= alpha)
            break; /* alpha cut */
        if (v < beta)
            beta = v;
    }
    free(L);
    return v;
}

int alphabeta_decision(const Board *root, int depth, int phase, Estimator est,
                       Board *best, int *value)
{
    BoardList *L = malloc(sizeof(BoardList));
    if (L == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    generate_white_moves(root, phase, L);
    int found = 0;
    int alpha = INT_MIN, beta = INT_MAX;
    for (int i = 0; i < L->count; i++) {
        int w = ab_min(&L->items[i], depth - 1, phase, est, alpha, beta);
        if (!found || w > *value) {
            *value = w;
            *best = L->items[i];
            found = 1;
        }
        if (*value >= beta)
            break;
        if (*value > alpha)
            alpha = *value;
    }
    free(L);
    return found;
}
