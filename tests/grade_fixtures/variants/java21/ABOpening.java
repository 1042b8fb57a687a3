import com.google.common.base.Stopwatch;
import java.util.ArrayList;
import java.util.List;

/**
 * ABOpening, written with JDK 21 (List.getFirst(), the sequenced collections) in a Maven
 * project that brought in Guava (not in the zip). Test fixture: then runs morris's own.
 */
public class ABOpening {
    public static void main(String[] args) throws Exception {
        Stopwatch watch = Stopwatch.createStarted();
        List<String> files = new ArrayList<>(List.of(args));
        if (files.isEmpty() || files.getFirst().isEmpty()) {
            System.out.println("usage: ABOpening <input> <output> <depth>");
            return;
        }
        Wrap.run("ABOpening", args);
    }
}
