import com.esotericsoftware.kryo.Kryo;

/**
 * Java side of TransientPeerTests (Kryo 4.0.3): a program that serializes transient fields
 * ({@code getFieldSerializerConfig().setSerializeTransient(true)}), which Kryo 4's FieldSerializer
 * writes after all the other fields, each group in name order.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class TransientPeer {
    public static class Page {
        String title;
        transient String html;
        int words;
        transient int cached;

        @Override
        public String toString() {
            return "Page(" + title + ", " + html + ", " + words + ", " + cached + ")";
        }
    }

    static Page page() {
        Page page = new Page();
        page.title = "Plan";
        page.html = "<p>Plan</p>";
        page.words = 1;
        page.cached = 7;
        return page;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.getFieldSerializerConfig().setSerializeTransient(true);
        kryo.register(Page.class, 20);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], TransientPeer::newKryo, TransientPeer::page);
    }
}
