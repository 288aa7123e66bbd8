package peer;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.util.Objects;

/** A class that writes its own bytes: a zigzag int, a string, a nested object with its class. */
public class SelfWritten implements KryoSerializable {
    private int count;
    private String label;
    private Object extra;

    public SelfWritten() {
    }

    public SelfWritten(int count, String label, Object extra) {
        this.count = count;
        this.label = label;
        this.extra = extra;
    }

    @Override
    public void write(Kryo kryo, Output output) {
        output.writeInt(count, false);
        output.writeString(label);
        kryo.writeClassAndObject(output, extra);
    }

    @Override
    public void read(Kryo kryo, Input input) {
        count = input.readInt(false);
        label = input.readString();
        extra = kryo.readClassAndObject(input);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        SelfWritten other = (SelfWritten) o;
        return count == other.count && Objects.equals(label, other.label) && Peers.eq(extra, other.extra);
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, label);
    }

    @Override
    public String toString() {
        return "SelfWritten(" + count + ", " + Peers.str(label) + ", " + extra + ")";
    }
}
