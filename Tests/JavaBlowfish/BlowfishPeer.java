import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.BlowfishSerializer;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import com.esotericsoftware.kryo.serializers.FieldSerializer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Objects;

/**
 * The Java side of Swift's BlowfishPeerTests: Kryo's BlowfishSerializer, the same source in Kryo
 * 2.20, 4.0.3 and 5.6.2 (compiled against the jars of the release under test).
 *
 * Usage: java BlowfishPeer DIR. For each case it writes its bytes to DIR/java/NAME.bin, reads
 * Swift's from DIR/swift/NAME.bin and prints
 *   JAVA NAME HEX               the bytes Java wrote
 *   SELF NAME READS|DIFFERS x|THROWS x   what Java's reader makes of Java's bytes
 *   SWIFT NAME PASS|DIFFERS x|THROWS x|MISSING   what Java's reader makes of Swift's bytes
 *
 * BlowfishSerializer keeps its key in a static field (the last one constructed wins), so every
 * write and read builds its Kryo, and with it the serializer and key, right before it runs.
 */
public class BlowfishPeer {
    /** Swift: Inner (label, value), registered as 10. */
    public static class Simple {
        public String label;
        public int value;

        public Simple() {}

        Simple(String label, int value) {
            this.label = label;
            this.value = value;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Simple && Objects.equals(label, ((Simple) other).label)
                && value == ((Simple) other).value;
        }

        @Override
        public int hashCode() {
            return Objects.hash(label, value);
        }

        @Override
        public String toString() {
            return "Simple(" + label + ", " + value + ")";
        }
    }

    static final byte[] KEY = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    static final byte[] SHORT_KEY = "abc".getBytes(StandardCharsets.US_ASCII);
    static final byte[] LONG_KEY = new byte[56];
    static {
        for (int i = 0; i < LONG_KEY.length; i++) LONG_KEY[i] = (byte) (i * 37 + 11);
    }

    static final String TEXT = "Blowfish: h\u00e9llo \u2713";
    static final String LONG_TEXT;
    static {
        StringBuilder builder = new StringBuilder();
        for (int i = 0; i < 30; i++) builder.append("abcdefghi\u00e9");
        LONG_TEXT = builder.toString();
    }

    /** What a case wraps in BlowfishSerializer: String (id 1, kept) or Simple (id 10). */
    enum Wrapped { STRING, SIMPLE }

    static final class Case {
        final String name;
        final Wrapped wrapped;
        final byte[] key;
        final boolean references;
        final Object value;

        Case(String name, Wrapped wrapped, byte[] key, boolean references, Object value) {
            this.name = name;
            this.wrapped = wrapped;
            this.key = key;
            this.references = references;
            this.value = value;
        }
    }

    static final Case[] CASES = {
        new Case("string_norefs", Wrapped.STRING, KEY, false, TEXT),
        new Case("string_refs", Wrapped.STRING, KEY, true, TEXT),
        new Case("string_empty_norefs", Wrapped.STRING, KEY, false, ""),
        new Case("simple_norefs", Wrapped.SIMPLE, KEY, false, new Simple("hi", 5)),
        new Case("simple_refs", Wrapped.SIMPLE, KEY, true, new Simple("hi", 5)),
        new Case("simple_null_norefs", Wrapped.SIMPLE, KEY, false, new Simple(null, 0)),
        new Case("simple_long_norefs", Wrapped.SIMPLE, KEY, false, new Simple(LONG_TEXT, -7)),
        new Case("simple_long_refs", Wrapped.SIMPLE, KEY, true, new Simple(LONG_TEXT, -7)),
        new Case("simple_shortkey_norefs", Wrapped.SIMPLE, SHORT_KEY, false, new Simple("hi", 5)),
        new Case("simple_longkey_norefs", Wrapped.SIMPLE, LONG_KEY, false, new Simple("hi", 5)),
    };

    static Kryo kryo(Case c) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(c.references);
        if (c.wrapped == Wrapped.STRING) {
            kryo.register(String.class, new BlowfishSerializer(new DefaultSerializers.StringSerializer(), c.key), 1);
        } else {
            kryo.register(Simple.class, new BlowfishSerializer(new FieldSerializer<>(kryo, Simple.class), c.key), 10);
        }
        return kryo;
    }

    static byte[] write(Case c) {
        Output output = new Output(1024, -1);
        kryo(c).writeClassAndObject(output, c.value);
        return output.toBytes();
    }

    static String read(Case c, byte[] bytes) {
        try {
            Object back = kryo(c).readClassAndObject(new Input(bytes));
            return Objects.equals(back, c.value) ? "READS" : "DIFFERS " + back;
        } catch (Throwable error) {
            return "THROWS " + String.valueOf(error).replace('\n', ' ');
        }
    }

    static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) text.append(String.format("%02x", b & 0xff));
        return text.toString();
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir.resolve("java"));
        for (Case c : CASES) {
            byte[] bytes = write(c);
            Files.write(dir.resolve("java").resolve(c.name + ".bin"), bytes);
            System.out.println("JAVA " + c.name + " " + hex(bytes));
            System.out.println("SELF " + c.name + " " + read(c, bytes));
            Path swift = dir.resolve("swift").resolve(c.name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("SWIFT " + c.name + " MISSING");
                continue;
            }
            String verdict = read(c, Files.readAllBytes(swift));
            System.out.println("SWIFT " + c.name + " " + (verdict.equals("READS") ? "PASS" : verdict));
        }
    }
}
