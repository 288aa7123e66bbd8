import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.FieldSerializer;

import java.util.ArrayList;
import java.util.Arrays;

/**
 * Java side of BoundElementPeerTests (Kryo 2.20 and 4.0.3): a list field whose serializer is
 * bound to the elements' class, a class that is not final ({@code setElementClass}), with
 * {@code setElementsCanBeNull(false)}, and the field's class fixed ({@code setClass}): no class
 * for the list, none for its elements, no null markers before them.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class BoundElementPeer {
    public static class Label {
        String name;
        int rank;

        @Override
        public String toString() {
            return "Label(" + name + ", " + rank + ")";
        }
    }

    public static class Note {
        String title;
        ArrayList<Label> labels;

        @Override
        public String toString() {
            return "Note(" + title + ", " + labels + ")";
        }
    }

    static Note note() {
        Label home = new Label();
        home.name = "home";
        home.rank = 2;
        Label urgent = new Label();
        urgent.name = "urgent";
        urgent.rank = 1;
        Note note = new Note();
        note.title = "plan";
        note.labels = new ArrayList<>(Arrays.asList(home, urgent, home));
        return note;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Label.class, 21);
        kryo.register(ArrayList.class, 22);
        FieldSerializer fields = new FieldSerializer(kryo, Note.class);
        CollectionSerializer labels = new CollectionSerializer();
        labels.setElementClass(Label.class, kryo.getSerializer(Label.class));
        labels.setElementsCanBeNull(false);
        fields.getField("labels").setClass(ArrayList.class, labels);
        kryo.register(Note.class, fields, 20);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], BoundElementPeer::newKryo, BoundElementPeer::note);
    }
}
