import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Java side of DomainPeerTests: a domain no other peer has — a university, as a Java program would
 * write it (public classes with public fields, an abstract superclass, an array of it, a cycle
 * through a list, a map keyed by an enum, a primitive array of arrays, a char, boxed numbers) —
 * written with Kryo's default FieldSerializer and with CompatibleFieldSerializer as the default
 * serializer, unregistered, references on. Compiles against Kryo 2.20, 4.0.3 and 5.6.2.
 *
 * <pre>
 *   java DomainPeer DIR --kryo 2|4|5
 *        for every variant of that release: write DIR/java/&lt;variant&gt;.bin (writeClassAndObject);
 *        then read DIR/swift/&lt;variant&gt;.bin and print PASS / FAIL / MISSING &lt;variant&gt;
 * </pre>
 *
 * The value read from Swift's bytes is compared with the value written by a canonical
 * description: every field of every object, shared objects and cycles by their first place.
 */
public final class DomainPeer {
    public enum Level { BACHELOR, MASTER, PHD }

    public static abstract class Person {
        public String name;
        public int age;
        public transient int cache = 7;
    }

    public static class Student extends Person {
        public Level level;
        public double[] grades;
        public LinkedHashMap<String, ArrayList<Integer>> credits;
        public Professor advisor;
        public char initial;
        public Long optionalId;
    }

    public static class Professor extends Person {
        public ArrayList<Student> advisees = new ArrayList<>();
        public Object office;
        public TreeMap<Level, Integer> quota;
        public int[][] schedule;
        public boolean tenured;
    }

    public static class Dept {
        public String title;
        public Person[] members;
        public TreeMap<Integer, String> rooms;
        public String code;
        public byte kind;
        public short floor;
        public float budget;
        public List<Object> misc;
    }

    /** The value every variant writes; Tests/Fixtures/domain/university.json is the same graph. */
    static Dept university() {
        Professor ada = new Professor();
        ada.name = "Ada";
        ada.age = 50;
        ada.tenured = true;
        ada.office = "B-12";
        ada.quota = new TreeMap<>();
        ada.quota.put(Level.PHD, 2);
        ada.quota.put(Level.MASTER, 5);
        ada.schedule = new int[][] {{9, 10}, {}, null, {14}};
        Student bo = new Student();
        bo.name = "Bo";
        bo.age = 22;
        bo.level = Level.MASTER;
        bo.grades = new double[] {1.5, 2.0, -0.25};
        bo.credits = new LinkedHashMap<>();
        bo.credits.put("math", new ArrayList<>(Arrays.asList(5, 6)));
        bo.credits.put("art", new ArrayList<>());
        bo.advisor = ada;
        bo.initial = '\u00e9';
        Student cy = new Student();
        cy.name = "Cy";
        cy.age = 23;
        cy.level = Level.PHD;
        cy.advisor = ada;
        cy.initial = 'C';
        cy.optionalId = 42L;
        ada.advisees.add(bo);
        ada.advisees.add(cy);
        Dept dept = new Dept();
        dept.title = "CS";
        dept.members = new Person[] {ada, bo, cy, null};
        dept.rooms = new TreeMap<>();
        dept.rooms.put(3, "lab");
        dept.rooms.put(1, "hall");
        dept.kind = -3;
        dept.floor = 300;
        dept.budget = 1.25f;
        dept.misc = new ArrayList<>(Arrays.asList(7, "seven", Level.BACHELOR, 7.5, cy, true, 'x', 9000000000L));
        return dept;
    }

    static int version;

    static Kryo newKryo(String variant) throws Exception {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        if (variant.contains("compatible")) kryo.setDefaultSerializer(CompatibleFieldSerializer.class);
        if (variant.contains("chunked")) {
            // Kryo 5 only, by reflection so that this compiles against 2.20 and 4.
            Class<?> configClass =
                Class.forName("com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer$CompatibleFieldSerializerConfig");
            Object config = configClass.getConstructor().newInstance();
            configClass.getMethod("setChunkedEncoding", boolean.class).invoke(config, true);
            configClass.getMethod("setReadUnknownFieldData", boolean.class).invoke(config, false);
            Class<?> factoryClass =
                Class.forName("com.esotericsoftware.kryo.SerializerFactory$CompatibleFieldSerializerFactory");
            Object factory = factoryClass.getConstructor(configClass).newInstance(config);
            Kryo.class.getMethod("setDefaultSerializer", Class.forName("com.esotericsoftware.kryo.SerializerFactory"))
                .invoke(kryo, factory);
        }
        return kryo;
    }

    static List<String> variants() {
        List<String> names = new ArrayList<>();
        names.add("university_field_v" + version);
        names.add("university_compatible_v" + version);
        if (version == 5) names.add("university_compatible_chunked_v5");
        return names;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        version = Integer.parseInt(args[2]);
        Files.createDirectories(dir.resolve("java"));
        String expected = describe(university());
        for (String variant : variants()) {
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + variant + ".bin")))) {
                newKryo(variant).writeClassAndObject(output, university());
            }
            Path swift = dir.resolve("swift/" + variant + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + variant);
                continue;
            }
            try (Input input = new Input(Files.readAllBytes(swift))) {
                String actual = describe(newKryo(variant).readClassAndObject(input));
                System.out.println(expected.equals(actual) ? "PASS " + variant
                    : "FAIL " + variant + ": expected " + expected + " but read " + actual);
            } catch (Throwable error) {
                System.out.println("FAIL " + variant + ": " + error);
            }
        }
        System.out.println("DONE");
    }

    // ------------------------------------------------------------------------------------------
    // Canonical description
    // ------------------------------------------------------------------------------------------

    static String describe(Object value) {
        StringBuilder text = new StringBuilder();
        describe(value, new IdentityHashMap<>(), text);
        return text.toString();
    }

    private static void describe(Object value, IdentityHashMap<Object, Integer> seen, StringBuilder text) {
        if (value == null) {
            text.append("null");
            return;
        }
        Class<?> type = value.getClass();
        if (value instanceof String || value instanceof Number || value instanceof Boolean
            || value instanceof Character || value instanceof Enum) {
            text.append(type.getSimpleName()).append(':').append(value);
            return;
        }
        Integer first = seen.get(value);
        if (first != null) {
            text.append('#').append(first);
            return;
        }
        seen.put(value, seen.size());
        text.append(type.getName());
        if (type.isArray()) {
            text.append('[');
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                if (i > 0) text.append(", ");
                describe(Array.get(value, i), seen, text);
            }
            text.append(']');
        } else if (value instanceof Map) {
            text.append('{');
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                describe(entry.getKey(), seen, text);
                text.append('=');
                describe(entry.getValue(), seen, text);
                text.append("; ");
            }
            text.append('}');
        } else if (value instanceof Collection) {
            text.append('[');
            for (Object element : (Collection<?>) value) {
                describe(element, seen, text);
                text.append(", ");
            }
            text.append(']');
        } else {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers()) && !Modifier.isTransient(field.getModifiers())) {
                        fields.add(field);
                    }
                }
            }
            fields.sort(Comparator.comparing(Field::getName));
            text.append('(');
            for (Field field : fields) {
                text.append(field.getName()).append('=');
                try {
                    describe(field.get(value), seen, text);
                } catch (IllegalAccessException error) {
                    text.append("?");
                }
                text.append(", ");
            }
            text.append(')');
        }
    }
}
