import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.FieldSerializer;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;

/**
 * Java side of FieldConfigPeerTests: the field serializer's configuration that changes the
 * bytes of every field, setFieldsCanBeNull(false) ("notnull": no null marker before a field
 * of a final class) and setFixedFieldTypes(true) ("fixed": no class before any field's value),
 * and both ("both"), set on each class's FieldSerializer as Kryo 2.20's, 4.0.3's and 5.6.2's
 * API allows (reflection, so that one source compiles against the three). References off,
 * Item registered as 20, Part as 21, ArrayList as 22.
 *
 * <pre>
 *   java FieldConfigPeer DIR
 *        for each case, write DIR/java/CASE.bin (writeClassAndObject), then read
 *        DIR/swift/CASE.bin and print PASS, FAIL or MISSING CASE
 * </pre>
 */
public final class FieldConfigPeer {
    public static class Part {
        public int n;
        public String label;

        public String toString() {
            return "Part(" + n + "," + label + ")";
        }
    }

    public static class Item {
        public String name;
        public Integer qty;
        public Part part;
        public ArrayList<String> tags;

        public String toString() {
            return "Item(" + name + "," + qty + "," + part + "," + tags + ")";
        }
    }

    static Item value() {
        Item item = new Item();
        item.name = "bolt";
        item.qty = 12;
        item.part = new Part();
        item.part.n = 3;
        item.part.label = "m4";
        item.tags = new ArrayList<>();
        item.tags.add("steel");
        return item;
    }

    /** Calls `name(flag)` on the serializer (2.20, 4.0.3) or on its config (5.6.2). */
    static void configure(FieldSerializer<?> serializer, String name, boolean flag) throws Exception {
        try {
            Method method = serializer.getClass().getMethod(name, boolean.class);
            method.invoke(serializer, flag);
        } catch (NoSuchMethodException absent) {
            Object config = serializer.getClass().getMethod("getFieldSerializerConfig").invoke(serializer);
            config.getClass().getMethod(name, boolean.class).invoke(config, flag);
            serializer.getClass().getMethod("updateFields").invoke(serializer);
        }
    }

    static Kryo newKryo(boolean notNull, boolean fixed) throws Exception {
        Kryo kryo = new Kryo();
        kryo.setReferences(false);
        kryo.setRegistrationRequired(true);
        Class<?>[] classes = {Item.class, Part.class};
        int id = 20;
        for (Class<?> type : classes) {
            FieldSerializer<?> serializer = new FieldSerializer<>(kryo, type);
            if (notNull) configure(serializer, "setFieldsCanBeNull", false);
            if (fixed) configure(serializer, "setFixedFieldTypes", true);
            kryo.register(type, (Serializer<?>) serializer, id++);
        }
        kryo.register(ArrayList.class, 22);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir.resolve("java"));
        for (String name : new String[] {"notnull", "fixed", "both"}) {
            boolean notNull = !name.equals("fixed");
            boolean fixed = !name.equals("notnull");
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                newKryo(notNull, fixed).writeClassAndObject(output, value());
            }
            Path swift = dir.resolve("swift/" + name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + name);
                continue;
            }
            try (Input input = new Input(Files.readAllBytes(swift))) {
                String actual = String.valueOf(newKryo(notNull, fixed).readClassAndObject(input));
                String expected = String.valueOf(value());
                System.out.println(expected.equals(actual) ? "PASS " + name
                    : "FAIL " + name + ": expected " + expected + " but read " + actual);
            } catch (Throwable error) {
                System.out.println("FAIL " + name + ": " + error);
            }
        }
        System.out.println("DONE");
    }
}
