import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers;
import com.esotericsoftware.kryo.serializers.DeflateSerializer;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import peer.AllKinds;
import peer.Base;
import peer.CodableHolder;
import peer.Color;
import peer.Derived;
import peer.Evolution;
import peer.Holder;
import peer.Inner;
import peer.NestedGenerics;
import peer.Node;
import peer.Outer;
import peer.Pair;
import peer.Peers;
import peer.PubBean;
import peer.Tree;
import peer.Typed;
import test.OtherBean;
import test.SampleBean;
import test.SampleEnum;
import test.TaggedBean;

/**
 * Java side of the cross-language tests, for Kryo 2.20, 4.0.3 and 5.6.2: the same source compiles
 * and runs against each (see {@link #VERSION} for the few expectations that differ).
 *
 * <pre>
 *   java KryoPeer DIR [--kryo 2|4|5]
 *        write DIR/java/&lt;case&gt;.bin for every case; print JAVA2JAVA &lt;case&gt; READS | DIFFERS ... |
 *        THROWS ... for what Java's own reader makes of those bytes; then read back every
 *        DIR/swift/&lt;case&gt;.bin and print PASS / FAIL / MISSING per case
 *   java KryoPeer DIR --list   print the case names, one per line
 *   java KryoPeer DIR --kryo 5 --options UNKNOWN,CHUNKED,VARENC --configs reg,evo1,evo2
 *        the same for the cases of those configurations only, with Kryo 5's serializer options:
 *        readUnknownFieldData/readUnknownTagData and chunkedEncoding of the compatible and tagged
 *        serializers, and variableLengthEncoding of every field serializer (true or false each)
 * </pre>
 *
 * {@code --kryo} (default 2) must name the release on the class path; the peer refuses to run
 * otherwise. Every case uses a fresh {@code new Kryo()} for writing and another fresh one for
 * reading, both configured by {@link #newKryo}, which sets references and registrationRequired
 * explicitly (their defaults differ between releases). The program always exits 0 after printing
 * {@code DONE}.
 *
 * <p>What Java's own reader does with Java's bytes differs between releases in these cases only:
 * tagdep_1to2 and deflate_list_norefs (2.20 cannot read them back, 4 and 5 can),
 * jdkc_treeset_rev (4 and 5 write a TreeSet's comparator, 2.20 does not), jdkc_class_integer
 * (2.20 reads Integer.class as int.class), and the 2.20 reader bugs deflate_inner_refs,
 * deflate_bytes_refs and jdkc_single_backref (Java 2.20 reads a null).
 */
public final class KryoPeer {

    // ------------------------------------------------------------------------------------------
    // Case model
    // ------------------------------------------------------------------------------------------

    /** The top-level Kryo call used for a case. */
    enum Call {
        /** writeClassAndObject / readClassAndObject */
        CAO,
        /** writeObject / readObject(input, type) */
        OBJ,
        /** writeObjectOrNull / readObjectOrNull(input, type) */
        OON
    }

    /** Compares the expected value with what was read; returns null when they match, else a message. */
    interface Check {
        String check(Object expected, Object actual);
    }

    static final class Case {
        final String name;
        final String config; // "none", "reg", "cocoa", "evo1" or "evo2": used to write
        final String readConfig; // used to read: another version of the classes in evolution cases
        final boolean refs;
        final Call call;
        final Class<?> type; // only for OBJ / OON
        final Supplier<Object> value;
        final Supplier<Object> expected; // what reading with readConfig gives
        final boolean readFails; // whether Java's reader rejects the bytes (evolution cases)
        final Check check;

        Case(String name, String config, boolean refs, Call call, Class<?> type, Supplier<Object> value,
             Check check) {
            this(name, config, config, refs, call, type, value, value, false, check);
        }

        Case(String name, String config, String readConfig, boolean refs, Call call, Class<?> type,
             Supplier<Object> value, Supplier<Object> expected, boolean readFails, Check check) {
            this.name = name;
            this.config = config;
            this.readConfig = readConfig;
            this.refs = refs;
            this.call = call;
            this.type = type;
            this.value = value;
            this.expected = expected;
            this.readFails = readFails;
            this.check = check;
        }
    }

    /**
     * The Kryo release on the class path: 2 (2.20), 4 (4.0.3) or 5 (5.6.2), told apart by classes
     * only the later releases have. Known before the cases are built (some expectations depend on
     * it); {@code --kryo N} must name the same release.
     */
    static final int VERSION = hasClass("com.esotericsoftware.kryo.SerializerFactory") ? 5
        : hasClass("com.esotericsoftware.kryo.factories.SerializerFactory") ? 4 : 2;

    private static boolean hasClass(String name) {
        try {
            Class.forName(name, false, KryoPeer.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static final Map<String, Case> CASES = new LinkedHashMap<>();

    private static final Check DEEP_EQUALS = KryoPeer::deepEqualsCheck;

    private static void add(String name, String config, boolean refs, Call call, Class<?> type,
                            Supplier<Object> value, Check check) {
        put(new Case(name, config, refs, call, type, value, check));
    }

    private static void put(Case c) {
        for (String config : new String[] {c.config, c.readConfig}) {
            if (!Arrays.asList("none", "reg", "cocoa", "evo1", "evo2", "deflate", "jdk", "codable").contains(config)) {
                throw new IllegalArgumentException("unknown config " + config + " for case " + c.name);
            }
        }
        if (CASES.put(c.name, c) != null) {
            throw new IllegalStateException("duplicate case name " + c.name);
        }
    }

    /**
     * A schema-evolution case, writeClassAndObject: written with one version of the classes and
     * read with the other. {@code readFails}: Java's own reader rejects the bytes, and so must
     * be seen to reject Swift's.
     */
    private static void evo(String name, String writeConfig, String readConfig, boolean refs,
                            Supplier<Object> value, Supplier<Object> expected, boolean readFails) {
        put(new Case(name, writeConfig, readConfig, refs, Call.CAO, null, value, expected, readFails, DEEP_EQUALS));
    }

    /** writeClassAndObject, references on. */
    private static void cao(String name, String config, Supplier<Object> value) {
        add(name, config, true, Call.CAO, null, value, DEEP_EQUALS);
    }

    /** writeClassAndObject, references off. */
    private static void caoNoRefs(String name, String config, Supplier<Object> value) {
        add(name, config, false, Call.CAO, null, value, DEEP_EQUALS);
    }

    /** writeClassAndObject, references on, special check. */
    private static void caoChecked(String name, String config, Supplier<Object> value, Check check) {
        add(name, config, true, Call.CAO, null, value, check);
    }

    // ------------------------------------------------------------------------------------------
    // Kryo configurations
    // ------------------------------------------------------------------------------------------

    /** writeObject / readObject(input, type), references on or off. */
    private static void obj(String name, String config, boolean refs, Class<?> type, Supplier<Object> value) {
        add(name, config, refs, Call.OBJ, type, value, DEEP_EQUALS);
    }

    /**
     * Kryo 5's serializer options ({@code --options}: readUnknownData, chunkedEncoding,
     * variableLengthEncoding and optionally optimizedGenerics, default true); null: each
     * serializer's defaults.
     */
    static boolean[] OPTIONS = null;

    /**
     * Applies {@link #OPTIONS} to a compatible or tagged serializer (Kryo 5 only, by reflection:
     * the same source compiles against 2.20 and 4.0.3, which have no such options).
     */
    static <S> S configured(S serializer) {
        if (OPTIONS == null) return serializer;
        try {
            boolean compatible = serializer.getClass().getSimpleName().startsWith("Compatible");
            Object config = serializer.getClass()
                .getMethod(compatible ? "getCompatibleFieldSerializerConfig" : "getTaggedFieldSerializerConfig")
                .invoke(serializer);
            config.getClass().getMethod(compatible ? "setReadUnknownFieldData" : "setReadUnknownTagData", boolean.class)
                .invoke(config, OPTIONS[0]);
            config.getClass().getMethod("setChunkedEncoding", boolean.class).invoke(config, OPTIONS[1]);
            config.getClass().getMethod("setVariableLengthEncoding", boolean.class).invoke(config, OPTIONS[2]);
            serializer.getClass().getMethod("updateFields").invoke(serializer);
            return serializer;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("--options needs Kryo 5: " + e, e);
        }
    }

    /**
     * Kryo 5: the default FieldSerializer with {@link #OPTIONS}' variable-length encoding, and
     * {@code kryo.setOptimizedGenerics} as its fourth flag says.
     */
    private static void configureDefaultSerializer(Kryo kryo) {
        if (OPTIONS == null) return;
        try {
            Kryo.class.getMethod("setOptimizedGenerics", boolean.class).invoke(kryo, OPTIONS[3]);
            Class<?> configClass =
                Class.forName("com.esotericsoftware.kryo.serializers.FieldSerializer$FieldSerializerConfig");
            Object config = configClass.getConstructor().newInstance();
            configClass.getMethod("setVariableLengthEncoding", boolean.class).invoke(config, OPTIONS[2]);
            Class<?> factoryClass = Class.forName("com.esotericsoftware.kryo.SerializerFactory$FieldSerializerFactory");
            Object factory = factoryClass.getConstructor(configClass).newInstance(config);
            Class<?> factoryType = Class.forName("com.esotericsoftware.kryo.SerializerFactory");
            Kryo.class.getMethod("setDefaultSerializer", factoryType).invoke(kryo, factory);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("--options needs Kryo 5: " + e, e);
        }
    }

    static Kryo newKryo(String config, boolean refs) {
        Kryo kryo = new Kryo();
        configureDefaultSerializer(kryo);
        // Both settings explicitly, the same on every version (new Kryo() differs: 2.20 and 4
        // start with references on and registration optional, 5 with references off and
        // registration required). References must be set before any registration: serializer
        // construction can depend on it (Kryo 5 with Unsafe writes the String fields of a class
        // registered while references were off without a reference marker, whatever comes later).
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(false);
        switch (config) {
            case "none":
                break;
            case "reg":
                kryo.register(Inner.class, 10);
                kryo.register(Outer.class, 11);
                kryo.register(Node.class, 12);
                kryo.register(Pair.class, 13);
                kryo.register(Tree.class, 14);
                kryo.register(AllKinds.class, 15);
                kryo.register(Color.class, 16);
                kryo.register(Typed.class, 17);
                kryo.register(Holder.class, 18);
                kryo.register(Base.class, 19);
                kryo.register(Derived.class, 20);
                kryo.register(PubBean.class, 21);
                kryo.register(NestedGenerics.class, 22);
                kryo.register(ArrayList.class, 30);
                kryo.register(HashMap.class, 31);
                kryo.register(HashSet.class, 32);
                kryo.register(LinkedList.class, 33);
                kryo.register(int[].class, 40);
                kryo.register(String[].class, 41);
                kryo.register(Object[].class, 42);
                kryo.register(int[][].class, 43);
                kryo.register(byte[].class, 44);
                kryo.register(Date.class, 45);
                break;
            case "cocoa":
                kryo.register(SampleBean.class, 20);
                kryo.register(OtherBean.class, 21);
                kryo.register(SampleEnum.class, 22);
                kryo.register(ArrayList.class, 23);
                kryo.register(HashMap.class, 24);
                kryo.register(TaggedBean.class, new TaggedFieldSerializer<>(kryo, TaggedBean.class), 25);
                break;
            case "jdk":
                addReverseComparatorSerializer(kryo);
                break;
            case "codable":
                // Swift's Codable types are plain collections here: Java reads Swift's Trip (id
                // 50) and Labels (id 54) as HashMaps. HashMap is registered last under 53, the id
                // Java writes its own HashMaps with. (register(Class, int) would keep the first id
                // of a class already registered; the form with a serializer adds each id.)
                kryo.register(Inner.class, 10);
                kryo.register(Color.class, 16);
                kryo.register(HashMap.class, new MapSerializer(), 50);
                kryo.register(CodableHolder.class, 51);
                kryo.register(ArrayList.class, 52);
                kryo.register(HashMap.class, new MapSerializer(), 54);
                kryo.register(HashMap.class, new MapSerializer(), 53);
                break;
            case "evo1":
                registerEvolution(kryo, 1);
                break;
            case "evo2":
                registerEvolution(kryo, 2);
                break;
            case "deflate":
                registerDeflate(kryo);
                break;
            default:
                throw new IllegalArgumentException("unknown config " + config);
        }
        return kryo;
    }

    /** The evolution beans of one version, each pair under one id. */
    private static void registerEvolution(Kryo kryo, int version) {
        boolean one = version == 1;
        kryo.register(ArrayList.class, 60);
        kryo.register(Evolution.Tagged.class, configured(new TaggedFieldSerializer<>(kryo, Evolution.Tagged.class)), 61);
        kryo.register(Evolution.Compat.class,
            configured(new CompatibleFieldSerializer<>(kryo, Evolution.Compat.class)), 62);
        kryo.register(Evolution.CompatNested.class,
            configured(new CompatibleFieldSerializer<>(kryo, Evolution.CompatNested.class)), 63);
        tagged(kryo, one ? Evolution.TagAddV1.class : Evolution.TagAddV2.class, 64);
        tagged(kryo, one ? Evolution.TagRemV1.class : Evolution.TagRemV2.class, 65);
        tagged(kryo, one ? Evolution.TagDepV1.class : Evolution.TagDepV2.class, 66);
        compatible(kryo, one ? Evolution.CompAddV1.class : Evolution.CompAddV2.class, 67);
        compatible(kryo, one ? Evolution.CompRemV1.class : Evolution.CompRemV2.class, 68);
        compatible(kryo, one ? Evolution.CompDepV1.class : Evolution.CompDepV2.class, 69);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void tagged(Kryo kryo, Class<?> type, int id) {
        kryo.register(type, configured(new TaggedFieldSerializer(kryo, type)), id);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void compatible(Kryo kryo, Class<?> type, int id) {
        kryo.register(type, configured(new CompatibleFieldSerializer(kryo, type)), id);
    }

    // ------------------------------------------------------------------------------------------
    // Value builders
    // ------------------------------------------------------------------------------------------

    @SafeVarargs
    private static <T> ArrayList<T> arrayList(T... items) {
        return new ArrayList<>(Arrays.asList(items));
    }

    @SafeVarargs
    private static <T> HashSet<T> hashSet(T... items) {
        return new HashSet<>(Arrays.asList(items));
    }

    /** HashMap from alternating key, value arguments. */
    private static <K, V> HashMap<K, V> hashMap(Object... keysAndValues) {
        HashMap<K, V> map = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            @SuppressWarnings("unchecked") K k = (K) keysAndValues[i];
            @SuppressWarnings("unchecked") V v = (V) keysAndValues[i + 1];
            map.put(k, v);
        }
        return map;
    }

    private static AllKinds allKinds() {
        return new AllKinds(
            true,                           // aBool
            (byte) -5,                      // aByte
            'Z',                            // aChar
            (short) -300,                   // aShort
            123456,                         // anInt
            -9876543210L,                   // aLong
            3.25f,                          // aFloat
            -2.5e100,                       // aDouble
            Boolean.FALSE,                  // boxedBool
            Byte.valueOf((byte) 7),         // boxedByte
            Character.valueOf('\u00e9'),    // boxedChar
            null,                           // boxedShort
            Integer.valueOf(-1),            // boxedInt
            Long.valueOf(Long.MAX_VALUE),   // boxedLong
            null,                           // boxedFloat
            Double.valueOf(0.1),            // boxedDouble
            "text \u00e9",                  // text
            null,                           // missingText
            new int[] {1, -2, 3},           // ints
            new String[] {"x", null, "\u00fc"}, // strings
            arrayList("n1", "n2"),          // names
            hashMap("k", 5),                // counts
            hashSet("t"),                   // tags
            Integer.valueOf(99),            // anything
            Color.BLUE,                     // color
            new byte[] {0, 1, -1, 127},     // blob
            new Date(1234567890123L),       // when
            new Inner(5, "five"));          // inner
    }

    private static java.util.GregorianCalendar calendar(String zone, long millis, int firstDay, int minimalDays) {
        java.util.GregorianCalendar calendar =
            new java.util.GregorianCalendar(java.util.TimeZone.getTimeZone(zone), java.util.Locale.US);
        calendar.setTimeInMillis(millis);
        calendar.setFirstDayOfWeek(firstDay);
        calendar.setMinimalDaysInFirstWeek(minimalDays);
        return calendar;
    }

    /** StringBuilder and StringBuffer have identity equality: compare class and text. */
    private static String sameText(Object expected, Object actual) {
        if (actual != null && actual.getClass() == expected.getClass() && actual.toString().equals(expected.toString())) {
            return null;
        }
        return "expected " + describeTyped(expected) + " but got " + describeTyped(actual);
    }

    /** BigDecimal by value (compareTo): Swift's Decimal keeps the value, not always the scale. */
    private static String sameDecimal(Object expected, Object actual) {
        if (actual instanceof java.math.BigDecimal
            && ((java.math.BigDecimal) actual).compareTo((java.math.BigDecimal) expected) == 0) {
            return null;
        }
        return "expected " + describeTyped(expected) + " but got " + describeTyped(actual);
    }

    private static String repeat(String text, int count) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) b.append(text);
        return b.toString();
    }

    private static Evolution.CompatNested compatNested() {
        Evolution.Compat first = new Evolution.Compat(1, "a");
        return new Evolution.CompatNested(first, arrayList(1, "two", new Evolution.Compat(3, "c")),
            repeat("\u00e9\u65e5x\ud83d\ude00", 700), first);
    }

    /** Numbers of every width in a chunked field: Java never splits one between two chunks. */
    private static Evolution.CompatNested compatNumbers() {
        ArrayList<Object> items = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            if (i % 3 == 0) items.add(100000 + i);
            else if (i % 3 == 1) items.add((1L << 60) + i);
            else items.add(i + 0.5);
        }
        return new Evolution.CompatNested(new Evolution.Compat(1, "a"), items, "x", null);
    }

    private static Outer nested() {
        return new Outer(new Inner(1, "one"), new Inner(2, "two"), arrayList(new Inner(3, "three")));
    }

    private static Typed typed() {
        return new Typed(arrayList("a", "b"), hashMap(1, "one"), hashSet(5), arrayList(new Inner(1, "x")));
    }

    private static OtherBean other() {
        return new OtherBean(hashMap(1, "one"), arrayList(new SampleBean(1, "a"), new SampleBean(2, "b")),
            SampleEnum.SECOND);
    }

    /** What Swift's Codable {@code Trip.sample()} is to Java: a HashMap of wrappers, lists and maps. */
    private static HashMap<String, Object> trip() {
        return hashMap(
            "title", "Alps",
            "days", 5,
            "distance", 1234567890123L,
            "rating", 4.5f,
            "tags", arrayList("snow", "\u00e9\u65e5"),
            "stops", arrayList(
                hashMap("name", "Zermatt", "lat", 46.02, "visits", 2),
                hashMap("name", "Chamonix", "lat", 45.92, "visits", 1)),
            "guide", new Inner(7, "guide"));
    }

    private static PubBean pub() {
        return new PubBean(hashMap("k", 1), arrayList("x", "y"));
    }

    // ------------------------------------------------------------------------------------------
    // The cases
    // ------------------------------------------------------------------------------------------

    static {
        // ---- scalars: config none, refs on, writeClassAndObject ----
        cao("int_0", "none", () -> 0);
        cao("int_1", "none", () -> 1);
        cao("int_m1", "none", () -> -1);
        cao("int_min", "none", () -> Integer.MIN_VALUE);
        cao("int_max", "none", () -> Integer.MAX_VALUE);

        cao("long_0", "none", () -> 0L);
        cao("long_1", "none", () -> 1L);
        cao("long_m1", "none", () -> -1L);
        cao("long_min", "none", () -> Long.MIN_VALUE);
        cao("long_max", "none", () -> Long.MAX_VALUE);

        cao("short_0", "none", () -> (short) 0);
        cao("short_1", "none", () -> (short) 1);
        cao("short_m1", "none", () -> (short) -1);
        cao("short_min", "none", () -> Short.MIN_VALUE);
        cao("short_max", "none", () -> Short.MAX_VALUE);

        cao("byte_0", "none", () -> (byte) 0);
        cao("byte_1", "none", () -> (byte) 1);
        cao("byte_m1", "none", () -> (byte) -1);
        cao("byte_min", "none", () -> Byte.MIN_VALUE);
        cao("byte_max", "none", () -> Byte.MAX_VALUE);

        cao("char_0", "none", () -> '\0');
        cao("char_A", "none", () -> 'A');
        cao("char_eacute", "none", () -> '\u00e9');
        cao("char_max", "none", () -> '\uffff');

        cao("float_0", "none", () -> 0f);
        cao("float_m0", "none", () -> -0f);
        cao("float_1", "none", () -> 1f);
        cao("float_m1", "none", () -> -1f);
        cao("float_nan", "none", () -> Float.NaN);
        cao("float_min", "none", () -> Float.MIN_VALUE);
        cao("float_max", "none", () -> Float.MAX_VALUE);
        cao("float_inf", "none", () -> Float.POSITIVE_INFINITY);
        cao("float_ninf", "none", () -> Float.NEGATIVE_INFINITY);

        cao("double_0", "none", () -> 0.0);
        cao("double_m0", "none", () -> -0.0);
        cao("double_1", "none", () -> 1.0);
        cao("double_m1", "none", () -> -1.0);
        cao("double_nan", "none", () -> Double.NaN);
        cao("double_min", "none", () -> Double.MIN_VALUE);
        cao("double_max", "none", () -> Double.MAX_VALUE);
        cao("double_inf", "none", () -> Double.POSITIVE_INFINITY);
        cao("double_ninf", "none", () -> Double.NEGATIVE_INFINITY);

        cao("bool_true", "none", () -> Boolean.TRUE);
        cao("bool_false", "none", () -> Boolean.FALSE);

        cao("null_top", "none", () -> null);

        // ---- strings: config none ----
        cao("str_empty", "none", () -> "");
        cao("str_a", "none", () -> "a");
        cao("str_ab", "none", () -> "ab");
        cao("str_63", "none", () -> "a".repeat(63));
        cao("str_64", "none", () -> "a".repeat(64));
        cao("str_nonascii", "none", () -> "h\u00e9llo w\u00f6rld");
        cao("str_cjk", "none", () -> "\u65e5\u672c\u8a9e");
        cao("str_emoji", "none", () -> "\ud83d\ude00 smile \ud83c\udf89");
        cao("str_nul", "none", () -> "a\u0000b");
        cao("str_nul1", "none", () -> "\u0000");
        cao("str_10000", "none", () -> "abcdefghij".repeat(1000));
        cao("str_10000_mixed", "none", () -> "a\u00e9\u65e5\ud83d\ude00".repeat(2000));
        add("str_null_refs", "none", true, Call.OON, String.class, () -> null, DEEP_EQUALS);
        add("str_null_norefs", "none", false, Call.OON, String.class, () -> null, DEEP_EQUALS);
        caoNoRefs("str_ab_norefs", "none", () -> "ab");
        add("str_hi_oon_norefs", "none", false, Call.OON, String.class, () -> "hi", DEEP_EQUALS);

        // ---- KryoCocoa examples: config cocoa ----
        cao("sample", "cocoa", () -> new SampleBean(42, "answer"));
        cao("sample_null_name", "cocoa", () -> new SampleBean(-7, null));
        caoNoRefs("sample_norefs", "cocoa", () -> new SampleBean(42, "answer"));
        add("sample_writeobject", "cocoa", true, Call.OBJ, SampleBean.class, () -> new SampleBean(3, "three"),
            DEEP_EQUALS);
        cao("sample_unregistered", "none", () -> new SampleBean(1, "one"));
        cao("sample_enum", "cocoa", () -> SampleEnum.THIRD);
        cao("tagged_bean", "cocoa", () -> new TaggedBean(5, "hi", 0));
        caoNoRefs("tagged_bean_norefs", "cocoa", () -> new TaggedBean(-1, null, 0));
        cao("other", "cocoa", KryoPeer::other);
        caoNoRefs("other_norefs", "cocoa", KryoPeer::other);
        cao("other_big", "cocoa",
            () -> new OtherBean(hashMap(1, "one", 2, "two", 3, "three"), new ArrayList<SampleBean>(), null));

        // ---- beans: config reg ----
        cao("allkinds", "reg", KryoPeer::allKinds);
        caoNoRefs("allkinds_norefs", "reg", KryoPeer::allKinds);
        cao("allkinds_unreg", "none", KryoPeer::allKinds);

        cao("nested", "reg", KryoPeer::nested);
        caoNoRefs("nested_norefs", "reg", KryoPeer::nested);

        caoChecked("shared", "reg", () -> {
            Inner x = new Inner(7, "shared");
            return new Pair(x, x);
        }, KryoPeer::checkShared);
        // Interned literals: one String instance in four places (back references with refs on).
        cao("shared_strings", "reg",
            () -> arrayList(new Inner(1, "city"), new Inner(2, "city"), "city", hashMap("city", 3), "town"));
        caoChecked("cycle", "reg", () -> {
            Node a = new Node("a");
            Node b = new Node("b");
            a.setNext(b);
            b.setNext(a);
            return a;
        }, KryoPeer::checkCycle);
        caoChecked("selfloop", "reg", () -> {
            Node s = new Node("s");
            s.setNext(s);
            return s;
        }, KryoPeer::checkSelfLoop);

        caoNoRefs("tree_norefs", "reg",
            () -> new Tree(1, new Tree(2, new Tree(4, null, null), null), new Tree(3, null, null)));

        cao("list_mixed", "reg", () -> arrayList(1, "a", null, 2.5, true, new Inner(1, "i")));
        cao("list_mixed_unreg", "none", () -> arrayList(1, "a", null));
        cao("linkedlist", "reg", () -> new LinkedList<>(Arrays.asList(1, 2, 3)));
        cao("hashmap_one", "reg", () -> hashMap("a", 1));
        cao("hashmap_big", "reg", () -> hashMap("a", 1, "b", "two", 3, null, "d", new Inner(4, "four")));
        cao("hashset_one", "reg", () -> hashSet("only"));
        cao("hashset_big", "reg", () -> hashSet(1, 2, 3, "x"));

        cao("typed", "reg", KryoPeer::typed);
        caoNoRefs("typed_norefs", "reg", KryoPeer::typed);

        cao("arr_int", "reg", () -> new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE});
        cao("arr_long", "reg", () -> new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE});
        cao("arr_short", "reg", () -> new short[] {0, -1, Short.MIN_VALUE, Short.MAX_VALUE});
        cao("arr_byte", "reg", () -> new byte[] {0, 1, -1, -128, 127});
        cao("arr_char", "reg", () -> new char[] {'a', '\u00e9', '\uffff'});
        cao("arr_float", "reg", () -> new float[] {0f, -0f, 1.5f, Float.NaN});
        cao("arr_double", "reg", () -> new double[] {0, -0.0, 1.5, Double.NaN, Double.POSITIVE_INFINITY});
        cao("arr_bool", "reg", () -> new boolean[] {true, false, true});
        cao("arr_string", "reg", () -> new String[] {"a", null, "\u00e9"});
        cao("arr_object", "reg", () -> new Object[] {1, "a", null, new Inner(2, "b")});
        cao("arr_int2d", "reg", () -> new int[][] {{1}, {2, 3}, null});
        cao("arr_int_empty", "reg", () -> new int[] {});
        cao("arr_int_unreg", "none", () -> new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE});
        cao("arr_string_unreg", "none", () -> new String[] {"a", null, "\u00e9"});
        cao("arr_object_unreg", "none", () -> new Object[] {1, "a", null, new Inner(2, "b")});
        cao("arr_int2d_unreg", "none", () -> new int[][] {{1}, {2, 3}, null});

        cao("enum_blue", "reg", () -> Color.BLUE);
        cao("enum_list", "reg", () -> arrayList(Color.GREEN, Color.GREEN, Color.BLUE));
        caoNoRefs("enum_list_norefs", "reg", () -> arrayList(Color.GREEN, Color.GREEN, Color.BLUE));

        cao("holder", "reg", () -> new Holder(new Derived(1, "more")));
        cao("holder_base", "reg", () -> new Holder(new Base(2)));
        cao("holder_null", "reg", () -> new Holder(null));

        cao("pub", "reg", KryoPeer::pub);
        caoNoRefs("pub_norefs", "reg", KryoPeer::pub);

        cao("date", "reg", () -> new Date(1234567890123L));
        cao("date_neg_unreg", "none", () -> new Date(-1L));

        cao("bytes", "reg", () -> new byte[] {1, 2, 3});

        cao("nested_generics", "reg", () -> new NestedGenerics(hashMap("g", arrayList("a", "b")),
            arrayList(arrayList(1, 2), arrayList(3)), new Color[] {Color.RED, null, Color.RED}));
        caoNoRefs("nested_generics_norefs", "reg", () -> new NestedGenerics(hashMap("g", arrayList("a", "b")),
            arrayList(arrayList(1, 2), arrayList(3)), new Color[] {Color.RED, null, Color.RED}));

        // ---- the other JDK types Kryo 2.20 ships serializers for (unregistered: by name) ----
        caoChecked("sb_hi", "none", () -> new StringBuilder("hi"), KryoPeer::sameText);
        caoChecked("sb_empty", "none", () -> new StringBuilder(), KryoPeer::sameText);
        caoChecked("sbuf_mixed", "none", () -> new StringBuffer("h\u00e9llo \ud83d\ude00"), KryoPeer::sameText);
        cao("currency_eur", "none", () -> java.util.Currency.getInstance("EUR"));
        cao("tz_utc", "none", () -> java.util.TimeZone.getTimeZone("UTC"));
        cao("tz_paris", "none", () -> java.util.TimeZone.getTimeZone("Europe/Paris"));
        cao("cal_utc_epoch", "none", () -> calendar("UTC", 0L, java.util.Calendar.SUNDAY, 1));
        cao("cal_paris", "none", () -> calendar("Europe/Paris", 1234567890123L, java.util.Calendar.MONDAY, 4));
        cao("bigint_0", "none", () -> java.math.BigInteger.ZERO);
        cao("bigint_255", "none", () -> java.math.BigInteger.valueOf(255));
        cao("bigint_m1", "none", () -> java.math.BigInteger.valueOf(-1));
        cao("bigint_m128", "none", () -> java.math.BigInteger.valueOf(-128));
        cao("bigint_huge", "none",
            () -> new java.math.BigInteger("-123456789012345678901234567890123456789012345678901234567890"));
        cao("bigint_pow", "none", () -> java.math.BigInteger.ONE.shiftLeft(200));
        caoChecked("bigdec_150", "none", () -> new java.math.BigDecimal("1.50"), KryoPeer::sameDecimal);
        caoChecked("bigdec_neg", "none", () -> new java.math.BigDecimal("-12.3E+5"), KryoPeer::sameDecimal);
        caoChecked("bigdec_0", "none", () -> java.math.BigDecimal.ZERO, KryoPeer::sameDecimal);
        caoChecked("bigdec_38", "none", () -> new java.math.BigDecimal("-12345678901234567890123456789.012345678"),
            KryoPeer::sameDecimal);
        caoChecked("bigdec_tiny", "none", () -> new java.math.BigDecimal("1E-100"), KryoPeer::sameDecimal);
        caoChecked("bigdec_huge", "none", () -> new java.math.BigDecimal("7E+120"), KryoPeer::sameDecimal);

        cao("self_written", "none", () -> new peer.SelfWritten(-7, "own bytes", new peer.SelfWritten(1, null, null)));
        caoNoRefs("self_written_norefs", "none", () -> new peer.SelfWritten(3, "x", 5L));

        // ---- Codable bridge: Swift Codable types as plain Java collections ----
        cao("codable_trip", "codable", KryoPeer::trip);
        caoNoRefs("codable_trip_norefs", "codable", KryoPeer::trip);
        obj("codable_trip_body", "codable", true, HashMap.class, KryoPeer::trip);
        obj("codable_labels_body", "codable", true, HashMap.class, () -> hashMap("tags", arrayList("a", "b")));
        obj("codable_labels_body_norefs", "codable", false, HashMap.class, () -> hashMap("tags", arrayList("a", "b")));
        cao("codable_holder", "codable", () -> new CodableHolder("h", trip()));
        cao("codable_holder_null", "codable", () -> new CodableHolder("n", null));

        // ---- schema evolution: TaggedFieldSerializer and CompatibleFieldSerializer ----
        evo("tagged_ref", "evo1", "evo1", true, () -> new Evolution.Tagged(1, "hi", 9, 7, 5),
            () -> new Evolution.Tagged(1, "hi", 0, 0, 5), false);
        evo("tagged_ref_norefs", "evo1", "evo1", false, () -> new Evolution.Tagged(1, "hi", 9, 7, 5),
            () -> new Evolution.Tagged(1, "hi", 0, 0, 5), false);
        evo("compat_ref", "evo1", "evo1", true, () -> new Evolution.Compat(5, "hi"),
            () -> new Evolution.Compat(5, "hi"), false);
        evo("compat_ref_norefs", "evo1", "evo1", false, () -> new Evolution.Compat(5, "hi"),
            () -> new Evolution.Compat(5, "hi"), false);
        evo("compat_list", "evo1", "evo1", true,
            () -> arrayList(new Evolution.Compat(1, "a"), new Evolution.Compat(2, "b")),
            () -> arrayList(new Evolution.Compat(1, "a"), new Evolution.Compat(2, "b")), false);
        evo("compat_long_norefs", "evo1", "evo1", false, () -> new Evolution.Compat(1, repeat("x", 2000)),
            () -> new Evolution.Compat(1, repeat("x", 2000)), false);
        evo("compat_nested", "evo1", "evo1", true, KryoPeer::compatNested, KryoPeer::compatNested, false);
        evo("compat_numbers", "evo1", "evo1", false, KryoPeer::compatNumbers, KryoPeer::compatNumbers, false);

        evo("tagadd_1to2", "evo1", "evo2", true, () -> new Evolution.TagAddV1(1, "a"),
            () -> new Evolution.TagAddV2(1, "a", 0), false);
        evo("tagadd_2to1", "evo2", "evo1", true, () -> new Evolution.TagAddV2(1, "a", 99), () -> null, true);
        evo("tagrem_1to2", "evo1", "evo2", true, () -> new Evolution.TagRemV1(1, "g", "a"), () -> null, true);
        evo("tagrem_2to1", "evo2", "evo1", true, () -> new Evolution.TagRemV2(1, "a"),
            () -> new Evolution.TagRemV1(1, null, "a"), false);
        // 2.20's writer still writes the deprecated field, and its reader rejects the tag the
        // newer classes no longer deprecate; 4 and 5 read it.
        evo("tagdep_1to2", "evo1", "evo2", true, () -> new Evolution.TagDepV1(1, "a", 9),
            VERSION == 2 ? () -> null : () -> new Evolution.TagDepV2(1, "a", 9), VERSION == 2);
        evo("tagdep_2to1", "evo2", "evo1", true, () -> new Evolution.TagDepV2(1, "a", 9),
            () -> new Evolution.TagDepV1(1, "a", 0), false);
        evo("compadd_1to2", "evo1", "evo2", true, () -> new Evolution.CompAddV1(5, "a"),
            () -> new Evolution.CompAddV2(0, 5, "a"), false);
        evo("compadd_2to1", "evo2", "evo1", true, () -> new Evolution.CompAddV2(99, 5, "a"),
            () -> new Evolution.CompAddV1(5, "a"), false);
        evo("compadd_2to1_norefs", "evo2", "evo1", false, () -> new Evolution.CompAddV2(99, 5, "a"),
            () -> new Evolution.CompAddV1(5, "a"), false);
        evo("comprem_1to2", "evo1", "evo2", true,
            () -> new Evolution.CompRemV1(5, new Evolution.Compat(1, "g"), "a"),
            () -> new Evolution.CompRemV2(5, "a"), false);
        evo("comprem_2to1", "evo2", "evo1", true, () -> new Evolution.CompRemV2(5, "a"),
            () -> new Evolution.CompRemV1(5, null, "a"), false);
        evo("compdep_1to2", "evo1", "evo2", true, () -> new Evolution.CompDepV1(5, 9),
            () -> new Evolution.CompDepV2(5, 9), false);
        evo("compdep_2to1", "evo2", "evo1", true, () -> new Evolution.CompDepV2(5, 9),
            () -> new Evolution.CompDepV1(5, 9), false);
    }

    // ------------------------------------------------------------------------------------------
    // DeflateSerializer (config "deflate"; Swift: PeerCases.deflate)
    // ------------------------------------------------------------------------------------------

    private static void registerDeflate(Kryo kryo) {
        kryo.register(Inner.class, new DeflateSerializer(new FieldSerializer<>(kryo, Inner.class)), 50);
        kryo.register(byte[].class, new DeflateSerializer(new DefaultArraySerializers.ByteArraySerializer()), 51);
        DeflateSerializer pair = new DeflateSerializer(new FieldSerializer<>(kryo, Pair.class));
        pair.setNoHeaders(false);
        pair.setCompressionLevel(9);
        kryo.register(Pair.class, pair, 52);
        kryo.register(ArrayList.class, 53);
    }

    /** Bytes deflate cannot shrink: the top byte of a 32-bit linear congruential generator. */
    private static byte[] noise(int count) {
        byte[] bytes = new byte[count];
        int state = 1;
        for (int i = 0; i < count; i++) {
            state = state * 1664525 + 1013904223;
            bytes[i] = (byte) (state >>> 24);
        }
        return bytes;
    }

    static {
        caoNoRefs("deflate_inner_norefs", "deflate", () -> new Inner(5, "five"));
        caoNoRefs("deflate_inner_null_norefs", "deflate", () -> new Inner(0, null));
        caoNoRefs("deflate_bytes_norefs", "deflate", () -> new byte[] {1, 2, 3});
        caoNoRefs("deflate_bytes_empty_norefs", "deflate", () -> new byte[0]);
        caoNoRefs("deflate_bytes_noise_norefs", "deflate", () -> noise(20000));
        caoNoRefs("deflate_text_100k_norefs", "deflate", () -> new Inner(7, repeat("abcdefghij", 10000)));
        caoNoRefs("deflate_pair_zlib9_norefs", "deflate", () -> new Pair(repeat("abcdefghij", 10000), 5));
        // 2.20's inflater reads past the first value's deflate data, so it cannot read the list
        // back; 4 and 5 can.
        put(new Case("deflate_list_norefs", "deflate", "deflate", false, Call.CAO, null,
            () -> arrayList(new Inner(1, "a"), new Inner(2, "b")),
            VERSION == 2 ? () -> null : () -> arrayList(new Inner(1, "a"), new Inner(2, "b")), VERSION == 2,
            DEEP_EQUALS));
        // References on: Java's bytes hold a reference to the value itself instead of the value
        // (Java reads them as null); Swift's hold "new object" and the value, which Java reads.
        cao("deflate_inner_refs", "deflate", () -> new Inner(5, "five"));
        cao("deflate_bytes_refs", "deflate", () -> new byte[] {1, 2, 3});
    }

    // ------------------------------------------------------------------------------------------
    // Checks
    // ------------------------------------------------------------------------------------------

    private static String deepEqualsCheck(Object expected, Object actual) {
        if (Peers.eq(expected, actual)) return null;
        String msg = "expected " + describeTyped(expected) + " but got " + describeTyped(actual);
        if (expected instanceof String && actual instanceof String) {
            String e = (String) expected;
            String a = (String) actual;
            int i = 0;
            while (i < e.length() && i < a.length() && e.charAt(i) == a.charAt(i)) i++;
            msg += " (lengths " + e.length() + " vs " + a.length() + ", first difference at UTF-16 index " + i + ")";
        }
        return msg;
    }

    private static String describeTyped(Object o) {
        if (o == null) return "null";
        String d = Peers.describe(o);
        // Scalars, arrays and collections already name their type; name it for beans too.
        String simple = o.getClass().getSimpleName();
        return d.startsWith(simple) ? d : "<" + o.getClass().getName() + "> " + d;
    }

    private static String checkShared(Object expected, Object actual) {
        if (!(actual instanceof Pair)) return "expected a Pair but got " + describeTyped(actual);
        Pair p = (Pair) actual;
        Inner want = new Inner(7, "shared");
        if (!Peers.eq(want, p.getLeft())) return "left: expected " + want + " but got " + describeTyped(p.getLeft());
        if (!Peers.eq(want, p.getRight())) {
            return "right: expected " + want + " but got " + describeTyped(p.getRight());
        }
        if (p.getLeft() != p.getRight()) {
            return "expected left and right to be the same instance, but got two distinct equal objects: " + p;
        }
        return null;
    }

    private static String checkCycle(Object expected, Object actual) {
        if (!(actual instanceof Node)) return "expected a Node but got " + describeTyped(actual);
        Node a = (Node) actual;
        if (!"a".equals(a.getName())) return "expected name \"a\" but got " + Peers.str(a.getName());
        Node b = a.getNext();
        if (b == null) return "expected a.next to be Node \"b\" but got null";
        if (!"b".equals(b.getName())) return "expected a.next.name \"b\" but got " + Peers.str(b.getName());
        if (b == a) return "expected a.next to be a distinct node, but it is a itself";
        if (b.getNext() != a) {
            return "expected a.next.next to be the same instance as a, but got " + describeTyped(b.getNext());
        }
        return null;
    }

    private static String checkSelfLoop(Object expected, Object actual) {
        if (!(actual instanceof Node)) return "expected a Node but got " + describeTyped(actual);
        Node s = (Node) actual;
        if (!"s".equals(s.getName())) return "expected name \"s\" but got " + Peers.str(s.getName());
        if (s.getNext() != s) return "expected s.next == s (identity) but got " + describeTyped(s.getNext());
        return null;
    }

    // ------------------------------------------------------------------------------------------
    // JDK collections: Class, EnumSet, TreeMap, TreeSet, LinkedHashMap/Set, Collections.empty*
    // and singleton* (Swift: PeerCases.jdkCollections)
    // ------------------------------------------------------------------------------------------

    /**
     * Config "jdk" = "none" plus a serializer for Collections.reverseOrder(): Kryo 2.20 on Java 17
     * cannot create a Collections$ReverseComparator itself ("missing no-arg constructor"), not even
     * from its own bytes. The serializer writes nothing, as Kryo's FieldSerializer does for it.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void addReverseComparatorSerializer(Kryo kryo) {
        kryo.addDefaultSerializer(java.util.Collections.reverseOrder().getClass(),
            new com.esotericsoftware.kryo.Serializer() {
                public void write(Kryo k, Output output, Object object) {}
                public Object read(Kryo k, Input input, Class type) {
                    return java.util.Collections.reverseOrder();
                }
            });
    }

    private static <K, V> java.util.TreeMap<K, V> treeMap(java.util.Comparator<? super K> order, Object... kv) {
        java.util.TreeMap<K, V> map = new java.util.TreeMap<>(order);
        map.putAll(KryoPeer.<K, V>hashMap(kv));
        return map;
    }

    private static <K, V> LinkedHashMap<K, V> linkedHashMap(Object... kv) {
        LinkedHashMap<K, V> map = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            @SuppressWarnings("unchecked") K k = (K) kv[i];
            @SuppressWarnings("unchecked") V v = (V) kv[i + 1];
            map.put(k, v);
        }
        return map;
    }

    /** Same entries, same iteration order, same comparator (TreeMap/TreeSet: by class of comparator). */
    private static String sameOrder(Object expected, Object actual) {
        String problem = deepEqualsCheck(expected, actual);
        if (problem != null) return problem;
        Iterable<?> want = expected instanceof Map ? ((Map<?, ?>) expected).keySet() : (Iterable<?>) expected;
        Iterable<?> got = actual instanceof Map ? ((Map<?, ?>) actual).keySet() : (Iterable<?>) actual;
        if (!new ArrayList<Object>(toList(want)).equals(toList(got))) {
            return "expected the order " + toList(want) + " but got " + toList(got);
        }
        Object wantOrder = comparatorOf(expected);
        Object gotOrder = comparatorOf(actual);
        if (wantOrder != gotOrder) return "expected the comparator " + wantOrder + " but got " + gotOrder;
        return null;
    }

    private static Object comparatorOf(Object o) {
        if (o instanceof java.util.SortedMap) return ((java.util.SortedMap<?, ?>) o).comparator();
        if (o instanceof java.util.SortedSet) return ((java.util.SortedSet<?>) o).comparator();
        return null;
    }

    private static List<Object> toList(Iterable<?> items) {
        List<Object> list = new ArrayList<>();
        for (Object item : items) list.add(item);
        return list;
    }

    static {
        // Collections.empty* and singleton*: Swift reads them as plain values and writes them from
        // its JavaEmpty*/JavaSingleton* wrappers.
        cao("jdkc_empty_list", "none", java.util.Collections::emptyList);
        cao("jdkc_empty_set", "none", java.util.Collections::emptySet);
        cao("jdkc_empty_map", "none", java.util.Collections::emptyMap);
        caoNoRefs("jdkc_empty_list_norefs", "none", java.util.Collections::emptyList);
        cao("jdkc_single_list", "none", () -> java.util.Collections.singletonList("x"));
        cao("jdkc_single_set", "none", () -> java.util.Collections.singleton(5));
        cao("jdkc_single_map", "none", () -> java.util.Collections.singletonMap("k", 1));
        cao("jdkc_single_map_null", "none", () -> java.util.Collections.singletonMap("k", null));
        cao("jdkc_single_in_list", "none",
            () -> arrayList(java.util.Collections.singletonList("a"), "b", java.util.Collections.emptyList()));
        caoNoRefs("jdkc_single_in_list_norefs", "none",
            () -> arrayList(java.util.Collections.singletonList("a"), "b", java.util.Collections.emptyList()));
        // The 2.20 reader bug (reference/kryo-wire.md §6): Java numbers the singleton and its element
        // alike, so its own reader reads the later back-reference to "x" as null. Swift's reader gets
        // [[x], x]; Swift writes the string again (no back-reference), which Java reads right.
        cao("jdkc_single_backref", "none", () -> {
            String x = new String("x");
            return arrayList(java.util.Collections.singletonList(x), x);
        });

        // LinkedHashMap / LinkedHashSet: insertion order kept.
        add("jdkc_lhm", "none", true, Call.CAO, null, () -> linkedHashMap("z", 1, "a", "two", "m", null),
            KryoPeer::sameOrder);
        add("jdkc_lhm_norefs", "none", false, Call.CAO, null, () -> linkedHashMap("z", 1, "a", "two", "m", null),
            KryoPeer::sameOrder);
        add("jdkc_lhm_empty", "none", true, Call.CAO, null, LinkedHashMap::new, KryoPeer::sameOrder);
        add("jdkc_lhs", "none", true, Call.CAO, null,
            () -> new java.util.LinkedHashSet<>(Arrays.asList("z", "a", "m")), KryoPeer::sameOrder);

        // TreeMap: natural and reverse order; TreeSet: its comparator is not written.
        add("jdkc_treemap", "none", true, Call.CAO, null, () -> treeMap(null, "b", 2, "a", 1, "c", null),
            KryoPeer::sameOrder);
        add("jdkc_treemap_norefs", "none", false, Call.CAO, null, () -> treeMap(null, "b", 2, "a", 1),
            KryoPeer::sameOrder);
        add("jdkc_treemap_empty", "none", true, Call.CAO, null, () -> treeMap(null), KryoPeer::sameOrder);
        add("jdkc_treemap_int", "none", true, Call.CAO, null, () -> treeMap(null, 3, "c", -1, "a", 2, "b"),
            KryoPeer::sameOrder);
        add("jdkc_treemap_rev", "jdk", true, Call.CAO, null,
            () -> treeMap(java.util.Collections.reverseOrder(), "a", 1, "b", 2, "c", 3), KryoPeer::sameOrder);
        add("jdkc_treemap_rev_norefs", "jdk", false, Call.CAO, null,
            () -> treeMap(java.util.Collections.reverseOrder(), "a", 1, "b", 2), KryoPeer::sameOrder);
        add("jdkc_treemap_rev_empty", "jdk", true, Call.CAO, null,
            () -> treeMap(java.util.Collections.reverseOrder()), KryoPeer::sameOrder);
        add("jdkc_treeset", "none", true, Call.CAO, null, () -> new java.util.TreeSet<>(Arrays.asList("b", "a", "c")),
            KryoPeer::sameOrder);
        // Written in reverse order. 2.20 does not write a TreeSet's comparator: both Java and Swift
        // read it in natural order. 4 and 5 write it, and read the set in reverse order (config
        // "jdk": Java cannot create the comparator itself; on 2.20 the config changes nothing).
        add("jdkc_treeset_rev", "jdk", true, Call.CAO, null, () -> {
            java.util.TreeSet<String> set = new java.util.TreeSet<>(java.util.Collections.reverseOrder());
            set.addAll(Arrays.asList("a", "b", "c"));
            return set;
        }, (expected, actual) -> sameOrder(
            VERSION == 2 ? new java.util.TreeSet<>(Arrays.asList("a", "b", "c")) : expected, actual));

        // EnumSet: the element class, then ordinals.
        cao("jdkc_enumset", "none", () -> java.util.EnumSet.of(Color.RED, Color.BLUE));
        cao("jdkc_enumset_one", "none", () -> java.util.EnumSet.of(Color.GREEN));
        cao("jdkc_enumset_all", "none", () -> java.util.EnumSet.allOf(Color.class));
        caoNoRefs("jdkc_enumset_all_norefs", "none", () -> java.util.EnumSet.allOf(Color.class));
        cao("jdkc_enumset_in_list", "none",
            () -> arrayList(java.util.EnumSet.of(Color.BLUE), Color.BLUE, java.util.EnumSet.of(Color.BLUE)));

        // Class: the class tag alone. In 2.20 int.class and Integer.class share id 0: Java reads
        // both as int. 4 and 5 tell them apart.
        cao("jdkc_class_string", "none", () -> String.class);
        caoNoRefs("jdkc_class_string_norefs", "none", () -> String.class);
        cao("jdkc_class_int", "none", () -> int.class);
        caoChecked("jdkc_class_integer", "none", () -> Integer.class, (expected, actual) -> {
            Class<?> wanted = VERSION == 2 ? int.class : Integer.class;
            return actual == wanted ? null : "expected " + wanted + " but got " + describeTyped(actual);
        });
        cao("jdkc_class_enum", "none", () -> Color.class);
        cao("jdkc_class_unknown", "none", () -> Object.class);
        cao("jdkc_class_list", "none",
            () -> arrayList(String.class, String.class, Color.class, long[].class, null));
    }

    // ------------------------------------------------------------------------------------------
    // Writing and reading
    // ------------------------------------------------------------------------------------------

    static byte[] write(Case c, Object value) {
        Kryo kryo = newKryo(c.config, c.refs);
        Output output = new Output(256, -1);
        switch (c.call) {
            case CAO:
                kryo.writeClassAndObject(output, value);
                break;
            case OBJ:
                kryo.writeObject(output, value);
                break;
            case OON:
                kryo.writeObjectOrNull(output, value, c.type);
                break;
            default:
                throw new AssertionError(c.call);
        }
        output.flush();
        return output.toBytes();
    }

    /** Reads one value; result[0] = value, result[1] = Integer position after the read. */
    static Object[] read(Case c, byte[] bytes) {
        Kryo kryo = newKryo(c.readConfig, c.refs);
        Input input = new Input(bytes);
        Object value;
        switch (c.call) {
            case CAO:
                value = kryo.readClassAndObject(input);
                break;
            case OBJ:
                value = kryo.readObject(input, c.type);
                break;
            case OON:
                value = kryo.readObjectOrNull(input, c.type);
                break;
            default:
                throw new AssertionError(c.call);
        }
        // total(), not position(): an inflater (DeflateSerializer) makes the input compact its
        // buffer, which moves position() back; total() counts every byte read.
        // (int): total() is an int in 2.20 and a long in 4 and 5.
        int total = (int) input.total();
        return new Object[] {value, total};
    }

    private static String describeThrowable(Throwable t) {
        StringBuilder b = new StringBuilder();
        Throwable cur = t;
        int depth = 0;
        while (cur != null && depth < 5) {
            if (depth > 0) b.append(" | caused by: ");
            b.append(cur.getClass().getName());
            if (cur.getMessage() != null) b.append(": ").append(cur.getMessage());
            StackTraceElement[] st = cur.getStackTrace();
            if (st.length > 0) b.append(" at ").append(st[0]);
            cur = cur.getCause() == cur ? null : cur.getCause();
            depth++;
        }
        return oneLine(b.toString());
    }

    private static String oneLine(String s) {
        String r = s.replace("\r", "").replace("\n", " | ");
        return r.length() > 4000 ? r.substring(0, 4000) + "...(truncated)" : r;
    }

    private static String hex(byte[] bytes, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < bytes.length && i < max; i++) {
            if (i > 0) b.append(' ');
            b.append(String.format("%02x", bytes[i] & 0xff));
        }
        if (bytes.length > max) b.append(" ...");
        return b.toString();
    }

    public static void main(String[] args) throws IOException {
        String dirArg = null;
        boolean list = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--list")) {
                list = true;
            } else if (a.equals("--kryo") && i + 1 < args.length) {
                String wanted = args[++i];
                if (!wanted.equals(String.valueOf(VERSION))) {
                    System.err.println("--kryo " + wanted + " but the class path holds Kryo " + VERSION
                        + " (2: 2.20, 4: 4.0.3, 5: 5.6.2)");
                    System.exit(2);
                }
            } else if (a.equals("--options") && i + 1 < args.length) {
                String[] flags = args[++i].split(",");
                OPTIONS = new boolean[] {Boolean.parseBoolean(flags[0]), Boolean.parseBoolean(flags[1]),
                    Boolean.parseBoolean(flags[2]), flags.length < 4 || Boolean.parseBoolean(flags[3])};
            } else if (a.equals("--configs") && i + 1 < args.length) {
                List<String> configs = Arrays.asList(args[++i].split(","));
                CASES.values().removeIf(c -> !configs.contains(c.config) || !configs.contains(c.readConfig));
            } else if (dirArg == null) {
                dirArg = a;
            } else {
                System.err.println("unexpected argument: " + a);
                System.exit(2);
            }
        }
        if (list) {
            for (String name : CASES.keySet()) System.out.println(name);
            System.out.flush();
            return;
        }
        if (dirArg == null) {
            System.err.println("usage: java KryoPeer DIR [--kryo 2|4|5] [--list]");
            System.exit(2);
        }
        Path dir = Paths.get(dirArg);
        Path javaDir = dir.resolve("java");
        Path swiftDir = dir.resolve("swift");
        Files.createDirectories(javaDir);

        // Phase 1: write every case.
        Map<String, String> writeErrors = new LinkedHashMap<>();
        for (Case c : CASES.values()) {
            try {
                byte[] bytes = write(c, c.value.get());
                Files.write(javaDir.resolve(c.name + ".bin"), bytes);
            } catch (Throwable t) {
                writeErrors.put(c.name, describeThrowable(t));
                System.err.println("write failed for " + c.name + ": " + describeThrowable(t));
            }
        }

        // Every case: what Java's own reader makes of Java's bytes (READS: the expected value,
        // every byte consumed; DIFFERS: another value; THROWS). In evolution cases the reader has
        // the other version of the classes.
        for (Case c : CASES.values()) {
            if (writeErrors.containsKey(c.name)) continue;
            String outcome;
            try {
                byte[] bytes = Files.readAllBytes(javaDir.resolve(c.name + ".bin"));
                Object[] r = read(c, bytes);
                String problem = (Integer) r[1] != bytes.length
                    ? "read consumed " + r[1] + " of " + bytes.length + " bytes"
                    : c.check.check(c.expected.get(), r[0]);
                outcome = problem == null ? "READS" : "DIFFERS " + oneLine(problem);
            } catch (Throwable t) {
                outcome = "THROWS " + describeThrowable(t);
            }
            System.out.println("JAVA2JAVA " + c.name + " " + outcome);
        }

        // Phase 2: read every Swift-written file.
        for (Case c : CASES.values()) {
            String line;
            try {
                line = verify(c, swiftDir, writeErrors.get(c.name));
            } catch (Throwable t) {
                line = "FAIL " + c.name + ": " + describeThrowable(t);
            }
            System.out.println(line);
        }
        System.out.println("DONE");
        System.out.flush();
        System.exit(0);
    }

    private static String verify(Case c, Path swiftDir, String writeError) throws IOException {
        String prefix = writeError == null ? "" : "(java write failed: " + writeError + ") ";
        Path file = swiftDir.resolve(c.name + ".bin");
        if (!Files.isRegularFile(file)) {
            return writeError == null ? "MISSING " + c.name : "FAIL " + c.name + ": " + prefix + "and no swift file";
        }
        byte[] bytes = Files.readAllBytes(file);
        Object actual;
        int position;
        try {
            Object[] r = read(c, bytes);
            actual = r[0];
            position = (Integer) r[1];
        } catch (Throwable t) {
            if (c.readFails && writeError == null) return "PASS " + c.name;
            return "FAIL " + c.name + ": " + prefix + "read threw " + describeThrowable(t) + " [bytes: " + hex(bytes, 64)
                + "]";
        }
        if (c.readFails) {
            return "FAIL " + c.name + ": expected Java's reader to reject the bytes, but it read "
                + describeTyped(actual);
        }
        String problem;
        if (position != bytes.length) {
            String valueText;
            try {
                valueText = describeTyped(actual);
            } catch (Throwable t) {
                valueText = "<toString failed: " + t + ">";
            }
            problem = "read consumed " + position + " of " + bytes.length + " bytes (value read: " + valueText
                + ") [bytes: " + hex(bytes, 64) + "]";
        } else {
            problem = c.check.check(c.expected.get(), actual);
        }
        if (problem == null && writeError == null) return "PASS " + c.name;
        return "FAIL " + c.name + ": " + prefix + oneLine(problem == null ? "read ok" : problem);
    }
}
