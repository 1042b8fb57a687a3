public class MiniMaxGameBlack {
    public static void main(String[] args) throws Exception {
        Wrap.run("MiniMaxGameBlack", args);
    }
}
