import java.util.ArrayList;

/*
 * ABOpening  (Part II)
 * Same as MiniMaxOpening but with ALPHA-BETA pruning. Gives the same move and the
 * same estimate, with fewer positions evaluated.
 *
 *   java ABOpening board1.txt board2.txt 2
 */
public class ABOpening {

    static int maxDepth;
    static String bestMove = null;

    public static void main(String[] args) {
        if (args.length != 3) {
            GameBoard.badInput("usage: java ABOpening <input file> <output file> <depth>");
        }
        String board = GameBoard.readBoard(args[0]);
        maxDepth = GameBoard.parseDepth(args[2]);

        if (GameBoard.generateMovesOpening(board).isEmpty()) {
            GameBoard.noLegalMove("ABOpening", "White");
        }

        double estimate = maxMin(board, maxDepth, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

        GameBoard.writeBoard(args[1], bestMove);
        System.out.println("Board Position: " + bestMove);
        System.out.println("Positions evaluated by static estimation: " + Estimator.positionsEvaluated);
        System.out.println("MINMAX estimate: " + GameBoard.show(estimate));
    }

    // MaxMin(x, alpha, beta)
    static double maxMin(String x, int depth, double alpha, double beta) {
        if (depth == 0) {
            return Estimator.staticOpening(x);
        }
        ArrayList<String> children = GameBoard.generateMovesOpening(x);
        double v = Double.NEGATIVE_INFINITY;
        for (String y : children) {
            double val = minMax(y, depth - 1, alpha, beta);
            if (depth == maxDepth && (bestMove == null || val > v)) {
                bestMove = y;
            }
            v = Math.max(v, val);
            if (v >= beta) {
                return v;
            }
            alpha = Math.max(v, alpha);
        }
        return v;
    }

    // MinMax(x, alpha, beta)
    static double minMax(String x, int depth, double alpha, double beta) {
        if (depth == 0) {
            return Estimator.staticOpening(x);
        }
        ArrayList<String> children = GameBoard.generateBlackMovesOpening(x);
        double v = Double.POSITIVE_INFINITY;
        for (String y : children) {
            v = Math.min(v, maxMin(y, depth - 1, alpha, beta));
            if (v <= alpha) {
                return v;
            }
            beta = Math.min(v, beta);
        }
        return v;
    }
}
