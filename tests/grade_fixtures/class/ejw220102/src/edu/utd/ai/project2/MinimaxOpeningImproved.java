package edu.utd.ai.project2;

import java.io.IOException;
import java.util.List;

/**
 * Part IV, program 1: MINIMAX for White in the opening with my own static estimation.
 *
 * The handout estimate only counts pieces, so in the opening almost every position
 * looks the same (0 or +-1). Mine still counts the pieces first (x100, so a piece is
 * worth more than anything else), but it also looks at:
 *  - closed mills (+20 each),
 *  - "open twos": two of my pieces on a line whose third point is empty, i.e. a mill
 *    that can be closed with one more piece (+10 each),
 *  - free neighbours of my pieces, because a side with no room to slide gets blocked
 *    once the midgame starts (+1 each).
 * Everything is counted for White minus the same thing for Black.
 *
 * usage: java -cp out edu.utd.ai.project2.MinimaxOpeningImproved board1.txt board2.txt 3
 */
public class MinimaxOpeningImproved {

    static int positionsEvaluated = 0;

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: MinimaxOpeningImproved <input file> <output file> <depth>");
            System.exit(1);
        }
        char[] board;
        int depth;
        try {
            board = Board.readBoard(args[0]);
            depth = Integer.parseInt(args[2].trim());
        } catch (IOException | NumberFormatException e) {
            System.err.println("Error: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (depth < 1) {
            System.err.println("Error: depth must be at least 1");
            System.exit(1);
        }

        char[] best = null;
        int bestValue = Integer.MIN_VALUE;
        List<char[]> moves = Board.generateMovesOpening(board);
        if (moves.isEmpty()) {
            best = board;
            bestValue = -10000;
        }
        for (char[] m : moves) {
            int v = minMax(m, depth - 1);
            if (best == null || v > bestValue) {
                best = m;
                bestValue = v;
            }
        }

        System.out.println("Best move: " + new String(best));
        System.out.println("Number of positions evaluated: " + positionsEvaluated);
        System.out.println("MINIMAX estimate: " + bestValue);
        try {
            Board.writeBoard(args[1], best);
        } catch (IOException e) {
            System.err.println("Error: could not write " + args[1] + ": " + e.getMessage());
            System.exit(1);
        }
    }

    /** my improved estimation for the opening */
    static int improvedEstimationOpening(char[] b) {
        int score = 100 * (Board.count(b, 'W') - Board.count(b, 'B'));
        for (int[] mill : Board.allMills()) {
            int w = 0, bl = 0, empty = 0;
            for (int p : mill) {
                if (b[p] == 'W') w++;
                else if (b[p] == 'B') bl++;
                else empty++;
            }
            if (w == 3) score += 20;
            if (bl == 3) score -= 20;
            if (w == 2 && empty == 1) score += 10;
            if (bl == 2 && empty == 1) score -= 10;
        }
        for (int i = 0; i < Board.SIZE; i++) {
            if (b[i] == 'x') continue;
            for (int j : Board.neighbors(i)) {
                if (b[j] == 'x') {
                    score += (b[i] == 'W') ? 1 : -1;
                }
            }
        }
        return score;
    }

    static int maxMin(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return improvedEstimationOpening(b);
        }
        int v = Integer.MIN_VALUE;
        for (char[] m : Board.generateMovesOpening(b)) {
            v = Math.max(v, minMax(m, depth - 1));
        }
        return v;
    }

    static int minMax(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return improvedEstimationOpening(b);
        }
        int v = Integer.MAX_VALUE;
        for (char[] m : Board.generateBlackMovesOpening(b)) {
            v = Math.min(v, maxMin(m, depth - 1));
        }
        return v;
    }
}
