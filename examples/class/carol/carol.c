/* carol: a small Nine Men's Morris engine in C, of the kind a student writes for the
 * tournament (protocol.md): started with --color white|black --movetime S and maybe
 * --opening "MOVES", it reads the opponent's moves on stdin and answers with its own.
 * It plays a move that closes a mill when there is one, else one that stops the
 * opponent's next mill when it can, else the first legal move in point order.
 * Build: cc -O2 -o carol.bin carol.c (the script ./carol does it when carol.bin is missing). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *LINES[16] = {
    "A7 D7 G7", "B6 D6 F6", "C5 D5 E5", "A4 B4 C4", "E4 F4 G4", "C3 D3 E3", "B2 D2 F2", "A1 D1 G1",
    "A7 A4 A1", "B6 B4 B2", "C5 C4 C3", "D7 D6 D5", "D3 D2 D1", "E5 E4 E3", "F6 F4 F2", "G7 G4 G1",
};
static char names[24][3];
static int npoints, line[16][3], adjacent[24][24];

static int point(const char *text) {
    for (int p = 0; p < npoints; p++)
        if (toupper((unsigned char)text[0]) == names[p][0] && text[1] == names[p][1]) return p;
    return -1;
}

static void setup(void) {
    /* Points in sorted order: A1 A4 A7 B2 ... as the other class engines list them. */
    for (char c = 'A'; c <= 'G'; c++)
        for (char r = '1'; r <= '7'; r++)
            for (int i = 0; i < 16; i++)
                for (int j = 0; j < 3; j++)
                    if (LINES[i][3 * j] == c && LINES[i][3 * j + 1] == r && point((char[]){c, r, 0}) < 0) {
                        names[npoints][0] = c, names[npoints][1] = r, names[npoints][2] = 0;
                        npoints++;
                    }
    for (int i = 0; i < 16; i++) {
        for (int j = 0; j < 3; j++) line[i][j] = point(LINES[i] + 3 * j);
        adjacent[line[i][0]][line[i][1]] = adjacent[line[i][1]][line[i][0]] = 1;
        adjacent[line[i][1]][line[i][2]] = adjacent[line[i][2]][line[i][1]] = 1;
    }
}

struct game { int board[24], hand[3], turn; };   /* board: 0 empty, 1 white, 2 black */
struct move { int from, to, remove; };            /* -1: none */

static int in_mill(const struct game *g, int p, int side) {
    for (int i = 0; i < 16; i++)
        if ((line[i][0] == p || line[i][1] == p || line[i][2] == p) && g->board[line[i][0]] == side &&
            g->board[line[i][1]] == side && g->board[line[i][2]] == side)
            return 1;
    return 0;
}

static int count(const struct game *g, int side) {
    int n = 0;
    for (int p = 0; p < 24; p++) n += g->board[p] == side;
    return n;
}

/* Fills out[] with every legal move; returns how many. */
static int moves(struct game *g, struct move *out) {
    int side = g->turn, other = 3 - side, n = 0;
    int flying = g->hand[side] == 0 && count(g, side) == 3;
    for (int from = -1; from < 24; from++) {
        if (g->hand[side] > 0 ? from >= 0 : (from < 0 || g->board[from] != side)) continue;
        for (int to = 0; to < 24; to++) {
            if (g->board[to] || (from >= 0 && !flying && !adjacent[from][to])) continue;
            if (from >= 0) g->board[from] = 0;
            g->board[to] = side;
            int removed = 0;
            if (in_mill(g, to, side)) {
                int any_free = 0;
                for (int r = 0; r < 24; r++) any_free |= g->board[r] == other && !in_mill(g, r, other);
                for (int r = 0; r < 24; r++)
                    if (g->board[r] == other && (!any_free || !in_mill(g, r, other))) {
                        out[n++] = (struct move){from, to, r};
                        removed = 1;
                    }
            }
            if (!removed) out[n++] = (struct move){from, to, -1};
            g->board[to] = 0;
            if (from >= 0) g->board[from] = side;
        }
    }
    return n;
}

static void play(struct game *g, struct move m) {
    if (m.from >= 0) g->board[m.from] = 0; else g->hand[g->turn]--;
    g->board[m.to] = g->turn;
    if (m.remove >= 0) g->board[m.remove] = 0;
    g->turn = 3 - g->turn;
}

static int over(struct game *g) {
    struct move list[24 * 24 * 2];
    return count(g, g->turn) + g->hand[g->turn] < 3 || moves(g, list) == 0;
}

static void text(struct move m, char *out) {
    out[0] = 0;
    if (m.from >= 0) sprintf(out, "%s-", names[m.from]);
    strcat(out, names[m.to]);
    if (m.remove >= 0) sprintf(out + strlen(out), ",%s", names[m.remove]);
}

/* The legal move written `word` (any case), or from = -2. */
static struct move parse(struct game *g, const char *word) {
    struct move list[24 * 24 * 2];
    char mine[16], upper[64];
    int n = moves(g, list), k = 0;
    for (; word[k] && k < 63; k++) upper[k] = (char)toupper((unsigned char)word[k]);
    upper[k] = 0;
    for (int i = 0; i < n; i++) {
        text(list[i], mine);
        if (!strcmp(mine, upper)) return list[i];
    }
    return (struct move){-2, -1, -1};
}

static struct move choose(struct game *g) {
    struct move list[24 * 24 * 2], replies[24 * 24 * 2];
    int n = moves(g, list);
    for (int i = 0; i < n; i++)
        if (list[i].remove >= 0) return list[i];
    for (int i = 0; i < n; i++) {
        struct game after = *g;
        play(&after, list[i]);
        int m = moves(&after, replies), threat = 0;
        for (int j = 0; j < m; j++) threat |= replies[j].remove >= 0;
        if (!threat) return list[i];
    }
    return list[0];
}

static void reply(struct game *g, int me) {
    char out[16];
    if (g->turn != me || over(g)) return;
    struct move m = choose(g);
    play(g, m);
    text(m, out);
    printf("%s\n", out);
    fflush(stdout);
}

int main(int argc, char **argv) {
    struct game g = {{0}, {0, 9, 9}, 1};
    int me = 1;
    char opening[4096] = "", buf[4096];
    setup();
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--color")) me = strcmp(argv[i + 1], "black") ? 1 : 2;
        if (!strcmp(argv[i], "--opening")) snprintf(opening, sizeof opening, "%s", argv[i + 1]);
    }
    for (char *word = strtok(opening, " \t"); word; word = strtok(NULL, " \t")) {
        struct move m = parse(&g, word);
        if (m.from == -2) {
            fprintf(stderr, "bad opening move %s\n", word);
            return 1;
        }
        play(&g, m);
    }
    reply(&g, me);
    while (fgets(buf, sizeof buf, stdin)) {
        char *s = buf, *e;
        while (isspace((unsigned char)*s)) s++;
        e = s + strlen(s);
        while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
        if (!*s) continue;
        if (islower((unsigned char)*s)) {
            if (!strcmp(s, "quit")) return 0;
            if (!strcmp(s, "isready")) printf("readyok\n"), fflush(stdout);
            continue;
        }
        struct move m = over(&g) ? (struct move){-2, -1, -1} : parse(&g, s);
        if (m.from == -2) {
            printf("illegal %.40s: not a legal move here\n", s);
            fflush(stdout);
            continue;
        }
        play(&g, m);
        reply(&g, me);
    }
    return 0;
}
