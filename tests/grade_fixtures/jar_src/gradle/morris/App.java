package morris;

import java.util.Locale;

/** The one entry point of the Gradle build: the program's name first, then its three arguments. */
public final class App {
    private static final String[] PROGRAMS = {
        "MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame",
        "MiniMaxOpeningBlack", "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved",
    };

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: java -jar app.jar PROGRAM INPUT OUTPUT DEPTH");
            System.err.println("programs: " + String.join(", ", PROGRAMS));
            System.exit(1);
        }
        for (String p : PROGRAMS) {
            if (p.toLowerCase(Locale.ROOT).equals(args[0].toLowerCase(Locale.ROOT))) {
                String[] command = new String[args.length];
                command[0] = System.getenv("MORRIS_CLASSROOM_BIN") + "/" + p;
                System.arraycopy(args, 1, command, 1, args.length - 1);
                System.exit(new ProcessBuilder(command).inheritIO().start().waitFor());
            }
        }
        System.err.println("Unknown program \"" + args[0] + "\".");
        System.exit(2);
    }
}
