package edu.utd.ai.project2;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Shared code for project 2: board representation, move generators
 * (GenerateAdd / GenerateMove / GenerateHopping / GenerateRemove),
 * the static estimation functions and the little file helpers.
 *
 * A board is a char[22] of 'W', 'B', 'x' in the order
 * a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6
 *
 * Author: E. Walker (ejw220102)
 */
public class Board {

    public static final int SIZE = 22;

    // neighbors of every location, in ascending order
    private static final int[][] NEIGHBORS = {
        {1, 3, 19},        // 0  a0
        {0, 2, 4},         // 1  d0
        {1, 5, 12},        // 2  g0
        {0, 4, 6, 8},      // 3  b1
        {1, 3, 5},         // 4  d1
        {2, 4, 7, 11},     // 5  f1
        {3, 7, 9},         // 6  c2
        {5, 6, 10},        // 7  e2
        {3, 9, 16},        // 8  b3
        {6, 8, 13},        // 9  c3
        {7, 11, 15},       // 10 e3
        {5, 10, 12, 18},   // 11 f3
        {2, 11, 21},       // 12 g3
        {9, 14, 16},       // 13 c4
        {13, 15, 17},      // 14 d4
        {10, 14, 18},      // 15 e4
        {8, 13, 17, 19},   // 16 b5
        {14, 16, 18, 20},  // 17 d5
        {11, 15, 17, 21},  // 18 f5
        {0, 16, 20},       // 19 a6
        {17, 19, 21},      // 20 d6
        {12, 18, 20}       // 21 g6
    };

    // all 16 possible mills
    private static final int[][] MILLS = {
        {0, 1, 2}, {3, 4, 5}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21},   // rows
        {3, 8, 16}, {6, 9, 13}, {7, 10, 15}, {5, 11, 18}, {2, 12, 21}, {14, 17, 20},  // columns
        {0, 3, 6}, {2, 5, 7}, {13, 16, 19}, {15, 18, 21}                              // diagonals
    };

    // MILL_PAIRS[j] = for every mill through j, the other two points of that mill
    // (closeMill is called a LOT, so this is faster than going through MILLS every time)
    private static final int[][][] MILL_PAIRS = {
        {{1, 2}, {3, 6}},                 // a0
        {{0, 2}},                         // d0
        {{0, 1}, {12, 21}, {5, 7}},       // g0
        {{4, 5}, {8, 16}, {0, 6}},        // b1
        {{3, 5}},                         // d1
        {{3, 4}, {11, 18}, {2, 7}},       // f1
        {{9, 13}, {0, 3}},                // c2
        {{10, 15}, {2, 5}},               // e2
        {{3, 16}},                        // b3
        {{6, 13}},                        // c3
        {{11, 12}, {7, 15}},              // e3
        {{10, 12}, {5, 18}},              // f3
        {{10, 11}, {2, 21}},              // g3
        {{14, 15}, {6, 9}, {16, 19}},     // c4
        {{13, 15}, {17, 20}},             // d4
        {{13, 14}, {7, 10}, {18, 21}},    // e4
        {{17, 18}, {3, 8}, {13, 19}},     // b5
        {{16, 18}, {14, 20}},             // d5
        {{16, 17}, {5, 11}, {15, 21}},    // f5
        {{20, 21}, {13, 16}},             // a6
        {{19, 21}, {14, 17}},             // d6
        {{19, 20}, {2, 12}, {15, 18}}     // g6
    };

    public static int[] neighbors(int j) {
        return NEIGHBORS[j];
    }

    public static int[][] allMills() {
        return MILLS;
    }

    /** true if the piece at j is part of a mill (b[j] must be W or B) */
    public static boolean closeMill(int j, char[] b) {
        char c = b[j];
        if (c != 'W' && c != 'B') {
            return false;
        }
        for (int[] pair : MILL_PAIRS[j]) {
            if (b[pair[0]] == c && b[pair[1]] == c) {
                return true;
            }
        }
        return false;
    }

    public static int count(char[] b, char c) {
        int n = 0;
        for (char ch : b) {
            if (ch == c) n++;
        }
        return n;
    }

    // ------------------------------------------------------------------
    // move generators for WHITE
    // ------------------------------------------------------------------

    public static List<char[]> generateMovesOpening(char[] b) {
        return generateAdd(b);
    }

    public static List<char[]> generateMovesMidgameEndgame(char[] b) {
        if (count(b, 'W') == 3) {
            return generateHopping(b);
        }
        return generateMove(b);
    }

    public static List<char[]> generateAdd(char[] board) {
        List<char[]> L = new ArrayList<>();
        for (int loc = 0; loc < SIZE; loc++) {
            if (board[loc] == 'x') {
                char[] b = board.clone();
                b[loc] = 'W';
                if (closeMill(loc, b)) {
                    generateRemove(b, L);
                } else {
                    L.add(b);
                }
            }
        }
        return L;
    }

    public static List<char[]> generateHopping(char[] board) {
        List<char[]> L = new ArrayList<>();
        for (int a = 0; a < SIZE; a++) {
            if (board[a] != 'W') continue;
            for (int c = 0; c < SIZE; c++) {
                if (board[c] == 'x') {
                    char[] b = board.clone();
                    b[a] = 'x';
                    b[c] = 'W';
                    if (closeMill(c, b)) {
                        generateRemove(b, L);
                    } else {
                        L.add(b);
                    }
                }
            }
        }
        return L;
    }

    public static List<char[]> generateMove(char[] board) {
        List<char[]> L = new ArrayList<>();
        for (int loc = 0; loc < SIZE; loc++) {
            if (board[loc] != 'W') continue;
            for (int j : NEIGHBORS[loc]) {
                if (board[j] == 'x') {
                    char[] b = board.clone();
                    b[loc] = 'x';
                    b[j] = 'W';
                    if (closeMill(j, b)) {
                        generateRemove(b, L);
                    } else {
                        L.add(b);
                    }
                }
            }
        }
        return L;
    }

    public static void generateRemove(char[] board, List<char[]> L) {
        boolean added = false;
        for (int loc = 0; loc < SIZE; loc++) {
            if (board[loc] == 'B' && !closeMill(loc, board)) {
                char[] b = board.clone();
                b[loc] = 'x';
                L.add(b);
                added = true;
            }
        }
        if (!added) {
            // every black piece is in a mill -> keep the position as it is
            L.add(board.clone());
        }
    }

    // ------------------------------------------------------------------
    // black moves = swap, generate white, swap back
    // ------------------------------------------------------------------

    public static char[] swap(char[] b) {
        char[] s = new char[b.length];
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 'W') s[i] = 'B';
            else if (b[i] == 'B') s[i] = 'W';
            else s[i] = b[i];
        }
        return s;
    }

    public static List<char[]> generateBlackMovesOpening(char[] b) {
        List<char[]> L = generateMovesOpening(swap(b));
        for (int i = 0; i < L.size(); i++) {
            L.set(i, swap(L.get(i)));
        }
        return L;
    }

    public static List<char[]> generateBlackMovesMidgameEndgame(char[] b) {
        List<char[]> L = generateMovesMidgameEndgame(swap(b));
        for (int i = 0; i < L.size(); i++) {
            L.set(i, swap(L.get(i)));
        }
        return L;
    }

    /**
     * Same number as generateBlackMovesMidgameEndgame(b).size(), but without building
     * all the boards (the estimation is called at every leaf, building the lists made
     * depth 4 really slow). A mill-closing move counts once per white piece it could
     * remove, or once if every white piece is in a mill, same as GenerateRemove.
     */
    public static int countBlackMoves(char[] board) {
        char[] b = board.clone();
        boolean hopping = count(b, 'B') == 3;
        int n = 0;
        for (int from = 0; from < SIZE; from++) {
            if (b[from] != 'B') continue;
            int[] targets = hopping ? ALL_POINTS : NEIGHBORS[from];
            for (int to : targets) {
                if (b[to] != 'x') continue;
                b[from] = 'x';
                b[to] = 'B';
                if (closeMill(to, b)) {
                    int removable = 0;
                    for (int k = 0; k < SIZE; k++) {
                        if (b[k] == 'W' && !closeMill(k, b)) removable++;
                    }
                    n += Math.max(removable, 1);
                } else {
                    n++;
                }
                b[to] = 'x';
                b[from] = 'B';
            }
        }
        return n;
    }

    private static final int[] ALL_POINTS = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
    };

    // ------------------------------------------------------------------
    // static estimations (from the handout)
    // ------------------------------------------------------------------

    public static int staticEstimationOpening(char[] b) {
        return count(b, 'W') - count(b, 'B');
    }

    public static int staticEstimationMidgameEndgame(char[] b) {
        int numWhitePieces = count(b, 'W');
        int numBlackPieces = count(b, 'B');
        if (numBlackPieces <= 2) return 10000;
        if (numWhitePieces <= 2) return -10000;
        int numBlackMoves = countBlackMoves(b);
        if (numBlackMoves == 0) return 10000;
        return 1000 * (numWhitePieces - numBlackPieces) - numBlackMoves;
    }

    // ------------------------------------------------------------------
    // input / output helpers
    // ------------------------------------------------------------------

    public static char[] readBoard(String fileName) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (BufferedReader br = new BufferedReader(new FileReader(fileName))) {
            String line;
            while ((line = br.readLine()) != null) {
                sb.append(line.trim());
            }
        }
        String s = sb.toString().trim();
        if (s.length() != SIZE) {
            throw new IOException("board must have " + SIZE + " characters but has " + s.length());
        }
        for (char c : s.toCharArray()) {
            if (c != 'W' && c != 'B' && c != 'x') {
                throw new IOException("bad character in board: " + c);
            }
        }
        return s.toCharArray();
    }

    public static void writeBoard(String fileName, char[] b) throws IOException {
        try (FileWriter fw = new FileWriter(fileName)) {
            fw.write(new String(b));
            fw.write("\n");
        }
    }
}
