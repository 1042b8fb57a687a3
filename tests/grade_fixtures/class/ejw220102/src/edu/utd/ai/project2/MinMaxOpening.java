package edu.utd.ai.project2;

import java.io.IOException;
import java.util.List;

/**
 * Part I, program 1: MINIMAX for White in the opening.
 *
 * usage: java -cp out edu.utd.ai.project2.MinMaxOpening board1.txt board2.txt 3
 */
public class MinMaxOpening {

    // number of times the static estimation was called (leaves of the tree)
    static int positionsEvaluated = 0;

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: MinMaxOpening <input file> <output file> <depth>");
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
            // white cannot move at all -> white lost, nothing to search
            best = board;
            bestValue = -10000;
        }
        for (char[] m : moves) {
            int v = minMax(m, depth - 1);
            // keep the first move on ties
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

    // white to move
    static int maxMin(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return Board.staticEstimationOpening(b);
        }
        List<char[]> moves = Board.generateMovesOpening(b);
        int v = Integer.MIN_VALUE;
        for (char[] m : moves) {
            v = Math.max(v, minMax(m, depth - 1));
        }
        return v;
    }

    // black to move
    static int minMax(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return Board.staticEstimationOpening(b);
        }
        List<char[]> moves = Board.generateBlackMovesOpening(b);
        int v = Integer.MAX_VALUE;
        for (char[] m : moves) {
            v = Math.min(v, maxMin(m, depth - 1));
        }
        return v;
    }
}
