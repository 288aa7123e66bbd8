package peer;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Base of the schema-evolution beans: equality and text over every declared instance field, so
 * that each version of a bean is only its fields. This class has no fields of its own.
 */
public abstract class Evolved {
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || o.getClass() != getClass()) return false;
        try {
            for (Field field : getClass().getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) continue;
                field.setAccessible(true);
                if (!Peers.eq(field.get(this), field.get(o))) return false;
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return true;
    }

    @Override
    public int hashCode() {
        return getClass().hashCode();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(getClass().getSimpleName()).append('(');
        try {
            boolean first = true;
            for (Field field : getClass().getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) continue;
                field.setAccessible(true);
                if (!first) text.append(", ");
                first = false;
                Object value = field.get(this);
                text.append(field.getName()).append('=')
                    .append(value instanceof String ? Peers.str((String) value) : String.valueOf(value));
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return text.append(')').toString();
    }
}
