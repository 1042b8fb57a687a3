// Part II: ALPHA-BETA. Compile everything with `javac *.java`, then run e.g.
//   java ABOpening board1.txt board2.txt 3
// Both programs of the part are in this file (non-public classes, each with its main).

class ABOpening {
    public static void main(String[] args) throws Exception {
        Wrap.run("ABOpening", args);
    }
}

class ABGame {
    public static void main(String[] args) throws Exception {
        Wrap.run("ABGame", args);
    }
}
