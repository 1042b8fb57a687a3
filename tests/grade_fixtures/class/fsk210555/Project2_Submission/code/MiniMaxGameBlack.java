import java.util.ArrayList;

/*
 * MiniMaxGameBlack  (Part III, second program)
 * Black plays its best move in the midgame/endgame. I swap the colors of the board so that
 * Black is "White", run the same MINIMAX as MiniMaxGame and swap the answer back.
 * The estimate printed is the one of the swapped board, i.e. good for Black = positive.
 *
 *   java MiniMaxGameBlack board3.txt board4.txt 3
 */
public class MiniMaxGameBlack {

    static int maxDepth;
    static String bestMove = null;

    public static void main(String[] args) {
        if (args.length != 3) {
            GameBoard.badInput("usage: java MiniMaxGameBlack <input file> <output file> <depth>");
        }
        String board = GameBoard.readBoard(args[0]);
        maxDepth = GameBoard.parseDepth(args[2]);

        String swapped = GameBoard.swapColors(board);
        if (GameBoard.generateMovesMidgameEndgame(swapped).isEmpty()) {
            GameBoard.noLegalMove("MiniMaxGameBlack", "Black");
        }

        double estimate = maxMin(swapped, maxDepth);
        String answer = GameBoard.swapColors(bestMove);

        GameBoard.writeBoard(args[1], answer);
        System.out.println("Board Position: " + answer);
        System.out.println("Positions evaluated by static estimation: " + Estimator.positionsEvaluated);
        System.out.println("MINMAX estimate: " + GameBoard.show(estimate));
    }

    static double maxMin(String x, int depth) {
        if (depth == 0) {
            return Estimator.staticMidgameEndgame(x);
        }
        ArrayList<String> children = GameBoard.generateMovesMidgameEndgame(x);
        double v = Double.NEGATIVE_INFINITY;
        for (String y : children) {
            double val = minMax(y, depth - 1);
            if (depth == maxDepth && (bestMove == null || val > v)) {
                bestMove = y;
            }
            if (val > v) {
                v = val;
            }
        }
        return v;
    }

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
