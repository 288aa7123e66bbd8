import KryoCore

/// Which Java Kryo release the bytes must match: its wire (byte order, string forms, class
/// names, the forms of collections and evolvable classes) and the defaults of its `new Kryo()`.
///
/// ```swift
/// let bytes = try registry.encode(event, as: .kryo(.v5))      // Apache Flink 2, current services
/// let spark = try registry.encode(event, as: .kryo(.v4))      // Apache Spark's kryo-shaded 4.0.3
/// ```
///
/// A dialect is a value, not a closed list: a later release is one more constant whose
/// ``version`` tells serializers which forms to use.
public struct KryoDialect: Sendable, Hashable, CustomStringConvertible {
    /// The release whose forms serializers follow (see ``/KryoCore/KryoWireVersion``).
    public let version: KryoWireVersion
    /// The options of that release's `new Kryo()`: references on and registration not required
    /// in Kryo 2 and 4; references off and registration required in Kryo 5. (Computed, so that a
    /// dialect is plain data that a call copies for free.)
    public var defaultOptions: SerializationOptions {
        SerializationOptions(references: version < .kryo5, registrationRequired: version >= .kryo5)
    }
    /// The primitive forms of the release.
    package let wire: KryoWire

    /// Kryo 2.20 (Debian's `libkryo-java`, KryoCocoa): big-endian fixed width numbers, the 2–63
    /// character ASCII string form, a new class name's id as one byte, references on.
    public static let v2 = KryoDialect(version: .kryo2, wire: .v2)
    /// Kryo 4.x (4.0.3, Apache Spark's `kryo-shaded`): Kryo 2's wire, with class name ids as
    /// varints, `java.lang.Class` values followed by a primitive flag, and `Locale` values.
    public static let v4 = KryoDialect(version: .kryo4, wire: .v4)
    /// Kryo 5.x (5.6.2, Apache Flink 2 and most current services): little-endian fixed width
    /// numbers, the 2–32 character ASCII string form, class names in ASCII form, collection and
    /// map sizes + 1 with the same-class element form, enums not reference-tracked; references
    /// off and registration required by default.
    public static let v5 = KryoDialect(version: .kryo5, wire: .v5)

    /// Every dialect the library speaks, oldest first.
    public static let all: [KryoDialect] = [.v2, .v4, .v5]

    /// The dialect of a wire version.
    public init(_ version: KryoWireVersion) {
        switch version {
        case .kryo2: self = .v2
        case .kryo4: self = .v4
        case .kryo5: self = .v5
        }
    }

    private init(version: KryoWireVersion, wire: KryoWire) {
        self.version = version
        self.wire = wire
    }

    /// The dialect as Java writes and reads it through the `Output` and `Input` classes
    /// `streams` names (Kryo 4's `FastOutput`, `UnsafeOutput`…, Kryo 5's `Output` with variable
    /// length encoding off), which change how integers and numbers are written.
    ///
    /// ```swift
    /// let spark = try registry.decode(Event.self, from: bytes, as: .kryo(.v4.using(.unsafe)))
    /// ```
    ///
    /// Kryo 2.20 has neither class: its dialect through them is the one of Kryo 4's. Kryo 5's
    /// `UnsafeOutput` writes what its `Output` does (varints on, little-endian), so `.unsafe` is
    /// `.standard` there.
    public func using(_ streams: KryoStreamClasses) -> KryoDialect {
        var wire = self.wire
        let fixed = streams == .fast || streams == .unsafe && version < .kryo5
        wire.fixedWidthIntegers = fixed
        // Kryo 5's serializers call `writeVarLong` where Kryo 4's called `writeLong(value, b)`.
        wire.fixedWidthOutputLongs = fixed && version < .kryo5
        wire.littleEndian = version >= .kryo5 || streams == .unsafe
        return KryoDialect(version: version, wire: wire)
    }

    /// The `Output` and `Input` classes of the dialect (``using(_:)``).
    public var streams: KryoStreamClasses {
        guard wire.fixedWidthIntegers else { return .standard }
        return wire.littleEndian && version < .kryo5 ? .unsafe : .fast
    }

    public var description: String {
        let release =
            switch version {
            case .kryo2: "Kryo 2.20"
            case .kryo4: "Kryo 4"
            case .kryo5: "Kryo 5"
            }
        switch streams {
        case .standard: return release
        case .fast where version >= .kryo5: return release + " (variable-length encoding off)"
        case .fast: return release + " (FastOutput)"
        case .unsafe: return release + " (UnsafeOutput)"
        }
    }

    public static func == (lhs: KryoDialect, rhs: KryoDialect) -> Bool {
        lhs.version == rhs.version && lhs.wire == rhs.wire
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(wire)
    }
}

/// The forms of Kryo's primitives that differ between releases (`Output`, `Input` and the class
/// resolver).
package struct KryoWire: Sendable, Hashable {
    /// Fixed width numbers little-endian (Kryo 5) rather than big-endian.
    package var littleEndian: Bool
    /// The longest string `writeString` writes in the ASCII form (63, or 32 in Kryo 5).
    package var maxASCIIStringLength: Int
    /// A new class name's id as one raw byte (Kryo 2.20's bug #87) rather than a varint.
    package var classNameIDIsByte: Bool
    /// Class names written in the ASCII form of any length (Kryo 5's `writeAscii`).
    package var classNamesInASCIIForm: Bool
    /// Integers that Java writes with `writeInt(value, optimizePositive)` written fixed width
    /// (Kryo 4's `FastOutput` and `UnsafeOutput`, Kryo 5's `Output` after
    /// `setVariableLengthEncoding(false)`; ``IntegerEncoding/outputZigzag``), and so are `int[]` and
    /// `long[]` elements.
    package var fixedWidthIntegers = false
    /// Longs that Java's serializers write with `writeLong(value, optimizePositive)` written fixed
    /// width: Kryo 4's fast and unsafe outputs. Kryo 5's serializers call `writeVarLong` instead
    /// (boxed `Long`, `Date`, `Instant` seconds…), which every `Output` writes as a varint.
    package var fixedWidthOutputLongs = false
    /// Arrays of fixed-width numbers and booleans written with one `require` when they fit in
    /// the buffer (Kryo 5's `writeDoubles`…), which matters where a chunk ends.
    package var bulkArrays: Bool

    package static let v2 = KryoWire(
        littleEndian: false, maxASCIIStringLength: 63, classNameIDIsByte: true, classNamesInASCIIForm: false,
        bulkArrays: false)
    package static let v4 = KryoWire(
        littleEndian: false, maxASCIIStringLength: 63, classNameIDIsByte: false, classNamesInASCIIForm: false,
        bulkArrays: false)
    package static let v5 = KryoWire(
        littleEndian: true, maxASCIIStringLength: 32, classNameIDIsByte: false, classNamesInASCIIForm: true,
        bulkArrays: true)
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
