/** Test fixture: a "student" in Java whose programs run morris's own from $MORRIS_CLASSROOM_BIN. */
public class Wrap {
    static void run(String name, String[] args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = System.getenv("MORRIS_CLASSROOM_BIN") + "/" + name;
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command).inheritIO().start();
        System.exit(p.waitFor());
    }
}
