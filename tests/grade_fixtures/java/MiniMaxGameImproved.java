public class MiniMaxGameImproved {
    public static void main(String[] args) throws Exception {
        Wrap.run("MiniMaxGameImproved", args);
    }
}
