public class MiniMaxOpeningBlack {
    public static void main(String[] args) throws Exception {
        Wrap.run("MiniMaxOpeningBlack", args);
    }
}
