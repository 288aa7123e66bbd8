package peer;

import java.util.Objects;

public class Inner {
    private int value;
    private String label;

    public Inner() {
    }

    public Inner(int value, String label) {
        this.value = value;
        this.label = label;
    }

    public int getValue() { return value; }
    public String getLabel() { return label; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        Inner other = (Inner) o;
        return value == other.value && Objects.equals(label, other.label);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, label);
    }

    @Override
    public String toString() {
        return "Inner(" + value + ", " + Peers.str(label) + ")";
    }
}
