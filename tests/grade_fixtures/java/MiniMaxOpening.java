public class MiniMaxOpening {
    public static void main(String[] args) throws Exception {
        Wrap.run("MiniMaxOpening", args);
    }
}
