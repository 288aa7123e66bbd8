import com.esotericsoftware.kryo.Kryo;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Java side of CharsetFieldPeerTests (Kryo 4.0.3 and 5.6.2): fields declared as the abstract
 * class java.nio.charset.Charset, holding the JDK's charsets (of its sun.nio.cs classes) and
 * null. toString names each charset's class.
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class CharsetFieldPeer {
    public static class Holder {
        Charset encoding;
        Charset fallback;
        Charset none;

        @Override
        public String toString() {
            return "Holder(" + encoding + " " + encoding.getClass().getName() + ", " + fallback + " "
                + fallback.getClass().getName() + ", " + none + ")";
        }
    }

    static Holder holder() {
        Holder holder = new Holder();
        holder.encoding = StandardCharsets.UTF_8;
        holder.fallback = StandardCharsets.ISO_8859_1;
        return holder;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(StandardCharsets.UTF_8.getClass(), 20);
        kryo.register(StandardCharsets.ISO_8859_1.getClass(), 21);
        kryo.register(Holder.class, 22);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], CharsetFieldPeer::newKryo, CharsetFieldPeer::holder);
    }
}
