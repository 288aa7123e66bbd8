import com.esotericsoftware.kryo.Kryo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Java side of ListKeyPeerTests (Kryo 2.20, 4.0.3 and 5.6.2): a map whose keys are lists and a
 * set whose elements are lists (composite keys), which Java hashes by their contents and Swift
 * cannot hash at all. Each map and set has two entries that fall in the same bucket, so that
 * their order is the order of insertion on both sides.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class ListKeyPeer {
    public static class Keys {
        Map<List<String>, Integer> byPath;
        Set<List<Integer>> groups;

        @Override
        public String toString() {
            return "Keys(" + byPath + ", " + groups + ")";
        }
    }

    static Keys keys() {
        Keys keys = new Keys();
        keys.byPath = new HashMap<>();
        keys.byPath.put(new ArrayList<>(Arrays.asList("a", "b")), 1);
        keys.byPath.put(new ArrayList<>(Arrays.asList("c")), 2);
        keys.groups = new HashSet<>();
        keys.groups.add(new ArrayList<>(Arrays.asList(1, 2)));
        keys.groups.add(new ArrayList<>(Arrays.asList(3)));
        return keys;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(HashMap.class, 20);
        kryo.register(HashSet.class, 21);
        kryo.register(ArrayList.class, 22);
        kryo.register(Keys.class, 23);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], ListKeyPeer::newKryo, ListKeyPeer::keys);
    }
}
