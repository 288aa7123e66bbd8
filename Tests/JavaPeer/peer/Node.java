package peer;

/**
 * Linked node used for cycle tests. Deliberately keeps Object's identity equals()/hashCode():
 * a structural equals would recurse forever on cycles. KryoPeer checks Node graphs by hand.
 */
public class Node {
    private String name;
    private Node next;

    public Node() {
    }

    public Node(String name) {
        this.name = name;
    }

    public Node(String name, Node next) {
        this.name = name;
        this.next = next;
    }

    public String getName() { return name; }
    public Node getNext() { return next; }
    public void setNext(Node next) { this.next = next; }

    @Override
    public String toString() {
        // Only one level deep so cycles don't recurse.
        String nextText = next == null ? "null"
            : next == this ? "<self>" : "Node(" + Peers.str(next.name) + ", ...)";
        return "Node(" + Peers.str(name) + ", next=" + nextText + ")";
    }
}
