import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Java side of ReverseOrderPeerTests (Kryo 4.0.3 and 5.6.2): a TreeMap and a TreeSet sorted by
 * Collections.reverseOrder() in typed fields, and a TreeMap in reverse order in an Object field.
 * Kryo 4 and 5 write the comparator (the class Collections$ReverseComparator, registered with a
 * serializer that writes nothing and reads Collections.reverseOrder(), as Java 17 allows no
 * reflective instantiation of it); values compare by toString, which shows the order.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class ReverseOrderPeer {
    public static class Board {
        TreeMap<String, Integer> scores;
        TreeSet<String> names;
        Object any;

        @Override
        public String toString() {
            return "Board(" + scores + ", " + names + ", " + any + ")";
        }
    }

    static Board board() {
        Board board = new Board();
        board.scores = new TreeMap<>(Collections.reverseOrder());
        board.scores.put("a", 1);
        board.scores.put("c", 3);
        board.scores.put("b", 2);
        board.names = new TreeSet<>(Collections.reverseOrder());
        board.names.add("x");
        board.names.add("z");
        board.names.add("y");
        TreeMap<String, String> any = new TreeMap<>(Collections.reverseOrder());
        any.put("p", "pear");
        any.put("q", "quince");
        board.any = any;
        return board;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(TreeMap.class, 20);
        kryo.register(TreeSet.class, 21);
        kryo.register(Collections.reverseOrder().getClass(), new Serializer() {
            public void write(Kryo k, Output output, Object object) { }
            public Object read(Kryo k, Input input, Class type) { return Collections.reverseOrder(); }
        }, 22);
        kryo.register(Board.class, 23);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], ReverseOrderPeer::newKryo, ReverseOrderPeer::board);
    }
}
