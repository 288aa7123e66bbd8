import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.*;
import java.util.*;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;

/**
 * Java side of JdkTypesPeerTests: the JDK types Kryo 4.0.3 and 5.6.2 have default serializers for
 * (java.time, Optional*, Locale, URL, BitSet, PriorityQueue, ConcurrentSkipListMap,
 * Arrays.asList) and UUID/URI (FieldSerializer in every release). Compiles against 4.0.3 and 5.6.2.
 *
 * <pre>
 *   java JdkTypesPeer DIR --kryo 4|5 [--varints off]
 *        for every case of that release: write DIR/java/&lt;case&gt;.bin (writeClassAndObject, nothing
 *        registered); then read DIR/swift/&lt;case&gt;.bin and print PASS / FAIL / MISSING.
 *        With --varints off (Kryo 5), through an Output and Input after setVariableLengthEncoding(false).
 * </pre>
 *
 * Cases marked bytes-only are compared by bytes alone (Java's own reader cannot rebuild them
 * from its own bytes in that release: BitSet's transient wordsInUse, Arrays$ArrayList in 4.0.3).
 */
public final class JdkTypesPeer {
    record Case(String name, String versions, boolean refs, boolean bytesOnly, Supplier<Object> value) {}

    static final List<Case> CASES = new ArrayList<>();

    static void add(String name, String versions, Supplier<Object> value) {
        CASES.add(new Case(name, versions, false, false, value));
    }

    static void addRefs(String name, String versions, Supplier<Object> value) {
        CASES.add(new Case(name, versions, true, false, value));
    }

    static void addBytesOnly(String name, String versions, Supplier<Object> value) {
        CASES.add(new Case(name, versions, false, true, value));
    }

    static {
        LocalDateTime ldt = LocalDateTime.of(2020, 1, 2, 3, 4, 5, 6);
        add("time_instant", "45", () -> Instant.ofEpochSecond(1, 2));
        add("time_instant_neg", "45", () -> Instant.ofEpochSecond(-5, 999_999_999));
        // Swift's Date(timeIntervalSinceReferenceDate: 700_000_000.123456789) as an Instant.
        add("date_as_instant", "45", () -> Instant.ofEpochSecond(1_678_307_200L, 123_456_836));
        add("time_duration", "45", () -> Duration.ofSeconds(3, 4));
        add("time_duration_neg", "45", () -> Duration.ofMillis(-1500));
        add("time_localdate", "45", () -> LocalDate.of(2020, 1, 2));
        add("time_localdate_bc", "45", () -> LocalDate.of(-44, 3, 15));
        add("time_localtime_h", "45", () -> LocalTime.of(7, 0));
        add("time_localtime_m", "45", () -> LocalTime.of(7, 30));
        add("time_localtime_s", "45", () -> LocalTime.of(7, 30, 15));
        add("time_localtime_n", "45", () -> LocalTime.of(7, 30, 15, 123_456_789));
        add("time_localtime_midnight", "45", () -> LocalTime.MIDNIGHT);
        add("time_localdatetime", "45", () -> ldt);
        add("time_offsettime", "45", () -> OffsetTime.of(LocalTime.of(10, 0), ZoneOffset.ofHours(2)));
        add("time_offsetdatetime", "45", () -> OffsetDateTime.of(ldt, ZoneOffset.ofHoursMinutesSeconds(5, 30, 15)));
        add("time_zoned_utc", "45", () -> ZonedDateTime.of(ldt, ZoneId.of("UTC")));
        add("time_zoned_paris", "45", () -> ZonedDateTime.of(ldt, ZoneId.of("Europe/Paris")));
        add("time_zoned_offset", "45", () -> ZonedDateTime.of(ldt, ZoneOffset.ofHours(-5)));
        add("time_zoneoffset", "45", () -> ZoneOffset.ofHours(2));
        add("time_zoneoffset_odd", "45", () -> ZoneOffset.ofTotalSeconds(-3601));
        add("time_zoneregion", "45", () -> ZoneId.of("Europe/Paris"));
        add("time_year", "45", () -> Year.of(2024));
        add("time_yearmonth", "45", () -> YearMonth.of(2024, 2));
        add("time_monthday", "45", () -> MonthDay.of(2, 29));
        add("time_period", "45", () -> Period.of(1, -2, 3));
        addRefs("time_list_refs", "45", () -> new ArrayList<>(List.of(LocalDate.of(2020, 1, 2), Instant.ofEpochSecond(7))));

        add("opt_string", "45", () -> Optional.of("x"));
        add("opt_empty", "45", Optional::empty);
        add("opt_integer", "45", () -> Optional.of(5));
        addRefs("opt_string_refs", "45", () -> Optional.of("x"));
        add("opt_int", "45", () -> OptionalInt.of(5));
        add("opt_int_empty", "45", OptionalInt::empty);
        add("opt_long", "45", () -> OptionalLong.of(-1));
        add("opt_double", "45", () -> OptionalDouble.of(1.5));

        add("locale_en_us", "45", () -> new Locale("en", "US"));
        add("locale_fr", "45", () -> Locale.FRENCH);
        add("locale_variant", "45", () -> new Locale("en", "US", "POSIX"));
        add("locale_root", "45", () -> Locale.ROOT);
        addRefs("locale_refs", "45", () -> new Locale("en", "US"));
        add("url", "45", () -> url("http://a.b/c?d=e#f"));
        addRefs("url_refs", "45", () -> url("https://example.org/"));

        add("uuid", "45", () -> new UUID(1, 2));
        add("uuid_text", "45", () -> UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
        addRefs("uuid_refs", "45", () -> new UUID(-1, Long.MIN_VALUE));
        add("uri", "45", () -> URI.create("http://a/b"));
        addRefs("uri_refs", "45", () -> URI.create("mailto:x@y.z"));

        add("bitset", "5", () -> bits(1, 9, 70));
        add("bitset_empty", "5", BitSet::new);
        addBytesOnly("bitset_fields", "4", () -> bits(1, 9, 70));
        add("pq", "45", () -> queue(null, 5, 1, 4, 2));
        add("pq_reverse", "5", () -> queue(Collections.reverseOrder(), 1, 5, 4, 2));
        add("cslm", "45", () -> new ConcurrentSkipListMap<>(Map.of("a", 1, "b", 2)));
        add("cslm_reverse", "5", () -> {
            ConcurrentSkipListMap<String, Integer> map = new ConcurrentSkipListMap<>(Collections.reverseOrder());
            map.put("a", 1);
            map.put("b", 2);
            return map;
        });
        // The JDK collections and maps Kryo writes with CollectionSerializer and MapSerializer
        // that no Swift type stands for (JavaCollection, JavaMap).
        add("vector", "45", () -> new Vector<>(List.of("a", "b")));
        add("stack", "45", () -> {
            Stack<String> stack = new Stack<>();
            stack.push("x");
            return stack;
        });
        add("arraydeque", "45", () -> new ArrayDeque<>(List.of(1, 2)));
        add("cow_list", "45", () -> new java.util.concurrent.CopyOnWriteArrayList<>(List.of("x", "y")));
        add("clq", "45", () -> new java.util.concurrent.ConcurrentLinkedQueue<>(List.of(3)));
        add("lbq", "45", () -> new java.util.concurrent.LinkedBlockingQueue<>(List.of(4)));
        add("cs_set", "45", () -> new java.util.concurrent.ConcurrentSkipListSet<>(List.of(5, 6)));
        add("chm", "45", () -> new java.util.concurrent.ConcurrentHashMap<>(Map.of("k", 1)));
        addRefs("chm_refs", "45", () -> new java.util.concurrent.ConcurrentHashMap<>(Map.of("k", "v")));
        add("hashtable", "45", () -> new Hashtable<>(Map.of("k", 2)));
        add("identity_map", "45", () -> new IdentityHashMap<>(Map.of("k", 3)));
        add("weak_map", "45", () -> new WeakHashMap<>(Map.of("w", 4)));
        add("properties", "45", () -> {
            Properties properties = new Properties();
            properties.setProperty("a", "b");
            return properties;
        });
        add("sql_timestamp", "45", () -> new java.sql.Timestamp(1_700_000_000_123L));
        add("sql_date", "45", () -> new java.sql.Date(86_400_000L));
        add("sql_time", "45", () -> new java.sql.Time(-1_000L));
        addRefs("sql_timestamp_refs", "45", () -> new java.sql.Timestamp(5L));
        add("jdk_enums", "45", () -> new ArrayList<>(List.of(
            DayOfWeek.FRIDAY, Month.DECEMBER, java.time.temporal.ChronoUnit.FOREVER,
            java.util.concurrent.TimeUnit.DAYS, java.math.RoundingMode.UNNECESSARY,
            java.time.format.TextStyle.NARROW_STANDALONE, Thread.State.TERMINATED)));
        add("aslist", "5", () -> Arrays.asList("x", "y"));
        // The calls an Output with varints off writes fixed width in one release and not the other
        // (Kryo 5's LongSerializer and DateSerializer call writeVarLong, Kryo 4's writeLong(v, b)).
        add("boxed_numbers", "45", () -> new ArrayList<>(List.of(
            -65, 300_000_000_000L, new int[] {1, -2, 300}, new long[] {-1, 1L << 40},
            new java.util.Date(1_700_000_000_123L), new java.math.BigDecimal("-12.345"))));
        add("enumset", "45", () -> EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));
        addBytesOnly("aslist_v4", "4", () -> Arrays.asList("x", "y"));
    }

    static URL url(String text) {
        try {
            return new URL(text);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    static BitSet bits(int... bits) {
        BitSet set = new BitSet();
        for (int bit : bits) set.set(bit);
        return set;
    }

    @SuppressWarnings("unchecked")
    static PriorityQueue<Integer> queue(Comparator<? super Integer> comparator, int... values) {
        PriorityQueue<Integer> queue = new PriorityQueue<>(comparator);
        for (int value : values) queue.add(value);
        return queue;
    }

    /**
     * What equality means for a case's value: PriorityQueue and ConcurrentSkipListMap by order and
     * comparator class; URI by its text (FieldSerializer sets only its string field, so the parsed
     * parts that URI.equals compares stay null, also for Java's own bytes).
     */
    /** Classes compared by class and contents (some have no equals of their own, or compare keys by identity). */
    static final Set<String> NAMED = Set.of(
        "java.util.Vector", "java.util.Stack", "java.util.ArrayDeque", "java.util.concurrent.CopyOnWriteArrayList",
        "java.util.concurrent.ConcurrentLinkedQueue", "java.util.concurrent.LinkedBlockingQueue",
        "java.util.concurrent.ConcurrentSkipListSet", "java.util.concurrent.ConcurrentHashMap", "java.util.Hashtable",
        "java.util.IdentityHashMap", "java.util.WeakHashMap", "java.util.Properties");

    static Object normal(Object value) {
        if (value != null && NAMED.contains(value.getClass().getName())) {
            if (value instanceof Collection<?> collection) return List.of(value.getClass().getName(), new ArrayList<>(collection));
            if (value instanceof Map<?, ?> map) return List.of(value.getClass().getName(), new HashMap<>(map));
        }
        if (value instanceof java.util.Date date && value.getClass() != java.util.Date.class) {
            return List.of(value.getClass().getName(), date.getTime());
        }
        if (value instanceof URI uri) return uri.toString();
        if (value instanceof int[] ints) return Arrays.toString(ints);
        if (value instanceof long[] longs) return Arrays.toString(longs);
        if (value != null && value.getClass() == ArrayList.class) {
            List<Object> elements = new ArrayList<>();
            for (Object element : (ArrayList<?>) value) elements.add(normal(element));
            return elements;
        }
        if (value instanceof PriorityQueue<?> queue) {
            Comparator<?> comparator = queue.comparator();
            return List.of(new ArrayList<>(queue), comparator == null ? "natural" : comparator.getClass().getName());
        }
        if (value instanceof ConcurrentSkipListMap<?, ?> map) {
            Comparator<?> comparator = map.comparator();
            return List.of(new ArrayList<>(map.entrySet()), comparator == null ? "natural" : comparator.getClass().getName());
        }
        return value;
    }

    static Kryo newKryo(boolean refs) throws Exception {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(refs);
        // UUID, URI and the reverse comparator have no no-arg constructor.
        Object fallback = Class.forName("org.objenesis.strategy.StdInstantiatorStrategy").getConstructor().newInstance();
        Class<?> strategy;
        try {
            strategy = Class.forName("com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy");
        } catch (ClassNotFoundException e) {
            strategy = Class.forName("com.esotericsoftware.kryo.Kryo$DefaultInstantiatorStrategy");
        }
        Class<?> iface = Class.forName("org.objenesis.strategy.InstantiatorStrategy");
        Object instantiator = strategy.getConstructor(iface).newInstance(fallback);
        Kryo.class.getMethod("setInstantiatorStrategy", iface).invoke(kryo, instantiator);
        return kryo;
    }

    /**
     * Cases Kryo 5.6.2 cannot read back through an Input with varints off, even from its own
     * bytes: YearSerializer, YearMonthSerializer and PeriodSerializer write with writeVarInt but
     * read with readInt(true), which such an Input reads fixed width. Compared by bytes alone.
     */
    static final Set<String> MISREAD_WITHOUT_VARINTS = Set.of("time_year", "time_yearmonth", "time_period");

    /** Turns an Output's or Input's varints off (Kryo 5; by reflection, so that 4.0.3 compiles). */
    static void varintsOff(Object stream) throws Exception {
        stream.getClass().getMethod("setVariableLengthEncoding", boolean.class).invoke(stream, false);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        String version = args.length > 2 && args[1].equals("--kryo") ? args[2] : "5";
        boolean varintsOff = args.length > 4 && args[3].equals("--varints") && args[4].equals("off");
        Files.createDirectories(dir.resolve("java"));
        for (Case c : CASES) {
            if (!c.versions().contains(version)) continue;
            try {
                Output output = new Output(4096, -1);
                if (varintsOff) varintsOff(output);
                newKryo(c.refs()).writeClassAndObject(output, c.value().get());
                Files.write(dir.resolve("java/" + c.name() + ".bin"), output.toBytes());
            } catch (Throwable t) {
                System.out.println("JAVAFAIL " + c.name() + ": " + t);
            }
            Path swift = dir.resolve("swift/" + c.name() + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + c.name());
                continue;
            }
            if (c.bytesOnly() || varintsOff && MISREAD_WITHOUT_VARINTS.contains(c.name())) {
                System.out.println("PASS " + c.name());
                continue;
            }
            try {
                byte[] bytes = Files.readAllBytes(swift);
                Input input = new Input(bytes);
                if (varintsOff) varintsOff(input);
                Object read = newKryo(c.refs()).readClassAndObject(input);
                Object expected = normal(c.value().get());
                if (input.position() != bytes.length) {
                    System.out.println("FAIL " + c.name() + ": " + (bytes.length - input.position()) + " bytes left");
                } else if (!Objects.equals(normal(read), expected)) {
                    System.out.println("FAIL " + c.name() + ": read " + normal(read) + ", expected " + expected);
                } else {
                    System.out.println("PASS " + c.name());
                }
            } catch (Throwable t) {
                System.out.println("FAIL " + c.name() + ": " + t);
            }
        }
        System.out.println("DONE");
    }
}
