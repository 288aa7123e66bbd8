package peer;

import java.util.Objects;

public class Derived extends Base {
    private String extra;

    public Derived() {
    }

    public Derived(int x, String extra) {
        super(x);
        this.extra = extra;
    }

    public String getExtra() { return extra; }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && Objects.equals(extra, ((Derived) o).extra);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hashCode(extra);
    }

    @Override
    public String toString() {
        return "Derived(x=" + getX() + ", extra=" + Peers.str(extra) + ")";
    }
}
