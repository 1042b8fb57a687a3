import java.util.ArrayList;

/*
 * MiniMaxGame  (Part I, second program)
 * White plays its best move in the midgame/endgame, MINIMAX search to the given depth,
 * handout static estimation for midgame/endgame.
 *
 *   java MiniMaxGame board3.txt board4.txt 3
 */
public class MiniMaxGame {

    static int maxDepth;
    static String bestMove = null;   // set while searching the root

    public static void main(String[] args) {
        if (args.length != 3) {
            GameBoard.badInput("usage: java MiniMaxGame <input file> <output file> <depth>");
        }
        String board = GameBoard.readBoard(args[0]);
        maxDepth = GameBoard.parseDepth(args[2]);

        if (GameBoard.generateMovesMidgameEndgame(board).isEmpty()) {
            GameBoard.noLegalMove("MiniMaxGame", "White");
        }

        double estimate = maxMin(board, maxDepth);

        GameBoard.writeBoard(args[1], bestMove);
        System.out.println("Board Position: " + bestMove);
        System.out.println("Positions evaluated by static estimation: " + Estimator.positionsEvaluated);
        System.out.println("MINMAX estimate: " + GameBoard.show(estimate));
    }

    // MaxMin(x): white to move
    static double maxMin(String x, int depth) {
        if (depth == 0) {
            return Estimator.staticMidgameEndgame(x);
        }
        ArrayList<String> children = GameBoard.generateMovesMidgameEndgame(x);
        double v = Double.NEGATIVE_INFINITY;
        for (String y : children) {
            double val = minMax(y, depth - 1);
            // at the root remember the move; ties keep the first one
            if (depth == maxDepth && (bestMove == null || val > v)) {
                bestMove = y;
            }
            if (val > v) {
                v = val;
            }
        }
        return v;
    }

    // MinMax(x): black to move
    static double minMax(String x, int depth) {
        if (depth == 0) {
            return Estimator.staticMidgameEndgame(x);
        }
        ArrayList<String> children = GameBoard.generateBlackMovesMidgameEndgame(x);
        double v = Double.POSITIVE_INFINITY;
        for (String y : children) {
            double val = maxMin(y, depth - 1);
            if (val < v) {
                v = val;
            }
        }
        return v;
    }
}
