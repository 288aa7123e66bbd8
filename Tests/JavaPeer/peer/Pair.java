package peer;

import java.util.Objects;

public class Pair {
    private Object left;
    private Object right;

    public Pair() {
    }

    public Pair(Object left, Object right) {
        this.left = left;
        this.right = right;
    }

    public Object getLeft() { return left; }
    public Object getRight() { return right; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        Pair other = (Pair) o;
        return Peers.eq(left, other.left) && Peers.eq(right, other.right);
    }

    @Override
    public int hashCode() {
        return Objects.hash(left, right);
    }

    @Override
    public String toString() {
        return "Pair(left=" + Peers.describe(left) + ", right=" + Peers.describe(right) + ")";
    }
}
