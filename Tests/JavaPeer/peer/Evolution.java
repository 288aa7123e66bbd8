package peer;

import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag;

import java.util.ArrayList;

/**
 * Beans in two versions for the schema-evolution cases: version 1 is registered in config
 * "evo1" and version 2 under the same id in "evo2", so that one version's bytes are read as the
 * other. Each pair changes one thing: a field added, removed or deprecated.
 */
public final class Evolution {
    private Evolution() {
    }

    // ---- TaggedFieldSerializer ----

    /** The reference example: tags out of name order, a deprecated field, an untagged one. */
    public static class Tagged extends Evolved {
        @Tag(10) private int aaa;
        @Tag(2) private String name;
        @Deprecated @Tag(3) private int old;
        private int untagged;
        @Tag(1) private int value;

        public Tagged() {
        }

        public Tagged(int aaa, String name, int old, int untagged, int value) {
            this.aaa = aaa;
            this.name = name;
            this.old = old;
            this.untagged = untagged;
            this.value = value;
        }
    }

    public static class TagAddV1 extends Evolved {
        @Tag(1) private int id;
        @Tag(2) private String name;

        public TagAddV1() {
        }

        public TagAddV1(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    public static class TagAddV2 extends Evolved {
        @Tag(1) private int id;
        @Tag(2) private String name;
        @Tag(5) private long extra;

        public TagAddV2() {
        }

        public TagAddV2(int id, String name, long extra) {
            this.id = id;
            this.name = name;
            this.extra = extra;
        }
    }

    public static class TagRemV1 extends Evolved {
        @Tag(1) private int id;
        @Tag(4) private String gone;
        @Tag(2) private String name;

        public TagRemV1() {
        }

        public TagRemV1(int id, String gone, String name) {
            this.id = id;
            this.gone = gone;
            this.name = name;
        }
    }

    public static class TagRemV2 extends Evolved {
        @Tag(1) private int id;
        @Tag(2) private String name;

        public TagRemV2() {
        }

        public TagRemV2(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    public static class TagDepV1 extends Evolved {
        @Tag(1) private int id;
        @Tag(2) private String name;
        @Tag(3) private int old;

        public TagDepV1() {
        }

        public TagDepV1(int id, String name, int old) {
            this.id = id;
            this.name = name;
            this.old = old;
        }
    }

    public static class TagDepV2 extends Evolved {
        @Tag(1) private int id;
        @Tag(2) private String name;
        @Deprecated @Tag(3) private int old;

        public TagDepV2() {
        }

        public TagDepV2(int id, String name, int old) {
            this.id = id;
            this.name = name;
            this.old = old;
        }
    }

    // ---- CompatibleFieldSerializer ----

    /** The reference example. */
    public static class Compat extends Evolved {
        private int x;
        private String name;

        public Compat() {
        }

        public Compat(int x, String name) {
            this.x = x;
            this.name = name;
        }
    }

    /** Objects and a list inside chunked fields, and a field longer than one chunk. */
    public static class CompatNested extends Evolved {
        private Compat first;
        private ArrayList<Object> items;
        private String text;
        private Compat again;

        public CompatNested() {
        }

        public CompatNested(Compat first, ArrayList<Object> items, String text, Compat again) {
            this.first = first;
            this.items = items;
            this.text = text;
            this.again = again;
        }
    }

    public static class CompAddV1 extends Evolved {
        private int x;
        private String name;

        public CompAddV1() {
        }

        public CompAddV1(int x, String name) {
            this.x = x;
            this.name = name;
        }
    }

    public static class CompAddV2 extends Evolved {
        private long extra;
        private int x;
        private String name;

        public CompAddV2() {
        }

        public CompAddV2(long extra, int x, String name) {
            this.extra = extra;
            this.x = x;
            this.name = name;
        }
    }

    public static class CompRemV1 extends Evolved {
        private int x;
        private Compat gone;
        private String name;

        public CompRemV1() {
        }

        public CompRemV1(int x, Compat gone, String name) {
            this.x = x;
            this.gone = gone;
            this.name = name;
        }
    }

    public static class CompRemV2 extends Evolved {
        private int x;
        private String name;

        public CompRemV2() {
        }

        public CompRemV2(int x, String name) {
            this.x = x;
            this.name = name;
        }
    }

    public static class CompDepV1 extends Evolved {
        private int x;
        private int old;

        public CompDepV1() {
        }

        public CompDepV1(int x, int old) {
            this.x = x;
            this.old = old;
        }
    }

    public static class CompDepV2 extends Evolved {
        private int x;
        @Deprecated private int old;

        public CompDepV2() {
        }

        public CompDepV2(int x, int old) {
            this.x = x;
            this.old = old;
        }
    }
}
