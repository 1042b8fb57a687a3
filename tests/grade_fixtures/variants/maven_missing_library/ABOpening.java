import com.boardworks.boardkit.BoardPrinter;

public class ABOpening {
    public static void main(String[] args) throws Exception {
        BoardPrinter.banner("ABOpening");
        Wrap.run("ABOpening", args);
    }
}
