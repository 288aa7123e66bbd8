package peer;

/** Enum; ordinals (RED=0, GREEN=1, BLUE=2) are what goes on the wire. */
public enum Color {
    RED, GREEN, BLUE
}
