import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.CollectionSerializer.BindCollection;
import com.esotericsoftware.kryo.serializers.MapSerializer.BindMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Java side of BindCollectionPeerTests (Kryo 5.6.2): collection fields annotated
 * {@code @BindCollection(elementsCanBeNull = false)}, whose serializer writes no null flag and
 * no null marker before an element of a known class.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class BindCollectionPeer {
    public static class Carrier {
        String code;
        String name;

        @Override
        public String toString() {
            return "Carrier(" + code + ", " + name + ")";
        }
    }

    public static final class Code {
        String v;

        @Override
        public String toString() {
            return "Code(" + v + ")";
        }
    }

    public static class Holder {
        @BindCollection(elementClass = Carrier.class, elementsCanBeNull = false) List<Carrier> cs;
        @BindCollection(elementsCanBeNull = false) List<String> codes;
        @BindCollection(elementsCanBeNull = false) ArrayList<Code> finals;
        @BindMap(keyClass = Long.class, valueClass = Carrier.class, keysCanBeNull = false, valuesCanBeNull = false)
        Map<Long, Carrier> byId;
        @BindMap(valuesCanBeNull = false) HashMap<String, Code> byName;

        @Override
        public String toString() {
            return "Holder(" + cs + ", " + codes + ", " + finals + ", " + new TreeMap<>(byId) + ", "
                + new TreeMap<>(byName) + ")";
        }
    }

    static Holder holder() {
        Holder holder = new Holder();
        Carrier swiss = new Carrier();
        swiss.code = "SWP";
        swiss.name = "Swiss Post";
        Carrier dhl = new Carrier();
        dhl.code = "DHL";
        holder.cs = new ArrayList<>(Arrays.asList(swiss, dhl));
        holder.codes = new ArrayList<>(Arrays.asList("A", "B"));
        Code x = new Code();
        x.v = "x";
        Code y = new Code();
        y.v = "y";
        holder.finals = new ArrayList<>(Arrays.asList(x, y));
        holder.byId = new HashMap<>();
        holder.byId.put(7L, swiss);
        holder.byName = new HashMap<>();
        holder.byName.put("first", x);
        return holder;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Holder.class, 20);
        kryo.register(Carrier.class, 21);
        kryo.register(Code.class, 22);
        kryo.register(ArrayList.class, 23);
        kryo.register(HashMap.class, 24);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], BindCollectionPeer::newKryo, BindCollectionPeer::holder);
    }
}
