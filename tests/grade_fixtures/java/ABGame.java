public class ABGame {
    public static void main(String[] args) throws Exception {
        Wrap.run("ABGame", args);
    }
}
