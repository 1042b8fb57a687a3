import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * Test fixture: a Maven student who reads the command line with Apache Commons CLI, which
 * Maven fetched (the pom declares it; no jar handed in). Runs morris's own programs from
 * $MORRIS_CLASSROOM_BIN.
 */
public class Wrap {
    static void run(String name, String[] args) throws Exception {
        Options options = new Options();
        options.addOption(Option.builder("v").longOpt("verbose").desc("say more").build());
        CommandLine line = new DefaultParser().parse(options, args);
        String[] rest = line.getArgs();
        String[] command = new String[rest.length + 1];
        command[0] = System.getenv("MORRIS_CLASSROOM_BIN") + "/" + name;
        System.arraycopy(rest, 0, command, 1, rest.length);
        Process p = new ProcessBuilder(command).inheritIO().start();
        System.exit(p.waitFor());
    }
}
