import java.io.File;
import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Scanner;

/*
 * GameBoard
 * ---------
 * Everything about the board that the eight programs share:
 *   - reading / writing the board file
 *   - neighbors() and closeMill() written "brute force" with a switch like the handout says
 *   - the move generators from the handout pseudo code
 *     (GenerateAdd, GenerateMove, GenerateHopping, GenerateRemove)
 *   - black moves by swapping the colors
 *
 * Board positions are Strings of 22 chars (W, B, x), index order:
 *   a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6
 *    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21
 */
public class GameBoard {

    public static final int N = 22;

    // ---------------------------------------------------------------
    // file stuff
    // ---------------------------------------------------------------

    public static String readBoard(String fileName) {
        try (Scanner sc = new Scanner(new File(fileName))) {
            if (!sc.hasNext()) {
                badInput("input file " + fileName + " is empty");
            }
            String s = sc.next().trim();
            if (s.length() != N) {
                badInput("board in " + fileName + " should have 22 letters, found " + s.length());
            }
            for (int i = 0; i < N; i++) {
                char ch = s.charAt(i);
                if (ch != 'W' && ch != 'B' && ch != 'x') {
                    badInput("board in " + fileName + " has an illegal letter '" + ch + "'");
                }
            }
            return s;
        } catch (FileNotFoundException e) {
            badInput("cannot open input file " + fileName);
            return null;
        }
    }

    public static void writeBoard(String fileName, String board) {
        try (PrintWriter pw = new PrintWriter(fileName)) {
            pw.println(board);
        } catch (FileNotFoundException e) {
            System.err.println("cannot write output file " + fileName);
            System.exit(1);
        }
    }

    public static int parseDepth(String s) {
        try {
            int d = Integer.parseInt(s.trim());
            if (d < 1) {
                badInput("depth has to be >= 1");
            }
            return d;
        } catch (NumberFormatException e) {
            badInput("depth is not a number: " + s);
            return 0;
        }
    }

    // exit code 1 = bad command line / bad input file
    public static void badInput(String msg) {
        System.err.println("Error: " + msg);
        System.exit(1);
    }

    // exit code 2 = the side to move has no legal move (it lost), nothing is printed on stdout
    public static void noLegalMove(String program, String who) {
        System.err.println(program + ": " + who + " has no legal move in this position (" + who
                + " is blocked and lost), no output written");
        System.exit(2);
    }

    // printing the estimate: whole numbers without ".0", infinity as Java prints it
    public static String show(double v) {
        if (Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        return String.valueOf((long) v);
    }

    // ---------------------------------------------------------------
    // neighbors and closeMill (brute force)
    // ---------------------------------------------------------------

    public static int[] neighbors(int j) {
        switch (j) {
            case 0: return new int[]{1, 3, 19};       // a0: d0 b1 a6
            case 1: return new int[]{0, 2, 4};        // d0: a0 g0 d1
            case 2: return new int[]{1, 5, 12};       // g0: d0 f1 g3
            case 3: return new int[]{0, 4, 6, 8};     // b1: a0 d1 c2 b3
            case 4: return new int[]{1, 3, 5};        // d1: d0 b1 f1
            case 5: return new int[]{2, 4, 7, 11};    // f1: g0 d1 e2 f3
            case 6: return new int[]{3, 7, 9};        // c2: b1 e2 c3
            case 7: return new int[]{5, 6, 10};       // e2: f1 c2 e3
            case 8: return new int[]{3, 9, 16};       // b3: b1 c3 b5
            case 9: return new int[]{6, 8, 13};       // c3: c2 b3 c4
            case 10: return new int[]{7, 11, 15};     // e3: e2 f3 e4
            case 11: return new int[]{5, 10, 12, 18}; // f3: f1 e3 g3 f5
            case 12: return new int[]{2, 11, 21};     // g3: g0 f3 g6
            case 13: return new int[]{9, 14, 16};     // c4: c3 d4 b5
            case 14: return new int[]{13, 15, 17};    // d4: c4 e4 d5
            case 15: return new int[]{10, 14, 18};    // e4: e3 d4 f5
            case 16: return new int[]{8, 13, 17, 19}; // b5: b3 c4 d5 a6
            case 17: return new int[]{14, 16, 18, 20}; // d5: d4 b5 f5 d6
            case 18: return new int[]{11, 15, 17, 21}; // f5: f3 e4 d5 g6
            case 19: return new int[]{0, 16, 20};     // a6: a0 b5 d6
            case 20: return new int[]{17, 19, 21};    // d6: d5 a6 g6
            case 21: return new int[]{12, 18, 20};    // g6: g3 f5 d6
            default: return new int[0];
        }
    }

    // true if the piece on j is in a mill (C = b[j], must be W or B)
    public static boolean closeMill(int j, char[] b) {
        char c = b[j];
        if (c == 'x') {
            return false;
        }
        switch (j) {
            case 0: // a0
                return (b[1] == c && b[2] == c) || (b[3] == c && b[6] == c);
            case 1: // d0
                return (b[0] == c && b[2] == c);
            case 2: // g0
                return (b[0] == c && b[1] == c) || (b[12] == c && b[21] == c) || (b[5] == c && b[7] == c);
            case 3: // b1
                return (b[4] == c && b[5] == c) || (b[8] == c && b[16] == c) || (b[0] == c && b[6] == c);
            case 4: // d1
                return (b[3] == c && b[5] == c);
            case 5: // f1
                return (b[3] == c && b[4] == c) || (b[11] == c && b[18] == c) || (b[2] == c && b[7] == c);
            case 6: // c2
                return (b[9] == c && b[13] == c) || (b[0] == c && b[3] == c);
            case 7: // e2
                return (b[10] == c && b[15] == c) || (b[2] == c && b[5] == c);
            case 8: // b3
                return (b[3] == c && b[16] == c);
            case 9: // c3
                return (b[6] == c && b[13] == c);
            case 10: // e3
                return (b[11] == c && b[12] == c) || (b[7] == c && b[15] == c);
            case 11: // f3
                return (b[10] == c && b[12] == c) || (b[5] == c && b[18] == c);
            case 12: // g3
                return (b[10] == c && b[11] == c) || (b[2] == c && b[21] == c);
            case 13: // c4
                return (b[14] == c && b[15] == c) || (b[6] == c && b[9] == c) || (b[16] == c && b[19] == c);
            case 14: // d4
                return (b[13] == c && b[15] == c) || (b[17] == c && b[20] == c);
            case 15: // e4
                return (b[13] == c && b[14] == c) || (b[7] == c && b[10] == c) || (b[18] == c && b[21] == c);
            case 16: // b5
                return (b[17] == c && b[18] == c) || (b[3] == c && b[8] == c) || (b[13] == c && b[19] == c);
            case 17: // d5
                return (b[16] == c && b[18] == c) || (b[14] == c && b[20] == c);
            case 18: // f5
                return (b[16] == c && b[17] == c) || (b[5] == c && b[11] == c) || (b[15] == c && b[21] == c);
            case 19: // a6
                return (b[20] == c && b[21] == c) || (b[13] == c && b[16] == c);
            case 20: // d6
                return (b[19] == c && b[21] == c) || (b[14] == c && b[17] == c);
            case 21: // g6
                return (b[19] == c && b[20] == c) || (b[2] == c && b[12] == c) || (b[15] == c && b[18] == c);
            default:
                return false;
        }
    }

    public static int count(String board, char c) {
        int n = 0;
        for (int i = 0; i < board.length(); i++) {
            if (board.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    // ---------------------------------------------------------------
    // move generators for White (handout pseudo code)
    // ---------------------------------------------------------------

    public static ArrayList<String> generateMovesOpening(String board) {
        return generateAdd(board);
    }

    public static ArrayList<String> generateMovesMidgameEndgame(String board) {
        if (count(board, 'W') == 3) {
            return generateHopping(board);
        }
        return generateMove(board);
    }

    public static ArrayList<String> generateAdd(String board) {
        ArrayList<String> L = new ArrayList<>();
        char[] bd = board.toCharArray();
        for (int location = 0; location < N; location++) {
            if (bd[location] == 'x') {
                char[] b = bd.clone();
                b[location] = 'W';
                if (closeMill(location, b)) {
                    generateRemove(b, L);
                } else {
                    L.add(new String(b));
                }
            }
        }
        return L;
    }

    public static ArrayList<String> generateHopping(String board) {
        ArrayList<String> L = new ArrayList<>();
        char[] bd = board.toCharArray();
        for (int alpha = 0; alpha < N; alpha++) {
            if (bd[alpha] == 'W') {
                for (int beta = 0; beta < N; beta++) {
                    if (bd[beta] == 'x') {
                        char[] b = bd.clone();
                        b[alpha] = 'x';
                        b[beta] = 'W';
                        if (closeMill(beta, b)) {
                            generateRemove(b, L);
                        } else {
                            L.add(new String(b));
                        }
                    }
                }
            }
        }
        return L;
    }

    public static ArrayList<String> generateMove(String board) {
        ArrayList<String> L = new ArrayList<>();
        char[] bd = board.toCharArray();
        for (int location = 0; location < N; location++) {
            if (bd[location] == 'W') {
                int[] n = neighbors(location);
                for (int j : n) {
                    if (bd[j] == 'x') {
                        char[] b = bd.clone();
                        b[location] = 'x';
                        b[j] = 'W';
                        if (closeMill(j, b)) {
                            generateRemove(b, L);
                        } else {
                            L.add(new String(b));
                        }
                    }
                }
            }
        }
        return L;
    }

    public static void generateRemove(char[] board, ArrayList<String> L) {
        int before = L.size();
        for (int location = 0; location < N; location++) {
            if (board[location] == 'B') {
                if (!closeMill(location, board)) {
                    char[] b = board.clone();
                    b[location] = 'x';
                    L.add(new String(b));
                }
            }
        }
        // all black pieces are in mills -> add the board without removing anything
        if (L.size() == before) {
            L.add(new String(board));
        }
    }

    // ---------------------------------------------------------------
    // black = swap colors, generate for white, swap back
    // ---------------------------------------------------------------

    public static String swapColors(String board) {
        char[] b = board.toCharArray();
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 'W') {
                b[i] = 'B';
            } else if (b[i] == 'B') {
                b[i] = 'W';
            }
        }
        return new String(b);
    }

    private static ArrayList<String> swapAll(ArrayList<String> L) {
        for (int i = 0; i < L.size(); i++) {
            L.set(i, swapColors(L.get(i)));
        }
        return L;
    }

    public static ArrayList<String> generateBlackMovesOpening(String board) {
        return swapAll(generateMovesOpening(swapColors(board)));
    }

    public static ArrayList<String> generateBlackMovesMidgameEndgame(String board) {
        return swapAll(generateMovesMidgameEndgame(swapColors(board)));
    }
}
