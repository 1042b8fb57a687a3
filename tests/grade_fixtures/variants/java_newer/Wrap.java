import java.util.ArrayList;
import java.util.List;

/**
 * Test fixture: a student on JDK 21 who writes in its idioms (a record pattern in a
 * switch, List.getFirst()), which javac 17 refuses. The programs run morris's own from
 * $MORRIS_CLASSROOM_BIN.
 */
public class Wrap {
    sealed interface Call permits Program {}

    record Program(String name, List<String> args) implements Call {}

    static List<String> command(Call call) {
        return switch (call) {
            case Program(String name, List<String> args) -> {
                List<String> c = new ArrayList<>(args);
                c.addFirst(System.getenv("MORRIS_CLASSROOM_BIN") + "/" + name);
                yield c;
            }
        };
    }

    static void run(String name, String[] args) throws Exception {
        List<String> command = command(new Program(name, List.of(args)));
        if (command.getFirst().isEmpty()) {
            throw new IllegalStateException("no program");
        }
        Process p = new ProcessBuilder(command).inheritIO().start();
        System.exit(p.waitFor());
    }
}
