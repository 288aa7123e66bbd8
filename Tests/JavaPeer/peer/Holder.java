package peer;

import java.util.Objects;

public class Holder {
    private Base value;

    public Holder() {
    }

    public Holder(Base value) {
        this.value = value;
    }

    public Base getValue() { return value; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        return Objects.equals(value, ((Holder) o).value);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(value);
    }

    @Override
    public String toString() {
        return "Holder(value=" + value + ")";
    }
}
