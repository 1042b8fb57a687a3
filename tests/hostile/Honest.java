/** An honest engine in Java: runs the engine it wraps (its arguments) on its own standard input and output. */
public class Honest {
    public static void main(String[] args) throws Exception {
        Process p = new ProcessBuilder(args).inheritIO().start();
        System.exit(p.waitFor());
    }
}
