package test;

import java.util.Objects;

public class SampleBean {
    private int key;
    private String name;

    public SampleBean() {
    }

    public SampleBean(int key, String name) {
        this.key = key;
        this.name = name;
    }

    public int getKey() { return key; }
    public String getName() { return name; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        SampleBean other = (SampleBean) o;
        return key == other.key && Objects.equals(name, other.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, name);
    }

    @Override
    public String toString() {
        return "SampleBean(" + key + ", " + peer.Peers.str(name) + ")";
    }
}
