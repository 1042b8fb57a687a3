package edu.utd.ai.project2;

import java.io.IOException;
import java.util.List;

/**
 * Part III, program 1: MINIMAX for Black in the opening.
 *
 * Trick: swap the colors of the input, so Black becomes White, search for White
 * exactly like MinMaxOpening, then swap the chosen board back. The estimate that
 * gets printed is the one of the swapped board (so it is from Black's point of view).
 *
 * usage: java -cp out edu.utd.ai.project2.MinMaxOpenningBlack board1.txt board2.txt 3
 */
public class MinMaxOpenningBlack {

    static int positionsEvaluated = 0;

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: MinMaxOpenningBlack <input file> <output file> <depth>");
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

        char[] swapped = Board.swap(board);

        char[] best = null;
        int bestValue = Integer.MIN_VALUE;
        List<char[]> moves = Board.generateMovesOpening(swapped);
        if (moves.isEmpty()) {
            best = swapped;   // black is stuck
            bestValue = -10000;
        }
        for (char[] m : moves) {
            int v = minMax(m, depth - 1);
            if (best == null || v > bestValue) {
                best = m;
                bestValue = v;
            }
        }
        char[] result = Board.swap(best);   // back to the real colors

        System.out.println("Best move: " + new String(result));
        System.out.println("Number of positions evaluated: " + positionsEvaluated);
        System.out.println("MINIMAX estimate: " + bestValue);
        try {
            Board.writeBoard(args[1], result);
        } catch (IOException e) {
            System.err.println("Error: could not write " + args[1] + ": " + e.getMessage());
            System.exit(1);
        }
    }

    static int maxMin(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return Board.staticEstimationOpening(b);
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
            return Board.staticEstimationOpening(b);
        }
        int v = Integer.MAX_VALUE;
        for (char[] m : Board.generateBlackMovesOpening(b)) {
            v = Math.min(v, maxMin(m, depth - 1));
        }
        return v;
    }
}
