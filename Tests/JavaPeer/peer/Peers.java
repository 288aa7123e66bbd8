package peer;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Helpers shared by the bean equals()/toString() methods and by KryoPeer.
 * This class has no instance fields and is never serialized.
 */
public final class Peers {
    private Peers() {
    }

    /**
     * Deep, class-aware equality:
     * - both null, or the same instance: equal;
     * - otherwise the runtime classes must be identical (so Integer 1 != Long 1, ArrayList != LinkedList);
     * - primitive arrays via java.util.Arrays.equals (float/double compare bit patterns:
     *   NaN == NaN and -0.0 != 0.0);
     * - Object[] / Lists element by element, recursively;
     * - Maps: same size and, for every key, a recursively equal value;
     * - Sets: same size and Set.equals;
     * - everything else (wrappers, String, Date, enums, beans): equals(). Float/Double use their boxed
     *   equals, i.e. bit-pattern comparison.
     */
    public static boolean eq(Object a, Object b) {
        if (a == b) return true;
        if (a == null || b == null) return false;
        if (a.getClass() != b.getClass()) return false;
        Class<?> c = a.getClass();
        if (c.isArray()) {
            if (a instanceof int[]) return Arrays.equals((int[]) a, (int[]) b);
            if (a instanceof long[]) return Arrays.equals((long[]) a, (long[]) b);
            if (a instanceof short[]) return Arrays.equals((short[]) a, (short[]) b);
            if (a instanceof byte[]) return Arrays.equals((byte[]) a, (byte[]) b);
            if (a instanceof char[]) return Arrays.equals((char[]) a, (char[]) b);
            if (a instanceof float[]) return Arrays.equals((float[]) a, (float[]) b);
            if (a instanceof double[]) return Arrays.equals((double[]) a, (double[]) b);
            if (a instanceof boolean[]) return Arrays.equals((boolean[]) a, (boolean[]) b);
            Object[] x = (Object[]) a;
            Object[] y = (Object[]) b;
            if (x.length != y.length) return false;
            for (int i = 0; i < x.length; i++) {
                if (!eq(x[i], y[i])) return false;
            }
            return true;
        }
        if (a instanceof List) {
            List<?> x = (List<?>) a;
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) return false;
            Iterator<?> i = x.iterator();
            Iterator<?> j = y.iterator();
            while (i.hasNext()) {
                if (!eq(i.next(), j.next())) return false;
            }
            return true;
        }
        if (a instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (x.size() != y.size()) return false;
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!y.containsKey(e.getKey())) return false;
                if (!eq(e.getValue(), y.get(e.getKey()))) return false;
            }
            return true;
        }
        if (a instanceof Set) {
            return ((Set<?>) a).size() == ((Set<?>) b).size() && a.equals(b);
        }
        return a.equals(b);
    }

    /** Quotes a string and escapes non-printable / non-ASCII UTF-16 units; null stays null. */
    public static String str(String s) {
        if (s == null) return "null";
        int limit = s.length() > 120 ? 60 : s.length();
        StringBuilder b = new StringBuilder(limit + 32);
        b.append('"');
        for (int i = 0; i < limit; i++) {
            appendChar(b, s.charAt(i));
        }
        b.append('"');
        if (limit < s.length()) b.append("...(").append(s.length()).append(" UTF-16 units)");
        return b.toString();
    }

    private static void appendChar(StringBuilder b, char c) {
        if (c == '"' || c == '\\' || c == '\'') {
            b.append('\\').append(c);
        } else if (c < 0x20 || c > 0x7e) {
            b.append(String.format("\\u%04x", (int) c));
        } else {
            b.append(c);
        }
    }

    /** Human-readable rendering that shows the runtime type of scalars, arrays and collections. */
    public static String describe(Object o) {
        if (o == null) return "null";
        if (o instanceof String) return str((String) o);
        if (o instanceof Character) {
            StringBuilder b = new StringBuilder("Character '");
            appendChar(b, (Character) o);
            return b.append('\'').toString();
        }
        if (o instanceof Float) {
            float f = (Float) o;
            return "Float " + f + " (bits 0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
        }
        if (o instanceof Double) {
            double d = (Double) o;
            return "Double " + d + " (bits 0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
        }
        if (o instanceof Number || o instanceof Boolean) {
            return o.getClass().getSimpleName() + " " + o;
        }
        if (o instanceof java.util.Date) {
            return "Date(" + ((java.util.Date) o).getTime() + ")";
        }
        if (o instanceof Enum) {
            return o.getClass().getSimpleName() + "." + ((Enum<?>) o).name();
        }
        Class<?> c = o.getClass();
        if (c.isArray()) {
            StringBuilder b = new StringBuilder(c.getComponentType().getSimpleName()).append("[]{");
            int n = Array.getLength(o);
            for (int i = 0; i < n; i++) {
                if (i > 0) b.append(", ");
                if (i >= 50) {
                    b.append("...(").append(n).append(" elements)");
                    break;
                }
                Object e = Array.get(o, i);
                if (!c.getComponentType().isPrimitive()) {
                    b.append(describe(e));
                } else if (e instanceof Character) {
                    b.append('\'');
                    appendChar(b, (Character) e);
                    b.append('\'');
                } else {
                    b.append(e); // plain value: the array type already names the element type
                }
            }
            return b.append('}').toString();
        }
        if (o instanceof Map) {
            StringBuilder b = new StringBuilder(c.getSimpleName()).append('{');
            boolean firstEntry = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                if (!firstEntry) b.append(", ");
                firstEntry = false;
                b.append(describe(e.getKey())).append(": ").append(describe(e.getValue()));
            }
            return b.append('}').toString();
        }
        if (o instanceof Collection) {
            StringBuilder b = new StringBuilder(c.getSimpleName()).append('[');
            boolean firstElement = true;
            for (Object e : (Collection<?>) o) {
                if (!firstElement) b.append(", ");
                firstElement = false;
                b.append(describe(e));
            }
            return b.append(']').toString();
        }
        return String.valueOf(o);
    }
}
