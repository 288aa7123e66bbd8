import com.esotericsoftware.kryo.Kryo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.TreeSet;

/**
 * Java side of CollectionSubclassPeerTests: a program's own collections and maps (a list, a map
 * and a set class that extend ArrayList, LinkedHashMap and HashSet without fields), which Kryo
 * writes with its CollectionSerializer and MapSerializer under their own classes, in fields that
 * declare them and in an Object field; an element shared, a null element, a null value.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class CollectionSubclassPeer {
    public static class Label {
        String name;
        int n;

        @Override
        public String toString() {
            return "Label(" + name + ", " + n + ")";
        }
    }

    public static class LabelList extends ArrayList<Label> {
    }

    public static class Settings extends LinkedHashMap<String, String> {
    }

    public static class Tags extends HashSet<String> {
    }

    public static class Shelf {
        String title;
        LabelList labels;
        Settings settings;
        Object any;
        Tags tags;

        @Override
        public String toString() {
            return "Shelf(" + title + ", " + labels + ", " + settings + ", " + any + " " + any.getClass().getName()
                + ", " + new TreeSet<>(tags) + " " + tags.getClass().getName() + ")";
        }
    }

    static Shelf shelf() {
        Label urgent = new Label();
        urgent.name = "urgent";
        urgent.n = 1;
        Label home = new Label();
        home.name = "home";
        home.n = 2;
        Shelf shelf = new Shelf();
        shelf.title = "shelf";
        shelf.labels = new LabelList();
        shelf.labels.add(urgent);
        shelf.labels.add(home);
        shelf.labels.add(urgent);
        shelf.labels.add(null);
        shelf.settings = new Settings();
        shelf.settings.put("theme", "dark");
        shelf.settings.put("font", null);
        LabelList other = new LabelList();
        other.add(home);
        shelf.any = other;
        shelf.tags = new Tags();
        shelf.tags.add("x");
        shelf.tags.add("y");
        return shelf;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Shelf.class, 40);
        kryo.register(LabelList.class, 41);
        kryo.register(Settings.class, 42);
        kryo.register(Label.class, 43);
        kryo.register(Tags.class, 44);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], CollectionSubclassPeer::newKryo, CollectionSubclassPeer::shelf);
    }
}
