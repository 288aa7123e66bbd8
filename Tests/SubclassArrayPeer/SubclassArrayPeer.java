import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Java side of SubclassArrayPeerTests. "arrays": fields that declare an array of a class and
 * hold an array of a subclass (a Circle[] in a Shape[] field, a Circle[][] in a Shape[][] one),
 * beside a Shape[] that holds a Circle; Kryo writes the runtime array class before each.
 * "interfaces": arrays of JDK interfaces and abstract classes (Number[], CharSequence[],
 * Comparable[], Serializable[], List[], Map[], Number[][], and a Comparable[] in an Object
 * field). References off, registration not required (classes by name), Kryo 2.20, 4.0.3 and
 * 5.6.2.
 *
 * <pre>
 *   java SubclassArrayPeer DIR
 *        for each case, write DIR/java/CASE.bin (writeClassAndObject), then read
 *        DIR/swift/CASE.bin and print PASS, FAIL or MISSING CASE
 * </pre>
 */
public final class SubclassArrayPeer {
    public static class Shape {
        public int id;
    }

    public static class Circle extends Shape {
        public int r;
    }

    public static class Holder {
        public Shape[] shapes;
        public Shape[][] grid;
        public Shape[] mixed;
    }

    public static class Mixed {
        public Number[] nums;
        public CharSequence[] texts;
        public Comparable[] keys;
        public java.io.Serializable[] ser;
        public List<String>[] lists;
        public Map<String, Integer>[] maps;
        public Object any;
        public Number[][] grid;
    }

    @SuppressWarnings("unchecked")
    static Mixed mixed() {
        Mixed mixed = new Mixed();
        mixed.nums = new Number[] {1, 2L, 3.5, new BigDecimal("1.10"), null};
        mixed.texts = new CharSequence[] {"s", new StringBuilder("b")};
        mixed.keys = new Comparable[] {"k", 1};
        mixed.ser = new java.io.Serializable[] {"z", 2L};
        ArrayList<String> list = new ArrayList<>();
        list.add("l");
        mixed.lists = new List[] {list, null};
        HashMap<String, Integer> map = new HashMap<>();
        map.put("m", 1);
        mixed.maps = new Map[] {map};
        mixed.any = new Comparable[] {"x"};
        mixed.grid = new Number[][] {{1}, {2.5}};
        return mixed;
    }

    static Circle circle(int id, int r) {
        Circle circle = new Circle();
        circle.id = id;
        circle.r = r;
        return circle;
    }

    static Holder value() {
        Holder holder = new Holder();
        holder.shapes = new Circle[] {circle(1, 10), null};
        holder.grid = new Circle[][] {{circle(2, 20)}};
        holder.mixed = new Shape[] {circle(3, 30)};
        return holder;
    }

    static String describe(Object value) {
        if (value == null) return "null";
        if (value instanceof Object[]) {
            StringBuilder text = new StringBuilder(value.getClass().getName()).append("[");
            for (Object element : (Object[]) value) text.append(describe(element)).append(",");
            return text.append("]").toString();
        }
        if (value instanceof Mixed) {
            Mixed m = (Mixed) value;
            return "Mixed(" + describe(m.nums) + " " + describe(m.texts) + " " + describe(m.keys) + " " + describe(m.ser)
                + " " + describe(m.lists) + " " + describe(m.maps) + " " + describe(m.any) + " " + describe(m.grid) + ")";
        }
        if (value instanceof Holder) {
            Holder holder = (Holder) value;
            return "Holder(" + describe(holder.shapes) + " " + describe(holder.grid) + " " + describe(holder.mixed) + ")";
        }
        if (value instanceof Shape) {
            Shape shape = (Shape) value;
            return value.getClass().getSimpleName() + "(" + shape.id
                + (value instanceof Circle ? "," + ((Circle) value).r : "") + ")";
        }
        return value.getClass().getName() + ":" + value;
    }

    static Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setReferences(false);
        kryo.setRegistrationRequired(false);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir.resolve("java"));
        for (String name : new String[] {"arrays", "interfaces"}) {
            Object value = name.equals("arrays") ? value() : mixed();
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                newKryo().writeClassAndObject(output, value);
            }
            Path swift = dir.resolve("swift/" + name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + name);
                continue;
            }
            try (Input input = new Input(Files.readAllBytes(swift))) {
                String actual = describe(newKryo().readClassAndObject(input));
                String expected = describe(value);
                System.out.println(expected.equals(actual) ? "PASS " + name
                    : "FAIL " + name + ": expected " + expected + " but read " + actual);
            } catch (Throwable error) {
                System.out.println("FAIL " + name + ": " + error);
            }
        }
        System.out.println("DONE");
    }
}
