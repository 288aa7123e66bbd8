/// Which Java Kryo release the bytes must match.
public enum KryoDialect: Sendable, Equatable {
    /// Kryo 2.20 (Debian's `libkryo-java`): big-endian fixed width numbers, references on by
    /// default, the 2–63 character ASCII fast path.
    case v2
}

/// Which of Java's top-level calls wrote (or will read) a value.
public enum KryoFraming: Sendable, Equatable {
    /// `writeClassAndObject` / `readClassAndObject`: a class tag, then the value. The default.
    case classAndObject
    /// `writeObject` / `readObject(input, Class)`: the value without a class tag; never nil.
    case object
    /// `writeObjectOrNull` / `readObjectOrNull(input, Class)`: a nil marker, then the value.
    case objectOrNull
}
