package edu.utd.project2;

/** ABGame, as IntelliJ's artifact jar holds it. */
public class ABGame {
    public static void main(String[] args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = System.getenv("MORRIS_CLASSROOM_BIN") + "/ABGame";
        System.arraycopy(args, 0, command, 1, args.length);
        System.exit(new ProcessBuilder(command).inheritIO().start().waitFor());
    }
}
