package peer;

public class Base {
    private int x;

    public Base() {
    }

    public Base(int x) {
        this.x = x;
    }

    public int getX() { return x; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        return x == ((Base) o).x;
    }

    @Override
    public int hashCode() {
        return x;
    }

    @Override
    public String toString() {
        return "Base(x=" + x + ")";
    }
}
