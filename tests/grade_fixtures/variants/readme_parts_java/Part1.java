/** Part 1 of the project. */
public class Part1 {
    public static void main(String[] args) throws Exception {
        Phase.run(1, "MiniMax", "", args);
    }
}
