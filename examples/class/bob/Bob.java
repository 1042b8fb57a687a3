// bob: a small Nine Men's Morris engine in Java, of the kind a student writes for the
// tournament (protocol.md). Run from source (Java 11 or newer compiles it in memory):
//   java Bob.java -side white -t 1 -o "D2 F4"
// It takes its own flags (the roster fills them in: -side {color} -t {movetime}
// -o '{opening}'), reads the opponent's moves on stdin and answers with its own: a move
// that closes a mill when there is one, else the one that leaves the opponent fewest
// replies (ties to the first in point order).

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Bob {
    static final String[] LINES = {
        "A7 D7 G7", "B6 D6 F6", "C5 D5 E5", "A4 B4 C4", "E4 F4 G4", "C3 D3 E3", "B2 D2 F2", "A1 D1 G1",
        "A7 A4 A1", "B6 B4 B2", "C5 C4 C3", "D7 D6 D5", "D3 D2 D1", "E5 E4 E3", "F6 F4 F2", "G7 G4 G1",
    };
    static final List<String> POINTS = new ArrayList<>();
    static int[][] lines;
    static boolean[][] adjacent;

    static {
        for (String line : LINES) for (String p : line.split(" ")) if (!POINTS.contains(p)) POINTS.add(p);
        POINTS.sort(null);
        lines = new int[LINES.length][3];
        adjacent = new boolean[24][24];
        for (int i = 0; i < LINES.length; i++) {
            String[] w = LINES[i].split(" ");
            for (int j = 0; j < 3; j++) lines[i][j] = POINTS.indexOf(w[j]);
            adjacent[lines[i][0]][lines[i][1]] = adjacent[lines[i][1]][lines[i][0]] = true;
            adjacent[lines[i][1]][lines[i][2]] = adjacent[lines[i][2]][lines[i][1]] = true;
        }
    }

    /** A move: from (-1 to place), to, and the stone removed (-1 for none). */
    record Move(int from, int to, int remove) {
        public String toString() {
            return (from >= 0 ? POINTS.get(from) + "-" : "") + POINTS.get(to) + (remove >= 0 ? "," + POINTS.get(remove) : "");
        }
    }

    static class Game {
        int[] board = new int[24]; // 0 empty, 1 white, 2 black
        int[] hand = {0, 9, 9};
        int turn = 1;

        Game copy() {
            Game g = new Game();
            g.board = board.clone();
            g.hand = hand.clone();
            g.turn = turn;
            return g;
        }

        int count(int side) {
            int n = 0;
            for (int v : board) if (v == side) n++;
            return n;
        }

        boolean inMill(int point, int side) {
            for (int[] l : lines)
                if ((l[0] == point || l[1] == point || l[2] == point) && board[l[0]] == side && board[l[1]] == side && board[l[2]] == side)
                    return true;
            return false;
        }

        List<Integer> removable(int side) {
            List<Integer> free = new ArrayList<>(), all = new ArrayList<>();
            for (int p = 0; p < 24; p++) {
                if (board[p] != side) continue;
                all.add(p);
                if (!inMill(p, side)) free.add(p);
            }
            return free.isEmpty() ? all : free;
        }

        List<Move> moves() {
            int side = turn, other = 3 - turn;
            List<Move> result = new ArrayList<>();
            boolean flying = hand[side] == 0 && count(side) == 3;
            for (int from = -1; from < 24; from++) {
                if (hand[side] > 0 ? from >= 0 : from < 0 || board[from] != side) continue;
                for (int to = 0; to < 24; to++) {
                    if (board[to] != 0 || (from >= 0 && !flying && !adjacent[from][to])) continue;
                    if (from >= 0) board[from] = 0;
                    board[to] = side;
                    boolean mill = inMill(to, side);
                    List<Integer> targets = mill ? removable(other) : List.of();
                    board[to] = 0;
                    if (from >= 0) board[from] = side;
                    if (targets.isEmpty()) result.add(new Move(from, to, -1));
                    for (int r : targets) result.add(new Move(from, to, r));
                }
            }
            return result;
        }

        void play(Move m) {
            if (m.from() >= 0) board[m.from()] = 0;
            else hand[turn]--;
            board[m.to()] = turn;
            if (m.remove() >= 0) board[m.remove()] = 0;
            turn = 3 - turn;
        }

        boolean over() {
            return count(turn) + hand[turn] < 3 || moves().isEmpty();
        }
    }

    static Move parse(String text, Game g) {
        for (Move m : g.moves()) if (m.toString().equals(text.trim().toUpperCase())) return m;
        return null;
    }

    static Move choose(Game g) {
        List<Move> moves = g.moves();
        Move best = null;
        int fewest = Integer.MAX_VALUE;
        for (Move m : moves) {
            if (m.remove() >= 0) return m;
            Game after = g.copy();
            after.play(m);
            int replies = after.moves().size();
            if (replies < fewest) {
                fewest = replies;
                best = m;
            }
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        int me = 1;
        String opening = "";
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("-side")) me = args[i + 1].equals("black") ? 2 : 1;
            if (args[i].equals("-o")) opening = args[i + 1];
        }
        Game game = new Game();
        for (String word : opening.trim().split("\\s+")) {
            if (word.isEmpty()) continue;
            Move m = parse(word, game);
            if (m == null) {
                System.err.println("bad opening move " + word);
                System.exit(1);
            }
            game.play(m);
        }
        reply(game, me);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            line = line.trim();
            if (line.isEmpty() || Character.isLowerCase(line.charAt(0))) {
                if (line.equals("quit")) return;
                if (line.equals("isready")) System.out.println("readyok");
                System.out.flush();
                continue;
            }
            Move m = game.over() ? null : parse(line, game);
            if (m == null) {
                System.out.println("illegal " + line + ": not a legal move here");
                System.out.flush();
                continue;
            }
            game.play(m);
            reply(game, me);
        }
    }

    static void reply(Game game, int me) {
        if (game.turn != me || game.over()) return;
        Move m = choose(game);
        game.play(m);
        System.out.println(m);
        System.out.flush();
    }
}
