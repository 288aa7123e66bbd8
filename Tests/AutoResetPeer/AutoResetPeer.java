import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Java side of AutoResetReferencesTests: a stream of three records written with
 * kryo.setAutoReset(false) and references on (Kryo 2.20's and 4's default; Kryo 5 after
 * setReferences(true)), unregistered. Kryo then numbers its objects once for the whole stream:
 * every record names the same Owner, which the second and third give as a reference to the
 * first's. Compiles against Kryo 2.20, 4.0.3 and 5.6.2.
 *
 * <pre>
 *   java AutoResetPeer DIR
 *        for each case, write DIR/java/CASE.bin (three writeClassAndObject calls on one Kryo),
 *        then read DIR/swift/CASE.bin the same way and print PASS, FAIL or MISSING CASE
 * </pre>
 *
 * Cases: "objects" (the records share only the Owner) and "strings" (their tags are the same
 * String objects, literals, which Kryo also gives by reference after the first record).
 */
public final class AutoResetPeer {
    public static class Owner {
        public String label;
        public int id;
    }

    public static class Ev {
        public String name;
        public int n;
        public Owner owner;
        public ArrayList<String> tags;
    }

    static List<Object> records(boolean sharedStrings) {
        Owner owner = new Owner();
        owner.label = "own";
        owner.id = 7;
        List<Object> records = new ArrayList<>();
        for (int n = 0; n < 3; n++) {
            Ev ev = new Ev();
            ev.name = "ev" + n;
            ev.n = n;
            ev.owner = owner;
            if (sharedStrings) {
                ev.tags = new ArrayList<>();
                ev.tags.add("a");
                ev.tags.add("b");
            }
            records.add(ev);
        }
        return records;
    }

    static Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.setAutoReset(false);
        return kryo;
    }

    /** What the records hold, with which of them share their Owner (by identity). */
    static String describe(List<Object> records) {
        StringBuilder text = new StringBuilder();
        IdentityHashMap<Object, Integer> owners = new IdentityHashMap<>();
        for (Object record : records) {
            Ev ev = (Ev) record;
            Integer owner = owners.computeIfAbsent(ev.owner, key -> owners.size());
            text.append(ev.name).append('/').append(ev.n).append('/').append(ev.tags).append("/owner#").append(owner)
                .append('=').append(ev.owner.label).append(ev.owner.id).append(';');
        }
        return text.toString();
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir.resolve("java"));
        for (String name : new String[] {"objects", "strings"}) {
            List<Object> records = records(name.equals("strings"));
            Kryo writer = newKryo();
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                for (Object record : records) writer.writeClassAndObject(output, record);
            }
            Path swift = dir.resolve("swift/" + name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + name);
                continue;
            }
            byte[] bytes = Files.readAllBytes(swift);
            try (Input input = new Input(bytes)) {
                Kryo reader = newKryo();
                List<Object> read = new ArrayList<>();
                for (int n = 0; n < records.size(); n++) read.add(reader.readClassAndObject(input));
                String expected = describe(records);
                String actual = describe(read);
                if (input.position() != bytes.length) {
                    System.out.println("FAIL " + name + ": " + (bytes.length - input.position()) + " bytes left");
                } else {
                    System.out.println(expected.equals(actual) ? "PASS " + name
                        : "FAIL " + name + ": expected " + expected + " but read " + actual);
                }
            } catch (Throwable error) {
                System.out.println("FAIL " + name + ": " + error);
            }
        }
        System.out.println("DONE");
    }
}
