import java.util.Arrays;

/** Every part's command line: the phase first ("opening" or "game"), then the board files and the depth. */
public class Phase {
    static void run(int part, String search, String suffix, String[] args) throws Exception {
        if (args.length != 4 || !(args[0].equals("opening") || args[0].equals("game"))) {
            System.err.println("usage: java -cp bin Part" + part + " opening|game <input> <output> <depth>");
            System.exit(1);
        }
        String phase = args[0].equals("opening") ? "Opening" : "Game";
        Wrap.run(search + phase + suffix, Arrays.copyOfRange(args, 1, 4));
    }
}
