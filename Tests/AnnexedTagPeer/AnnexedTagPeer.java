import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag;

import java.util.ArrayList;
import java.util.Arrays;

/**
 * Java side of AnnexedTagPeerTests (Kryo 4.0.3): a class written by TaggedFieldSerializer whose
 * annexed tags ({@code @Tag(value = n, annexed = true)}) are written in chunks of at most 1 024
 * bytes, then an empty chunk: a long string across two chunks, a list and an object of the
 * class itself, whose references and classes are written inside the chunks.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class AnnexedTagPeer {
    public static class Parcel {
        @Tag(1) long id;
        @Tag(value = 2, annexed = true) String label;
        @Tag(3) int pieces;
        @Tag(value = 4, annexed = true) ArrayList<String> notes;
        @Tag(value = 5, annexed = true) Parcel next;

        @Override
        public String toString() {
            return "Parcel(" + id + ", " + (label == null ? "null" : label.length() + ":" + label.hashCode()) + ", "
                + pieces + ", " + notes + ", " + next + ")";
        }
    }

    static Parcel parcel() {
        Parcel inner = new Parcel();
        inner.id = 2;
        inner.pieces = -1;
        Parcel parcel = new Parcel();
        parcel.id = 9_000_000_001L;
        StringBuilder label = new StringBuilder();
        for (int i = 0; i < 1500; i++) label.append((char) ('a' + i % 26));
        parcel.label = label.toString();
        parcel.pieces = 3;
        parcel.notes = new ArrayList<>(Arrays.asList("fragile", null, "é"));
        parcel.next = inner;
        return parcel;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Parcel.class, new TaggedFieldSerializer<>(kryo, Parcel.class), 20);
        kryo.register(ArrayList.class, 21);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], AnnexedTagPeer::newKryo, AnnexedTagPeer::parcel);
    }
}
