import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * Java side of KryoOwnJDKSerializerPeerTests: Kryo 5.6.2's serializers of JDK classes that are
 * not among its defaults, registered by the program (PatternSerializer, AtomicBooleanSerializer,
 * AtomicIntegerSerializer, AtomicLongSerializer, AtomicReferenceSerializer).
 *
 * <pre>
 *   java OwnSerializersPeer DIR
 *        for each case refs, norefs: write DIR/java/CASE.bin (writeClassAndObject of a Holder);
 *        then read DIR/swift/CASE.bin and print PASS / FAIL / MISSING CASE
 * </pre>
 */
public final class OwnSerializersPeer {
    public static class Holder {
        public Pattern pattern;
        public AtomicLong counter;
        public AtomicInteger hits;
        public AtomicBoolean open;
        public AtomicReference<Object> last;
        public Object any;
        public List<Object> list;
    }

    /** The list holds the counter and the pattern again: the same objects when references are
     * on, equal ones when they are off (each place then reads its own). */
    static Holder holder(boolean refs) {
        Holder holder = new Holder();
        holder.pattern = Pattern.compile("[a-z]+\\d*", Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);
        holder.counter = new AtomicLong(-1L << 40);
        holder.hits = new AtomicInteger(300);
        holder.open = new AtomicBoolean(true);
        holder.last = new AtomicReference<>("done");
        holder.any = Pattern.compile("x");
        holder.list = new ArrayList<>(Arrays.asList(refs ? holder.counter : new AtomicLong(-1L << 40),
            new AtomicReference<>(null), new AtomicReference<>(new AtomicInteger(-7)),
            refs ? holder.pattern : Pattern.compile(holder.pattern.pattern(), holder.pattern.flags())));
        return holder;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(Holder.class, 30);
        kryo.register(Pattern.class, new DefaultSerializers.PatternSerializer(), 31);
        kryo.register(AtomicLong.class, new DefaultSerializers.AtomicLongSerializer(), 32);
        kryo.register(AtomicInteger.class, new DefaultSerializers.AtomicIntegerSerializer(), 33);
        kryo.register(AtomicBoolean.class, new DefaultSerializers.AtomicBooleanSerializer(), 34);
        kryo.register(AtomicReference.class, new DefaultSerializers.AtomicReferenceSerializer(), 35);
        kryo.register(ArrayList.class, 36);
        return kryo;
    }

    /** The value, with each object shared by its first place (`#n`). */
    static String describe(Object value, IdentityHashMap<Object, Integer> seen) {
        if (value == null) return "null";
        if (value instanceof String || value instanceof Integer) return value.toString();
        Integer first = seen.get(value);
        if (first != null) return "#" + first;
        seen.put(value, seen.size());
        if (value instanceof Pattern) return "Pattern(" + ((Pattern) value).pattern() + ", " + ((Pattern) value).flags() + ")";
        if (value instanceof AtomicLong) return "AtomicLong(" + ((AtomicLong) value).get() + ")";
        if (value instanceof AtomicInteger) return "AtomicInteger(" + ((AtomicInteger) value).get() + ")";
        if (value instanceof AtomicBoolean) return "AtomicBoolean(" + ((AtomicBoolean) value).get() + ")";
        if (value instanceof AtomicReference) return "AtomicReference(" + describe(((AtomicReference<?>) value).get(), seen) + ")";
        if (value instanceof List) {
            StringBuilder text = new StringBuilder("[");
            for (Object element : (List<?>) value) text.append(describe(element, seen)).append(", ");
            return text.append("]").toString();
        }
        Holder holder = (Holder) value;
        return "Holder(" + describe(holder.any, seen) + ", " + describe(holder.counter, seen) + ", "
            + describe(holder.hits, seen) + ", " + describe(holder.last, seen) + ", " + describe(holder.list, seen)
            + ", " + describe(holder.open, seen) + ", " + describe(holder.pattern, seen) + ")";
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir.resolve("java"));
        for (boolean refs : new boolean[] {true, false}) {
            String name = refs ? "refs" : "norefs";
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                newKryo(refs).writeClassAndObject(output, holder(refs));
            }
            String expected = describe(holder(refs), new IdentityHashMap<>());
            Path swift = dir.resolve("swift/" + name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + name);
                continue;
            }
            try (Input input = new Input(Files.readAllBytes(swift))) {
                String actual = describe(newKryo(refs).readClassAndObject(input), new IdentityHashMap<>());
                System.out.println(expected.equals(actual) ? "PASS " + name
                    : "FAIL " + name + ": expected " + expected + " but read " + actual);
            } catch (Throwable error) {
                System.out.println("FAIL " + name + ": " + error);
            }
        }
        System.out.println("DONE");
    }
}
