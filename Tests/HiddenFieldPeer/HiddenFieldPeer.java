import com.esotericsoftware.kryo.Kryo;


/**
 * Java side of HiddenFieldPeerTests: a subclass that declares a field with the name of one of its
 * superclass's (Java keeps both; Kryo's FieldSerializer writes both, in name order, the
 * subclass's first).
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class HiddenFieldPeer {
    public static class Base {
        String name;
        int v;
        String zone;
    }

    public static class Sub extends Base {
        String name;
        long zone;
    }

    public static class Holder {
        Base first;
        Sub second;

        @Override
        public String toString() {
            return "Holder(" + describe(first) + ", " + describe(second) + ")";
        }
    }

    static String describe(Base base) {
        if (base == null) return "null";
        String own = base instanceof Sub ? "Sub(" + ((Sub) base).name + ", " + ((Sub) base).zone + ", " : "Base(";
        return own + base.name + ", " + base.v + ", " + base.zone + ")";
    }

    static Holder holder() {
        Holder holder = new Holder();
        Sub sub = new Sub();
        sub.name = "sub";
        sub.zone = -5;
        ((Base) sub).name = "base";
        sub.v = 3;
        ((Base) sub).zone = "UTC";
        holder.first = sub;
        Sub second = new Sub();
        second.name = "two";
        holder.second = second;
        return holder;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Holder.class, 20);
        kryo.register(Base.class, 21);
        kryo.register(Sub.class, 22);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], HiddenFieldPeer::newKryo, HiddenFieldPeer::holder);
    }
}
