package peer;

import java.util.List;
import java.util.Objects;

public class Outer {
    private Inner first;
    private Inner second;
    private List<Inner> more;

    public Outer() {
    }

    public Outer(Inner first, Inner second, List<Inner> more) {
        this.first = first;
        this.second = second;
        this.more = more;
    }

    public Inner getFirst() { return first; }
    public Inner getSecond() { return second; }
    public List<Inner> getMore() { return more; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        Outer other = (Outer) o;
        return Peers.eq(first, other.first) && Peers.eq(second, other.second)
            && Peers.eq(more, other.more);
    }

    @Override
    public int hashCode() {
        return Objects.hash(first, second, more);
    }

    @Override
    public String toString() {
        return "Outer(first=" + first + ", second=" + second + ", more=" + Peers.describe(more) + ")";
    }
}
