package peer;

import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** One field of every kind. Kryo writes them sorted by field name. */
public class AllKinds {
    private boolean aBool;
    private byte aByte;
    private char aChar;
    private short aShort;
    private int anInt;
    private long aLong;
    private float aFloat;
    private double aDouble;
    private Boolean boxedBool;
    private Byte boxedByte;
    private Character boxedChar;
    private Short boxedShort;
    private Integer boxedInt;
    private Long boxedLong;
    private Float boxedFloat;
    private Double boxedDouble;
    private String text;
    private String missingText;
    private int[] ints;
    private String[] strings;
    private List<String> names;
    private Map<String, Integer> counts;
    private Set<String> tags;
    private Object anything;
    private Color color;
    private byte[] blob;
    private Date when;
    private Inner inner;

    public AllKinds() {
    }

    /** Convenience constructor; parameters in field declaration order. */
    public AllKinds(boolean aBool, byte aByte, char aChar, short aShort, int anInt, long aLong,
                    float aFloat, double aDouble, Boolean boxedBool, Byte boxedByte, Character boxedChar,
                    Short boxedShort, Integer boxedInt, Long boxedLong, Float boxedFloat, Double boxedDouble,
                    String text, String missingText, int[] ints, String[] strings, List<String> names,
                    Map<String, Integer> counts, Set<String> tags, Object anything, Color color, byte[] blob,
                    Date when, Inner inner) {
        this.aBool = aBool;
        this.aByte = aByte;
        this.aChar = aChar;
        this.aShort = aShort;
        this.anInt = anInt;
        this.aLong = aLong;
        this.aFloat = aFloat;
        this.aDouble = aDouble;
        this.boxedBool = boxedBool;
        this.boxedByte = boxedByte;
        this.boxedChar = boxedChar;
        this.boxedShort = boxedShort;
        this.boxedInt = boxedInt;
        this.boxedLong = boxedLong;
        this.boxedFloat = boxedFloat;
        this.boxedDouble = boxedDouble;
        this.text = text;
        this.missingText = missingText;
        this.ints = ints;
        this.strings = strings;
        this.names = names;
        this.counts = counts;
        this.tags = tags;
        this.anything = anything;
        this.color = color;
        this.blob = blob;
        this.when = when;
        this.inner = inner;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        AllKinds k = (AllKinds) o;
        return aBool == k.aBool
            && aByte == k.aByte
            && aChar == k.aChar
            && aShort == k.aShort
            && anInt == k.anInt
            && aLong == k.aLong
            && Float.floatToIntBits(aFloat) == Float.floatToIntBits(k.aFloat)
            && Double.doubleToLongBits(aDouble) == Double.doubleToLongBits(k.aDouble)
            && Peers.eq(boxedBool, k.boxedBool)
            && Peers.eq(boxedByte, k.boxedByte)
            && Peers.eq(boxedChar, k.boxedChar)
            && Peers.eq(boxedShort, k.boxedShort)
            && Peers.eq(boxedInt, k.boxedInt)
            && Peers.eq(boxedLong, k.boxedLong)
            && Peers.eq(boxedFloat, k.boxedFloat)
            && Peers.eq(boxedDouble, k.boxedDouble)
            && Peers.eq(text, k.text)
            && Peers.eq(missingText, k.missingText)
            && Peers.eq(ints, k.ints)
            && Peers.eq(strings, k.strings)
            && Peers.eq(names, k.names)
            && Peers.eq(counts, k.counts)
            && Peers.eq(tags, k.tags)
            && Peers.eq(anything, k.anything)
            && color == k.color
            && Peers.eq(blob, k.blob)
            && Peers.eq(when, k.when)
            && Peers.eq(inner, k.inner);
    }

    @Override
    public int hashCode() {
        return Objects.hash(aBool, aByte, aChar, aShort, anInt, aLong, text, color, inner);
    }

    @Override
    public String toString() {
        return "AllKinds(aBool=" + aBool
            + ", aByte=" + aByte
            + ", aChar=" + Peers.describe(aChar)
            + ", aShort=" + aShort
            + ", anInt=" + anInt
            + ", aLong=" + aLong
            + ", aFloat=" + aFloat
            + ", aDouble=" + aDouble
            + ", boxedBool=" + Peers.describe(boxedBool)
            + ", boxedByte=" + Peers.describe(boxedByte)
            + ", boxedChar=" + Peers.describe(boxedChar)
            + ", boxedShort=" + Peers.describe(boxedShort)
            + ", boxedInt=" + Peers.describe(boxedInt)
            + ", boxedLong=" + Peers.describe(boxedLong)
            + ", boxedFloat=" + Peers.describe(boxedFloat)
            + ", boxedDouble=" + Peers.describe(boxedDouble)
            + ", text=" + Peers.describe(text)
            + ", missingText=" + Peers.describe(missingText)
            + ", ints=" + Peers.describe(ints)
            + ", strings=" + Peers.describe(strings)
            + ", names=" + Peers.describe(names)
            + ", counts=" + Peers.describe(counts)
            + ", tags=" + Peers.describe(tags)
            + ", anything=" + Peers.describe(anything)
            + ", color=" + Peers.describe(color)
            + ", blob=" + Peers.describe(blob)
            + ", when=" + Peers.describe(when)
            + ", inner=" + inner + ")";
    }
}
