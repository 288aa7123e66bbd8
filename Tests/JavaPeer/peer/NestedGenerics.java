package peer;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Generic arguments two levels deep: Kryo 2.20 uses only the first level. */
public class NestedGenerics {
    private Map<String, List<String>> groups;
    private List<List<Integer>> grid;
    private Color[] colors;

    public NestedGenerics() {
    }

    public NestedGenerics(Map<String, List<String>> groups, List<List<Integer>> grid, Color[] colors) {
        this.groups = groups;
        this.grid = grid;
        this.colors = colors;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        NestedGenerics other = (NestedGenerics) o;
        return Peers.eq(groups, other.groups) && Peers.eq(grid, other.grid) && Peers.eq(colors, other.colors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(groups, grid);
    }

    @Override
    public String toString() {
        return "NestedGenerics(groups=" + Peers.describe(groups) + ", grid=" + Peers.describe(grid)
            + ", colors=" + Peers.describe(colors) + ")";
    }
}
