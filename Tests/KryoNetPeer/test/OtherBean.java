package test;

import java.util.List;
import java.util.Map;

/** Copy of Tests/JavaPeer/test/OtherBean.java without its peer.Peers dependency (same fields). */
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
}
