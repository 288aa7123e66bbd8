import bench.GraphNode;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import data.media.Image;
import data.media.Media;
import data.media.MediaContent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Java Kryo benchmark harness: one source, compiled and run against Kryo 2.20, 4.0.3 and 5.6.2 in
 * turn (the release is told apart by classes on the class path, see {@link #VERSION}).
 *
 * Usage: java -cp DIR:&lt;jars&gt; MediaBench OUTDIR [--quick]
 *
 * stdout: one TSV line per operation: name, median ns/op, min ns/op, max ns/op, encoded bytes.
 * Workload names carry the release as a suffix of the group, as the Swift rows of the same dialect
 * do: none for 2.20 ({@code media.field.refs-off/encode}), {@code .v4} and {@code .v5}
 * ({@code media.field.refs-off.v5/encode}).
 * stderr: progress and errors. OUTDIR receives the encoded bytes of each media.* workload.
 */
public final class MediaBench {

    // ---------------------------------------------------------------- Kryo release

    /**
     * The Kryo release on the class path: 2 (2.20), 4 (4.0.3) or 5 (5.6.2), told apart by classes
     * only the later releases have (as Tests/JavaPeer/KryoPeer.java does).
     */
    static final int VERSION = hasClass("com.esotericsoftware.kryo.SerializerFactory") ? 5
        : hasClass("com.esotericsoftware.kryo.factories.SerializerFactory") ? 4 : 2;

    static final String RELEASE = VERSION == 5 ? "5.6.2" : VERSION == 4 ? "4.0.3" : "2.20";

    /** Appended to every workload group: the Swift rows of the same dialect carry the same suffix. */
    static final String SUFFIX = VERSION == 2 ? "" : ".v" + VERSION;

    private static boolean hasClass(String name) {
        try {
            Class.forName(name, false, MediaBench.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    // ---------------------------------------------------------------- sinks

    /** Written after every timed loop so the JIT cannot discard the work. */
    static volatile long sinkLong;
    static volatile Object sinkObject;

    // ---------------------------------------------------------------- settings

    static long warmupNanos = 1_000_000_000L;
    static int warmupMinOps = 3;
    static int passes = 5;
    static final long PASS_NANOS = 200_000_000L;
    static final int WARMUP_CAP_FACTOR = 5;

    // ---------------------------------------------------------------- data

    static MediaContent standardMediaContent() {
        List<String> persons = new ArrayList<>();
        persons.add(new String("Bill Gates"));
        persons.add(new String("Steve Jobs\uC2A4"));
        Media media = new Media(
            new String("http://javaone.com/keynote.mpg"),
            new String("Javaone Keynote"),
            640, 480,
            new String("video/mpg4"),
            18000000L, 58982400L, 262144, true,
            persons, Media.Player.JAVA, null);
        List<Image> images = new ArrayList<>();
        images.add(new Image(new String("http://javaone.com/keynote_large.jpg"),
            new String("Javaone Keynote"), 1024, 768, Image.Size.LARGE));
        images.add(new Image(new String("http://javaone.com/keynote_small.jpg"),
            new String("Javaone Keynote"), 320, 240, Image.Size.SMALL));
        return new MediaContent(media, images);
    }

    static ArrayList<MediaContent> mediaList(int n) {
        ArrayList<MediaContent> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) list.add(standardMediaContent());
        return list;
    }

    static int[] intArray(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = (int) (i * 2654435761L);
        return a;
    }

    static double[] doubleArray(int n) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = i * 0.5;
        return d;
    }

    static ArrayList<GraphNode> graph(int n) {
        ArrayList<GraphNode> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new GraphNode(i, i == 0 ? null : list.get(i / 2)));
        }
        return list;
    }

    // ---------------------------------------------------------------- Kryo setup

    static Kryo newKryo(boolean references, boolean manual) {
        Kryo kryo = new Kryo();
        // Both settings explicitly and before any registration, the same on every release (new
        // Kryo() differs: 2.20 and 4 start with references on and registration optional, 5 with
        // references off and registration required; and Kryo 5 builds a class's field serializer
        // when it is registered, so String fields of a class registered while references are off
        // would keep no reference marker whatever is set later). Every class is registered.
        kryo.setReferences(references);
        kryo.setRegistrationRequired(true);
        kryo.register(ArrayList.class, 10);
        if (manual) {
            kryo.register(MediaContent.class, new MediaContentSerializer(), 11);
        } else {
            kryo.register(MediaContent.class, 11);
        }
        kryo.register(Media.Player.class, 12);
        if (manual) {
            kryo.register(Media.class, new MediaSerializer(), 13);
        } else {
            kryo.register(Media.class, 13);
        }
        kryo.register(Image.Size.class, 14);
        if (manual) {
            kryo.register(Image.class, new ImageSerializer(), 15);
        } else {
            kryo.register(Image.class, 15);
        }
        kryo.register(int[].class, 16);
        kryo.register(double[].class, 17);
        kryo.register(GraphNode.class, 18);
        return kryo;
    }

    // ---------------------------------------------------------------- hand-written serializers
    // read(...) takes a raw Class: it overrides read(Kryo, Input, Class<T>) of Kryo 2.20 and 4
    // and read(Kryo, Input, Class<? extends T>) of Kryo 5 alike, so one source serves all three.

    static final Media.Player[] PLAYERS = Media.Player.values();
    static final Image.Size[] SIZES = Image.Size.values();

    static final class MediaContentSerializer extends Serializer<MediaContent> {
        @Override
        public void write(Kryo kryo, Output output, MediaContent content) {
            kryo.writeObject(output, content.media);
            List<Image> images = content.images;
            int n = images.size();
            output.writeInt(n, true);
            for (int i = 0; i < n; i++) kryo.writeObject(output, images.get(i));
        }

        @Override
        public MediaContent read(Kryo kryo, Input input, Class type) {
            MediaContent content = new MediaContent();
            content.media = kryo.readObject(input, Media.class);
            int n = input.readInt(true);
            List<Image> images = new ArrayList<>(n);
            for (int i = 0; i < n; i++) images.add(kryo.readObject(input, Image.class));
            content.images = images;
            return content;
        }
    }

    static final class MediaSerializer extends Serializer<Media> {
        @Override
        public void write(Kryo kryo, Output output, Media m) {
            output.writeString(m.uri);
            output.writeString(m.title);
            output.writeInt(m.width, true);
            output.writeInt(m.height, true);
            output.writeString(m.format);
            output.writeLong(m.duration, true);
            output.writeLong(m.size, true);
            output.writeInt(m.bitrate, true);
            output.writeBoolean(m.hasBitrate);
            List<String> persons = m.persons;
            int n = persons.size();
            output.writeInt(n, true);
            for (int i = 0; i < n; i++) output.writeString(persons.get(i));
            output.writeInt(m.player.ordinal(), true);
            output.writeString(m.copyright);
        }

        @Override
        public Media read(Kryo kryo, Input input, Class type) {
            Media m = new Media();
            m.uri = input.readString();
            m.title = input.readString();
            m.width = input.readInt(true);
            m.height = input.readInt(true);
            m.format = input.readString();
            m.duration = input.readLong(true);
            m.size = input.readLong(true);
            m.bitrate = input.readInt(true);
            m.hasBitrate = input.readBoolean();
            int n = input.readInt(true);
            List<String> persons = new ArrayList<>(n);
            for (int i = 0; i < n; i++) persons.add(input.readString());
            m.persons = persons;
            m.player = PLAYERS[input.readInt(true)];
            m.copyright = input.readString();
            return m;
        }
    }

    static final class ImageSerializer extends Serializer<Image> {
        @Override
        public void write(Kryo kryo, Output output, Image img) {
            output.writeString(img.uri);
            output.writeString(img.title);
            output.writeInt(img.width, true);
            output.writeInt(img.height, true);
            output.writeInt(img.size.ordinal(), true);
        }

        @Override
        public Image read(Kryo kryo, Input input, Class type) {
            Image img = new Image();
            img.uri = input.readString();
            img.title = input.readString();
            img.width = input.readInt(true);
            img.height = input.readInt(true);
            img.size = SIZES[input.readInt(true)];
            return img;
        }
    }

    // ---------------------------------------------------------------- workloads

    interface Checker {
        /** Returns null if ok, otherwise a description of the mismatch. */
        String check(Object original, Object decoded);
    }

    static final class Workload {
        final String name;
        final Kryo kryo;
        final Object value;
        final boolean topLevelClass; // writeClassAndObject vs writeObject(MediaContent)
        final Checker checker;
        final boolean saveBytes;
        final Output output = new Output(1 << 16, -1);
        final Input input = new Input();
        byte[] bytes;
        Object lastDecoded;

        Workload(String name, Kryo kryo, Object value, boolean topLevelClass, Checker checker,
                 boolean saveBytes) {
            this.name = name;
            this.kryo = kryo;
            this.value = value;
            this.topLevelClass = topLevelClass;
            this.checker = checker;
            this.saveBytes = saveBytes;
        }

        /** One encode operation; returns the encoded length. */
        int encode() {
            Output out = output;
            out.setPosition(0);
            if (topLevelClass) {
                kryo.writeClassAndObject(out, value);
            } else {
                kryo.writeObject(out, value);
            }
            return out.position();
        }

        /** One decode operation from {@link #bytes}. */
        Object decode() {
            Input in = input;
            in.setBuffer(bytes);
            Object o;
            if (topLevelClass) {
                o = kryo.readClassAndObject(in);
            } else {
                o = kryo.readObject(in, MediaContent.class);
            }
            lastDecoded = o;
            return o;
        }
    }

    static final Checker EQUALS = (a, b) -> a.equals(b) ? null : "decoded value differs from original";

    static final Checker INT_ARRAY = (a, b) -> (b instanceof int[] && Arrays.equals((int[]) a, (int[]) b))
        ? null : "decoded int[] differs from original";

    static final Checker DOUBLE_ARRAY = (a, b) -> (b instanceof double[] && Arrays.equals((double[]) a, (double[]) b))
        ? null : "decoded double[] differs from original";

    /** Graph: equal values, and parents restored as shared instances (back-references). */
    static final Checker GRAPH = (a, b) -> {
        if (!(b instanceof ArrayList)) return "decoded graph is not an ArrayList: " + (b == null ? "null" : b.getClass());
        @SuppressWarnings("unchecked") List<GraphNode> orig = (List<GraphNode>) a;
        @SuppressWarnings("unchecked") List<GraphNode> dec = (List<GraphNode>) b;
        if (orig.size() != dec.size()) return "graph size " + dec.size() + " != " + orig.size();
        for (int i = 0; i < dec.size(); i++) {
            GraphNode n = dec.get(i);
            if (n == null) return "node " + i + " is null";
            if (n.getId() != i) return "node " + i + " has id " + n.getId();
            GraphNode expectedParent = i == 0 ? null : dec.get(i / 2);
            if (n.getParent() != expectedParent) return "node " + i + " parent is not the shared node " + (i / 2);
        }
        if (!orig.equals(dec)) return "decoded graph differs from original";
        return null;
    };

    static boolean selected(String name, String[] only) {
        if (only == null) return true;
        for (String s : only) if (!s.isEmpty() && name.contains(s)) return true;
        return false;
    }

    /** A named workload whose data and Kryo are built only when it is about to run. */
    static final class Spec {
        final String name;
        final java.util.function.Supplier<Workload> build;

        Spec(String name, java.util.function.Supplier<Workload> build) {
            this.name = name;
            this.build = build;
        }
    }

    static List<Spec> specs() {
        List<Spec> list = new ArrayList<>();
        for (Spec spec : baseSpecs()) {
            String name = spec.name + SUFFIX;
            list.add(new Spec(name, () -> {
                Workload w = spec.build.get();
                return new Workload(name, w.kryo, w.value, w.topLevelClass, w.checker, w.saveBytes);
            }));
        }
        return list;
    }

    static List<Spec> baseSpecs() {
        List<Spec> list = new ArrayList<>();
        list.add(new Spec("media.field.refs-off", () -> new Workload("media.field.refs-off",
            newKryo(false, false), standardMediaContent(), true, EQUALS, true)));
        list.add(new Spec("media.field.refs-on", () -> new Workload("media.field.refs-on",
            newKryo(true, false), standardMediaContent(), true, EQUALS, true)));
        list.add(new Spec("media.manual", () -> new Workload("media.manual",
            newKryo(false, true), standardMediaContent(), false, EQUALS, true)));
        list.add(new Spec("media-list-10k", () -> new Workload("media-list-10k",
            newKryo(false, false), mediaList(10_000), true, EQUALS, false)));
        list.add(new Spec("int-array-10M", () -> new Workload("int-array-10M",
            newKryo(false, false), intArray(10_000_000), true, INT_ARRAY, false)));
        list.add(new Spec("double-array-10M", () -> new Workload("double-array-10M",
            newKryo(false, false), doubleArray(10_000_000), true, DOUBLE_ARRAY, false)));
        list.add(new Spec("graph-10k", () -> new Workload("graph-10k",
            newKryo(true, false), graph(10_000), true, GRAPH, false)));
        list.add(new Spec("graph-100k", () -> new Workload("graph-100k",
            newKryo(true, false), graph(100_000), true, GRAPH, false)));
        list.add(new Spec("graph-1M", () -> new Workload("graph-1M",
            newKryo(true, false), graph(1_000_000), true, GRAPH, false)));
        return list;
    }

    // ---------------------------------------------------------------- timing

    interface Op {
        /** Runs the operation count times; returns something derived from the results. */
        long run(int count);
    }

    static final class Stats {
        final double median, min, max;

        Stats(double[] v) {
            double[] s = v.clone();
            Arrays.sort(s);
            min = s[0];
            max = s[s.length - 1];
            int n = s.length;
            median = (n % 2 == 1) ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
        }
    }

    interface PassCheck {
        void afterPass();
    }

    static Stats measure(String label, Op op, PassCheck check) {
        // Warm-up, in windows of about warmupNanos/10 each (at least one op per window):
        // at least warmupNanos and warmupMinOps ops; then continue while the last window is still
        // more than 10 % faster than the one before (the JIT is still improving the code),
        // up to WARMUP_CAP_FACTOR * warmupNanos in total.
        long start = System.nanoTime();
        long ops = 0;
        long acc = 0;
        long batch = 1;
        double prevWindow = Double.NaN;
        double lastWindow = Double.NaN;
        long windowNanos = warmupNanos / 10;
        while (true) {
            long w0 = System.nanoTime();
            long wOps = 0;
            long now;
            do {
                acc += op.run((int) batch);
                wOps += batch;
                now = System.nanoTime();
                if (now - w0 < windowNanos / 20 && batch < (1 << 20)) batch *= 2;
            } while (now - w0 < windowNanos);
            ops += wOps;
            prevWindow = lastWindow;
            lastWindow = (double) (now - w0) / wOps;
            long elapsed = now - start;
            if (elapsed < warmupNanos || ops < warmupMinOps) continue;
            if (elapsed >= WARMUP_CAP_FACTOR * warmupNanos) break;
            if (!(lastWindow < 0.9 * prevWindow)) break;
        }
        sinkLong = acc;
        double estimate = lastWindow; // ns/op
        System.err.printf(Locale.ROOT, "  %-32s warm-up %.2f s, %d ops, last %.1f ns/op%n", label,
            (System.nanoTime() - start) / 1e9, ops, lastWindow);

        double[] values = new double[passes];
        for (int p = 0; p < passes; p++) {
            // Repeat until >= PASS_NANOS; batch sized from the estimate so timer overhead is negligible.
            int chunk = (int) Math.max(1, Math.min(1 << 20, (PASS_NANOS / 20) / Math.max(estimate, 1.0)));
            long n = 0;
            long sum = 0;
            long t0 = System.nanoTime();
            long t1;
            do {
                sum += op.run(chunk);
                n += chunk;
                t1 = System.nanoTime();
            } while (t1 - t0 < PASS_NANOS);
            sinkLong = sum;
            values[p] = (double) (t1 - t0) / n;
            estimate = values[p];
            check.afterPass();
        }
        Stats st = new Stats(values);
        StringBuilder sb = new StringBuilder();
        for (double v : values) sb.append(String.format(Locale.ROOT, " %.1f", v));
        System.err.printf(Locale.ROOT, "  %-32s passes(ns/op):%s%n", label, sb);
        return st;
    }

    static String fmt(double ns) {
        return String.format(Locale.ROOT, "%.1f", ns);
    }

    static void fail(String msg) {
        System.err.println("FAILED: " + msg);
        System.err.flush();
        System.exit(1);
    }

    // ---------------------------------------------------------------- main

    static final String USAGE =
        "usage: java MediaBench OUTDIR [--quick] [--only=NAME[,NAME...]] [--no-fork] [--bytes-only]";

    static final String CHILD_PROPERTY = "mediabench.child";

    /**
     * Default heap for the forked measuring JVM. 1 GB suffices for the largest workload; the heap is
     * fixed (-Xms = -Xmx) and pre-touched so that no measurement pays for first-touch page faults
     * while the heap grows (on this VM those made some passes 2-10x slower).
     */
    static String heapSize() {
        long mb = 2048;
        try {
            java.lang.management.OperatingSystemMXBean os =
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            if (os instanceof com.sun.management.OperatingSystemMXBean) {
                long phys = ((com.sun.management.OperatingSystemMXBean) os).getTotalMemorySize() >> 20;
                if (phys > 0) mb = Math.max(1024, Math.min(mb, phys / 2));
            }
        } catch (Throwable ignored) {
            // keep the default
        }
        return mb + "m";
    }

    /**
     * Like JMH, measure in a fresh child JVM with fixed, pre-touched heap. The child inherits
     * stdout/stderr, so the TSV still goes to this process's stdout. JVM options given to this
     * process are passed on after the defaults (so they win). Returns the child's exit code.
     */
    static int runForked(String[] args) {
        try {
            String javaBin = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
            String heap = heapSize();
            List<String> cmd = new ArrayList<>();
            cmd.add(javaBin);
            cmd.add("-D" + CHILD_PROPERTY + "=true");
            cmd.add("-Xms" + heap);
            cmd.add("-Xmx" + heap);
            cmd.add("-XX:+AlwaysPreTouch");
            cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(MediaBench.class.getName());
            cmd.addAll(Arrays.asList(args));
            System.err.println("forking measuring JVM: " + String.join(" ", cmd));
            Process child = new ProcessBuilder(cmd).inheritIO().start();
            return child.waitFor();
        } catch (IOException | InterruptedException e) {
            System.err.println("FAILED to fork the measuring JVM (use --no-fork to run in-process): " + e);
            return 1;
        }
    }

    public static void main(String[] args) throws IOException {
        String outDir = null;
        boolean quick = false;
        String[] only = null; // optional: run only workloads whose name contains one of these
        boolean noFork = false;
        boolean bytesOnly = false; // write the encodings of the media.* workloads and stop: no timing
        for (String a : args) {
            if (a.equals("--quick")) quick = true;
            else if (a.equals("--bytes-only")) bytesOnly = true;
            else if (a.equals("--no-fork")) noFork = true;
            else if (a.startsWith("--only=")) only = a.substring("--only=".length()).split(",");
            else if (outDir == null) outDir = a;
            else {
                System.err.println(USAGE);
                System.exit(2);
            }
        }
        if (outDir == null) {
            System.err.println(USAGE);
            System.exit(2);
        }
        if (!noFork && !bytesOnly && System.getProperty(CHILD_PROPERTY) == null) {
            System.exit(runForked(args));
        }
        if (quick) {
            warmupNanos = 100_000_000L;
            warmupMinOps = 1;
            passes = 3;
        }
        Path out = Paths.get(outDir);
        Files.createDirectories(out);

        long runStart = System.nanoTime();
        System.err.println("Kryo " + RELEASE + " benchmark, " + (quick ? "quick" : "full") + " mode, java "
            + System.getProperty("java.version"));

        try {
            for (Spec spec : specs()) {
                if (!selected(spec.name, only)) continue;
                if (bytesOnly && !spec.name.startsWith("media.")) continue;
                Workload w = spec.build.get();
                System.err.println(w.name + ":");
                // Produce the reference encoding once.
                int len = w.encode();
                w.bytes = w.output.toBytes();
                if (w.bytes.length != len) fail(w.name + ": toBytes length mismatch");
                if (w.saveBytes) Files.write(out.resolve(w.name + ".bin"), w.bytes);
                // Sanity round trip before timing.
                Object first = w.decode();
                String err = w.checker.check(w.value, first);
                if (err != null) fail(w.name + "/decode (initial): " + err);
                w.lastDecoded = null;
                if (bytesOnly) continue;

                final Workload wl = w;
                Stats enc = measure(w.name + "/encode", count -> {
                    long s = 0;
                    for (int i = 0; i < count; i++) s += wl.encode();
                    return s;
                }, () -> {
                    if (wl.output.position() != wl.bytes.length) {
                        fail(wl.name + "/encode: encoded length changed to " + wl.output.position());
                    }
                });
                System.out.println(w.name + "/encode\t" + fmt(enc.median) + "\t" + fmt(enc.min) + "\t"
                    + fmt(enc.max) + "\t" + w.bytes.length);
                System.out.flush();

                Stats dec = measure(w.name + "/decode", count -> {
                    long s = 0;
                    for (int i = 0; i < count; i++) s += (wl.decode() != null) ? 1 : 0;
                    return s;
                }, () -> {
                    Object d = wl.lastDecoded;
                    sinkObject = d;
                    String e = wl.checker.check(wl.value, d);
                    if (e != null) fail(wl.name + "/decode: " + e);
                    wl.lastDecoded = null;
                });
                System.out.println(w.name + "/decode\t" + fmt(dec.median) + "\t" + fmt(dec.min) + "\t"
                    + fmt(dec.max) + "\t" + w.bytes.length);
                System.out.flush();
                sinkObject = null;
            }
        } catch (Throwable t) {
            System.err.println("FAILED with exception:");
            t.printStackTrace();
            System.exit(1);
        }
        System.err.printf(Locale.ROOT, "total run time: %.1f s%n", (System.nanoTime() - runStart) / 1e9);
    }
}
