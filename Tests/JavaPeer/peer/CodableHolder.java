package peer;

import java.util.Objects;

/** A schema class whose {@code payload} Swift declares as a Codable struct; Java sees a HashMap. */
public class CodableHolder {
    private String name;
    private Object payload;

    public CodableHolder() {
    }

    public CodableHolder(String name, Object payload) {
        this.name = name;
        this.payload = payload;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        CodableHolder other = (CodableHolder) o;
        return Objects.equals(name, other.name) && Peers.eq(payload, other.payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    @Override
    public String toString() {
        return "CodableHolder(name=" + Peers.str(name) + ", payload=" + Peers.describe(payload) + ")";
    }
}
