import com.boardworks.boardkit.BoardPrinter;

public class ABGame {
    public static void main(String[] args) throws Exception {
        BoardPrinter.banner("ABGame");
        Wrap.run("ABGame", args);
    }
}
