package peer;

import java.util.Objects;

public class Tree {
    private int value;
    private Tree left;
    private Tree right;

    public Tree() {
    }

    public Tree(int value, Tree left, Tree right) {
        this.value = value;
        this.left = left;
        this.right = right;
    }

    public int getValue() { return value; }
    public Tree getLeft() { return left; }
    public Tree getRight() { return right; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        Tree other = (Tree) o;
        return value == other.value && Objects.equals(left, other.left) && Objects.equals(right, other.right);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, left, right);
    }

    @Override
    public String toString() {
        return "Tree(" + value + ", " + left + ", " + right + ")";
    }
}
