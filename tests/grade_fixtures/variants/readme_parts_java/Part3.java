/** Part 3 of the project. */
public class Part3 {
    public static void main(String[] args) throws Exception {
        Phase.run(3, "MiniMax", "Black", args);
    }
}
