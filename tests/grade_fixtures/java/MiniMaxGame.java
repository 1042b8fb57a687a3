public class MiniMaxGame {
    public static void main(String[] args) throws Exception {
        Wrap.run("MiniMaxGame", args);
    }
}
