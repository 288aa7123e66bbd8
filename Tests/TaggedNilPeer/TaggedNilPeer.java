import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag;

import java.util.ArrayList;
import java.util.Arrays;

/**
 * Java side of TaggedNilPeerTests: a final class written by TaggedFieldSerializer in fields and
 * list elements that declare it, with nulls. Kryo 5's TaggedFieldSerializer writes null itself
 * (a field count + 1 of 0), so no null marker comes before it when references are off; Kryo 2.20
 * and 4.0.3 write the marker.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class TaggedNilPeer {
    public static final class Item {
        @Tag(1) public String cpt;
        @Tag(2) public int qty;

        public Item() {
        }

        Item(String cpt, int qty) {
            this.cpt = cpt;
            this.qty = qty;
        }

        @Override
        public String toString() {
            return "Item(" + cpt + ", " + qty + ")";
        }
    }

    /** Fields not public: Kryo 2.20 reaches public fields through ReflectASM, which drops the
     * list's generic argument (its elements then carry their class). */
    public static class Holder {
        Item item;
        Item missing;
        ArrayList<Item> items;

        @Override
        public String toString() {
            return "Holder(" + item + ", " + missing + ", " + items + ")";
        }
    }

    static Holder holder() {
        Holder holder = new Holder();
        holder.item = new Item("99213", 2);
        holder.items = new ArrayList<>(Arrays.asList(new Item("99214", 1), null, new Item(null, -1)));
        return holder;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Holder.class, 20);
        kryo.register(Item.class, new TaggedFieldSerializer<>(kryo, Item.class), 21);
        kryo.register(ArrayList.class, 22);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], TaggedNilPeer::newKryo, TaggedNilPeer::holder);
    }
}
