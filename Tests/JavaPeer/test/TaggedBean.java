package test;

import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag;

import java.util.Objects;

/** The KryoCocoa README's tagged bean (Schemas/kryococoa.yaml): Kryo 2.20 drops the deprecated field. */
public class TaggedBean {
    @Tag(1) private int value;
    @Tag(2) private String name;
    @Deprecated @Tag(3) private int deprecatedField;

    public TaggedBean() {
    }

    public TaggedBean(int value, String name, int deprecatedField) {
        this.value = value;
        this.name = name;
        this.deprecatedField = deprecatedField;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        TaggedBean other = (TaggedBean) o;
        return value == other.value && Objects.equals(name, other.name) && deprecatedField == other.deprecatedField;
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, name, deprecatedField);
    }

    @Override
    public String toString() {
        return "TaggedBean(" + value + ", " + peer.Peers.str(name) + ", " + deprecatedField + ")";
    }
}
