/** Part 2 of the project. */
public class Part2 {
    public static void main(String[] args) throws Exception {
        Phase.run(2, "AB", "", args);
    }
}
