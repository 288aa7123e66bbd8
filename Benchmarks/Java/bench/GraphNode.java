package bench;

public class GraphNode {
    private int id;
    private GraphNode parent;

    public GraphNode() {
    }

    public GraphNode(int id, GraphNode parent) {
        this.id = id;
        this.parent = parent;
    }

    public int getId() {
        return id;
    }

    public GraphNode getParent() {
        return parent;
    }

    /** Structural equality: same id and equal parent chain (depth is log2 N for the benchmark graphs). */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof GraphNode)) return false;
        GraphNode a = this, b = (GraphNode) o;
        while (a != null && b != null) {
            if (a == b) return true;
            if (a.id != b.id) return false;
            a = a.parent;
            b = b.parent;
        }
        return a == b;
    }

    @Override
    public int hashCode() {
        return id;
    }

    @Override
    public String toString() {
        return "GraphNode{id=" + id + ", parent=" + (parent == null ? "null" : Integer.toString(parent.id)) + "}";
    }
}
