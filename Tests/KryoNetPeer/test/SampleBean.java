package test;

/** Copy of Tests/JavaPeer/test/SampleBean.java without its peer.Peers dependency (same fields). */
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
}
