package peer;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

public class Typed {
    private List<String> strings;
    private Map<Integer, String> byId;
    private Set<Integer> ids;
    private List<Inner> inners;

    public Typed() {
    }

    public Typed(List<String> strings, Map<Integer, String> byId, Set<Integer> ids, List<Inner> inners) {
        this.strings = strings;
        this.byId = byId;
        this.ids = ids;
        this.inners = inners;
    }

    public List<String> getStrings() { return strings; }
    public Map<Integer, String> getById() { return byId; }
    public Set<Integer> getIds() { return ids; }
    public List<Inner> getInners() { return inners; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        Typed other = (Typed) o;
        return Peers.eq(strings, other.strings) && Peers.eq(byId, other.byId)
            && Peers.eq(ids, other.ids) && Peers.eq(inners, other.inners);
    }

    @Override
    public int hashCode() {
        return Objects.hash(strings, byId, ids, inners);
    }

    @Override
    public String toString() {
        return "Typed(strings=" + Peers.describe(strings) + ", byId=" + Peers.describe(byId)
            + ", ids=" + Peers.describe(ids) + ", inners=" + Peers.describe(inners) + ")";
    }
}
