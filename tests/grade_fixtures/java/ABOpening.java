public class ABOpening {
    public static void main(String[] args) throws Exception {
        Wrap.run("ABOpening", args);
    }
}
