package peer;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Public class with public non-final fields: Kryo 2.20 accesses these through ReflectASM and
 * drops the generic type arguments, so every key/value/element carries its class tag.
 */
public class PubBean {
    public Map<String, Integer> map;
    public List<String> names;

    public PubBean() {
    }

    public PubBean(Map<String, Integer> map, List<String> names) {
        this.map = map;
        this.names = names;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        PubBean other = (PubBean) o;
        return Peers.eq(map, other.map) && Peers.eq(names, other.names);
    }

    @Override
    public int hashCode() {
        return Objects.hash(map, names);
    }

    @Override
    public String toString() {
        return "PubBean(map=" + Peers.describe(map) + ", names=" + Peers.describe(names) + ")";
    }
}
