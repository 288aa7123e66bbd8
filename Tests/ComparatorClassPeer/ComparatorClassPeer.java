import com.esotericsoftware.kryo.Kryo;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Java side of ComparatorClassPeerTests (Kryo 4.0.3 and 5.6.2): a TreeMap and a TreeSet sorted by
 * comparator classes of the program's own, whose order Swift does not know, with values of
 * wrapper classes other than Long (Integer, Short). toString names each value's class, so that a
 * Long read where the program put an Integer fails the comparison.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class ComparatorClassPeer {
    public static class ByLength implements Comparator<String> {
        public int compare(String a, String b) {
            return a.length() != b.length() ? a.length() - b.length() : a.compareTo(b);
        }
    }

    public static class Descending implements Comparator<Short> {
        public int compare(Short a, Short b) {
            return b.compareTo(a);
        }
    }

    public static class Board {
        TreeMap<String, Integer> scores;
        TreeSet<Short> codes;

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder("Board(");
            for (Map.Entry<String, Integer> entry : scores.entrySet()) {
                Object value = entry.getValue();
                text.append(entry.getKey()).append('=').append(value.getClass().getSimpleName()).append(' ')
                    .append(value).append(", ");
            }
            for (Object code : codes) text.append(code.getClass().getSimpleName()).append(' ').append(code).append(", ");
            return text.append(scores.comparator().getClass().getSimpleName()).append(' ')
                .append(codes.comparator().getClass().getSimpleName()).append(')').toString();
        }
    }

    static Board board() {
        Board board = new Board();
        board.scores = new TreeMap<>(new ByLength());
        board.scores.put("ccc", 3);
        board.scores.put("a", 1);
        board.scores.put("bb", 2);
        board.codes = new TreeSet<>(new Descending());
        board.codes.add((short) 10);
        board.codes.add((short) 30);
        board.codes.add((short) 20);
        return board;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(TreeMap.class, 20);
        kryo.register(TreeSet.class, 21);
        kryo.register(ByLength.class, 22);
        kryo.register(Descending.class, 23);
        kryo.register(Board.class, 24);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], ComparatorClassPeer::newKryo, ComparatorClassPeer::board);
    }
}
