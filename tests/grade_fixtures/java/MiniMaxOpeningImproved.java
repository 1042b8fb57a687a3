public class MiniMaxOpeningImproved {
    public static void main(String[] args) throws Exception {
        Wrap.run("MiniMaxOpeningImproved", args);
    }
}
