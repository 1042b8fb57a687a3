/** Part 4 of the project. */
public class Part4 {
    public static void main(String[] args) throws Exception {
        Phase.run(4, "MiniMax", "Improved", args);
    }
}
