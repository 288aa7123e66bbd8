import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.VersionFieldSerializer;
import com.esotericsoftware.kryo.serializers.VersionFieldSerializer.Since;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;

/**
 * Java side of VersionFieldSerializerPeerTests: Kryo's VersionFieldSerializer (Kryo 4.0.3 and
 * 5.6.2; Kryo 2.20 has none), a class in two versions under one registration id.
 *
 * <pre>
 *   java VersionPeer DIR --kryo 4|5
 *        for each case v1_refs, v1_norefs, v2_refs, v2_norefs: write DIR/java/CASE.bin with that
 *        version of the classes (writeClassAndObject of a Holder); then read DIR/swift/CASE.bin
 *        with version 2 of the classes and print PASS / FAIL / MISSING CASE. Version 1's bytes
 *        read as version 2 leave the fields version 2 added at their defaults.
 * </pre>
 *
 * Compiled with Tests/DomainPeer/DomainPeer.java, whose canonical description it compares by.
 */
public final class VersionPeer {
    /** Version 1 of the item: no field says since when, so its version is 0. */
    public static final class ItemV1 {
        public String name;
        public int count;

        public ItemV1() {
        }

        ItemV1(String name, int count) {
            this.name = name;
            this.count = count;
        }
    }

    /** Version 2: two fields added in version 1, one in version 2 (the class's version). */
    public static final class ItemV2 {
        public String name;
        public int count;
        @Since(1) public String email;
        @Since(2) public long[] codes;
        @Since(1) public ArrayList<String> tags;

        public ItemV2() {
        }

        ItemV2(String name, int count, String email, long[] codes, ArrayList<String> tags) {
            this.name = name;
            this.count = count;
            this.email = email;
            this.codes = codes;
            this.tags = tags;
        }
    }

    /** Holds items in a final-class field (no class tag), as Object and in a list. */
    public static class HolderV1 {
        public ItemV1 first;
        public ItemV1 missing;
        public Object any;
        public ArrayList<ItemV1> list;
    }

    public static class HolderV2 {
        public ItemV2 first;
        public ItemV2 missing;
        public Object any;
        public ArrayList<ItemV2> list;
    }

    // The first item is also the list's first element: the same object when references are on,
    // an equal one when they are off (each place then reads its own copy).

    static HolderV1 holderV1(boolean refs) {
        HolderV1 holder = new HolderV1();
        holder.first = new ItemV1("ann", 3);
        holder.any = new ItemV1("bo", -1);
        holder.list = new ArrayList<>(Arrays.asList(refs ? holder.first : new ItemV1("ann", 3), new ItemV1("cy", 0)));
        return holder;
    }

    static ItemV2 ann() {
        return new ItemV2("ann", 3, "ann@example.org", new long[] {7, -1L << 40}, new ArrayList<>(Arrays.asList("a", "b")));
    }

    static HolderV2 holderV2(boolean refs) {
        HolderV2 holder = new HolderV2();
        holder.first = ann();
        holder.any = new ItemV2("bo", -1, null, null, null);
        holder.list = new ArrayList<>(Arrays.asList(refs ? holder.first : ann(),
            new ItemV2("cy", 0, "cy@example.org", new long[0], new ArrayList<>())));
        return holder;
    }

    /** Version 1's holder as version 2 reads it: the added fields at their defaults. */
    static HolderV2 holderV1AsV2(boolean refs) {
        HolderV2 holder = new HolderV2();
        holder.first = new ItemV2("ann", 3, null, null, null);
        holder.any = new ItemV2("bo", -1, null, null, null);
        holder.list = new ArrayList<>(Arrays.asList(refs ? holder.first : new ItemV2("ann", 3, null, null, null),
            new ItemV2("cy", 0, null, null, null)));
        return holder;
    }

    static Kryo newKryo(int classes, boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(false);
        Class<?> item = classes == 1 ? ItemV1.class : ItemV2.class;
        kryo.register(item, new VersionFieldSerializer<>(kryo, item), 20);
        kryo.register(classes == 1 ? HolderV1.class : HolderV2.class, 21);
        kryo.register(ArrayList.class, 22);
        kryo.register(long[].class, 23);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        int version = Integer.parseInt(args[2]);
        if (version < 4) throw new IllegalArgumentException("Kryo " + version + " has no VersionFieldSerializer");
        Files.createDirectories(dir.resolve("java"));
        for (int classes = 1; classes <= 2; classes++) {
            for (boolean refs : new boolean[] {true, false}) {
                String name = "v" + classes + (refs ? "_refs" : "_norefs");
                try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                    newKryo(classes, refs).writeClassAndObject(output, classes == 1 ? holderV1(refs) : holderV2(refs));
                }
                String expected = DomainPeer.describe(classes == 1 ? holderV1AsV2(refs) : holderV2(refs));
                // Java's own version 1 bytes read as version 2 must give the expected value too.
                if (classes == 1) {
                    byte[] own = Files.readAllBytes(dir.resolve("java/" + name + ".bin"));
                    String read = DomainPeer.describe(newKryo(2, refs).readClassAndObject(new Input(own)));
                    if (!read.equals(expected)) System.out.println("FAIL java_" + name + ": read " + read);
                }
                Path swift = dir.resolve("swift/" + name + ".bin");
                if (!Files.exists(swift)) {
                    System.out.println("MISSING " + name);
                    continue;
                }
                try (Input input = new Input(Files.readAllBytes(swift))) {
                    String actual = DomainPeer.describe(newKryo(2, refs).readClassAndObject(input));
                    System.out.println(expected.equals(actual) ? "PASS " + name
                        : "FAIL " + name + ": expected " + expected + " but read " + actual);
                } catch (Throwable error) {
                    System.out.println("FAIL " + name + ": " + error);
                }
            }
        }
        System.out.println("DONE");
    }
}
