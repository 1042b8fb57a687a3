/** ABGame, written with JDK 21 (a switch on patterns). Test fixture: then runs morris's own. */
public class ABGame {
    static String checked(Object depth) {
        return switch (depth) {
            case String s -> s;
            default -> throw new IllegalArgumentException("no depth");
        };
    }

    public static void main(String[] args) throws Exception {
        checked(args.length == 3 ? args[2] : "");
        Wrap.run("ABGame", args);
    }
}
