package edu.utd.ai.project2;

import java.io.IOException;
import java.util.List;

/**
 * Part II, program 2: ALPHA-BETA for White in the midgame / endgame.
 * Gives the same move and estimate as MinMaxGame but evaluates fewer positions.
 *
 * usage: java -cp out edu.utd.ai.project2.ABGame board3.txt board4.txt 3
 */
public class ABGame {

    static int positionsEvaluated = 0;

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: ABGame <input file> <output file> <depth>");
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
        int alpha = Integer.MIN_VALUE;
        int beta = Integer.MAX_VALUE;
        List<char[]> moves = Board.generateMovesMidgameEndgame(board);
        if (moves.isEmpty()) {
            best = board;
            bestValue = -10000;
        }
        for (char[] m : moves) {
            int v = minAB(m, depth - 1, alpha, beta);
            if (best == null || v > bestValue) {
                best = m;
                bestValue = v;
            }
            if (bestValue >= beta) {
                break;
            }
            alpha = Math.max(alpha, bestValue);
        }

        System.out.println("Best move: " + new String(best));
        System.out.println("Positions Evaluated By AB : " + positionsEvaluated);
        System.out.println("AB estimate: " + bestValue);
        try {
            Board.writeBoard(args[1], best);
        } catch (IOException e) {
            System.err.println("Error: could not write " + args[1] + ": " + e.getMessage());
            System.exit(1);
        }
    }

    // MAX node (white to move)
    static int maxAB(char[] b, int depth, int alpha, int beta) {
        if (depth == 0) {
            positionsEvaluated++;
            return Board.staticEstimationMidgameEndgame(b);
        }
        int v = Integer.MIN_VALUE;
        for (char[] m : Board.generateMovesMidgameEndgame(b)) {
            v = Math.max(v, minAB(m, depth - 1, alpha, beta));
            if (v >= beta) {
                return v;   // cutoff
            }
            alpha = Math.max(alpha, v);
        }
        return v;
    }

    // MIN node (black to move)
    static int minAB(char[] b, int depth, int alpha, int beta) {
        if (depth == 0) {
            positionsEvaluated++;
            return Board.staticEstimationMidgameEndgame(b);
        }
        int v = Integer.MAX_VALUE;
        for (char[] m : Board.generateBlackMovesMidgameEndgame(b)) {
            v = Math.min(v, maxAB(m, depth - 1, alpha, beta));
            if (v <= alpha) {
                return v;   // cutoff
            }
            beta = Math.min(beta, v);
        }
        return v;
    }
}
