import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Java side of HiddenFieldPeerTests: a subclass that declares a field with the name of one of its
 * superclass's (Java keeps both; Kryo's FieldSerializer writes both, in name order, the
 * subclass's first).
 *
 * <pre>
 *   java HiddenFieldPeer DIR
 *        for each case refs, norefs: write DIR/java/CASE.bin (writeClassAndObject of a Holder);
 *        then read DIR/swift/CASE.bin and print PASS / FAIL / MISSING CASE
 * </pre>
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
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir.resolve("java"));
        for (boolean refs : new boolean[] {true, false}) {
            String name = refs ? "refs" : "norefs";
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                newKryo(refs).writeClassAndObject(output, holder());
            }
            String expected = holder().toString();
            Path swift = dir.resolve("swift/" + name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + name);
                continue;
            }
            try (Input input = new Input(Files.readAllBytes(swift))) {
                String actual = String.valueOf(newKryo(refs).readClassAndObject(input));
                System.out.println(expected.equals(actual) ? "PASS " + name
                    : "FAIL " + name + ": expected " + expected + " but read " + actual);
            } catch (Throwable error) {
                System.out.println("FAIL " + name + ": " + error);
            }
        }
        System.out.println("DONE");
    }
}
