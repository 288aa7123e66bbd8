package test;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import peer.Peers;

public class OtherBean {
    private Map<Integer, String> map;
    private List<SampleBean> beans;
    private SampleEnum kind;

    public OtherBean() {
    }

    public OtherBean(Map<Integer, String> map, List<SampleBean> beans, SampleEnum kind) {
        this.map = map;
        this.beans = beans;
        this.kind = kind;
    }

    public Map<Integer, String> getMap() { return map; }
    public List<SampleBean> getBeans() { return beans; }
    public SampleEnum getKind() { return kind; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        OtherBean other = (OtherBean) o;
        return Peers.eq(map, other.map) && Peers.eq(beans, other.beans) && kind == other.kind;
    }

    @Override
    public int hashCode() {
        return Objects.hash(map, beans, kind);
    }

    @Override
    public String toString() {
        return "OtherBean(map=" + Peers.describe(map) + ", beans=" + Peers.describe(beans)
            + ", kind=" + Peers.describe(kind) + ")";
    }
}
