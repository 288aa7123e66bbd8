/// An annotated dump of a Kryo stream (2.20, 4 or 5): what the codec's own reader read of each
/// byte range, traced (``KryoCodec/inspect(_:javaClass:)``).
///
/// The entries cover the input's bytes exactly once, in order, without gaps: bytes the reader
/// could not explain are ``KryoDumpEntry/Role/raw`` entries (after ``stop``) and bytes after the
/// root value are ``KryoDumpEntry/Role/trailing`` entries.
public struct KryoDump: Sendable, Hashable {
    /// The number of bytes inspected.
    public var byteCount: Int
    /// One entry per byte range, ordered by offset.
    public var entries: [KryoDumpEntry]
    /// Where and why the reader stopped understanding the bytes; `nil` when it read the whole
    /// root value.
    public var stop: KryoDumpStop?

    /// Creates a dump.
    public init(byteCount: Int, entries: [KryoDumpEntry], stop: KryoDumpStop?) {
        self.byteCount = byteCount
        self.entries = entries
        self.stop = stop
    }

    /// The number of bytes after the root value (only when the root was understood).
    public var trailingByteCount: Int {
        entries.reduce(0) { $0 + ($1.role == .trailing ? $1.length : 0) }
    }

    /// The dump as text, one line per entry, then a final line when the reader stopped or
    /// found bytes after the root value.
    ///
    /// Each line is: the offset in hexadecimal (at least four digits), up to
    /// `maxBytesPerLine` raw bytes (`…` when the entry has more), the role, and the meaning,
    /// indented by two spaces per nesting level (beyond ``maximumIndentedDepth`` levels, the
    /// depth in brackets):
    ///
    /// ```
    /// 0000  16             class      test.SampleBean (id 20)
    /// 0001  01             reference  new object #0
    /// 0002  54             int          key: 42
    /// 0003  01             reference    name: new object #1
    /// 0004  61 6e 73 77 …  String       name: "answer"
    /// ```
    ///
    /// Raw and trailing entries show all their bytes (at most 16) as their meaning.
    ///
    /// - Parameter maxBytesPerLine: How many raw bytes to show before `…` (at least 1).
    public func render(maxBytesPerLine: Int = 4) -> String {
        var lines = entryLines(maxBytesPerLine: maxBytesPerLine)
        if let stop {
            lines.append(stop.description)
        } else if trailingByteCount > 0, let first = entries.first(where: { $0.role == .trailing }) {
            lines.append(
                "trailing: \(trailingByteCount) byte\(trailingByteCount == 1 ? "" : "s") after the root value, from "
                    + KryoDump.address(first.offset))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The entries as ``render(maxBytesPerLine:)`` shows them, one line each, without the final
    /// line on a stop or trailing bytes: for a caller that shows several dumps of one input
    /// together and says itself how each ended.
    ///
    /// - Parameters:
    ///   - maxBytesPerLine: How many raw bytes to show before `…` (at least 1).
    ///   - offsetDigits: The least number of hexadecimal digits of an offset; `nil` takes what
    ///     the largest offset of this dump needs (at least four). Give the same to several dumps
    ///     of one input to align their columns.
    public func entryLines(maxBytesPerLine: Int = 4, offsetDigits: Int? = nil) -> [String] {
        let shown = max(1, maxBytesPerLine)
        let end = max(byteCount, entries.last.map { $0.offset + $0.length } ?? 0)
        let offsetWidth = offsetDigits ?? max(4, String(max(end, 1) - 1, radix: 16).count)
        let bytesWidth = shown * 3 + 1
        return entries.map { entry in
            var bytes = (0..<min(entry.length, shown)).map { KryoDump.hexByte(entry.bytes[$0]) }
                .joined(separator: " ")
            if entry.length > shown { bytes += " …" }
            return KryoDump.hex(entry.offset, width: offsetWidth) + "  " + KryoDump.padded(bytes, to: bytesWidth)
                + "  " + KryoDump.padded(entry.role.rawValue, to: 10) + " "
                + KryoDump.indentation(entry.depth) + entry.text
        }
    }

    /// The deepest nesting shown by indentation; deeper entries say their depth (`[512] `), so
    /// that a dump of a chain thousands of objects deep stays as long as its entries.
    static let maximumIndentedDepth = 40

    static func indentation(_ depth: Int) -> String {
        let indent = String(repeating: "  ", count: min(depth, maximumIndentedDepth))
        return depth > maximumIndentedDepth ? indent + "[\(depth)] " : indent
    }

    static func padded(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return byte < 16 ? "0" + digits : digits
    }

    static func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `0x` and four or more hexadecimal digits.
    package static func address(_ offset: Int) -> String { "0x" + hex(offset, width: 4) }
}

/// One byte range of a ``KryoDump`` and what it means.
public struct KryoDumpEntry: Sendable, Hashable {
    /// What kind of bytes an entry covers; the raw value is the label in rendered dumps.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// A class tag: `00` null, `01`+name id(+name) for a class written by name, or id+2.
        case classTag = "class"
        /// A reference marker (references on): `00` null, `01` a new object, or id+2 for a
        /// back-reference.
        case reference
        /// The `00`/`01` null marker Kryo writes before a value that is not reference-tracked
        /// (a wrapper, or any value when references are off) and whose serializer does not
        /// write its own null.
        case nullMarker = "marker"
        /// A `boolean`: one byte (also Kryo 5's hasNull and a `Class` value's isPrimitive).
        case boolean
        /// A `byte`: one byte.
        case byte
        /// A `char`: two bytes, big-endian (little-endian in Kryo 5).
        case char
        /// A `short`: two bytes, big-endian (little-endian in Kryo 5).
        case short
        /// An `int`: a zigzag varint, or a positive varint where the text says so.
        case int
        /// A `long`: a zigzag varlong, or a positive varlong where the text says so.
        case long
        /// A `float`: four bytes, big-endian IEEE (little-endian in Kryo 5).
        case float
        /// A `double`: eight bytes, big-endian IEEE (little-endian in Kryo 5).
        case double
        /// A string: ASCII with the last byte's high bit set, or a UTF-8-form length and CESU-8.
        case string = "String"
        /// The size of a collection or map (size + 1 in Kryo 5, a collection's with its flag),
        /// or the length+1 of an array.
        case length
        /// An enum constant: a varint of ordinal+1.
        case enumConstant = "enum"
        /// A `java.util.Date`: a positive varlong of milliseconds since 1970.
        case date = "Date"
        /// A `java.math.BigInteger` (or the unscaled value of a `BigDecimal`): length+1, then
        /// two's complement bytes.
        case bigInteger = "BigInteger"
        /// The contents of a `byte[]`.
        case bytes
        /// The field count of a tagged bean (count + 1 in Kryo 5), or of a compatible bean's
        /// header.
        case count
        /// The tag before a field of a tagged bean.
        case tag
        /// A field name in a compatible bean's header.
        case fieldName = "name"
        /// A chunk length in a compatible bean's field (`00` ends the field).
        case chunk
        /// Bytes the reader could not explain (after a stop), or read past without a hook.
        case raw
        /// Bytes after the root value.
        case trailing
    }

    /// The offset of the first byte.
    public var offset: Int
    /// The number of bytes (at least 1).
    public var length: Int
    /// The nesting level: 0 for the root value, one more inside each object, collection or map.
    public var depth: Int
    /// What the bytes are.
    public var role: Role
    /// What the bytes mean, prefixed with the slot they fill (`name: "answer"`, `[0]: 5`).
    public var text: String
    /// The bytes themselves.
    public var bytes: [UInt8]

    /// Creates an entry.
    public init(offset: Int, length: Int, depth: Int, role: Role, text: String, bytes: [UInt8]) {
        self.offset = offset
        self.length = length
        self.depth = depth
        self.role = role
        self.text = text
        self.bytes = bytes
    }

    /// The byte range.
    public var range: Range<Int> { offset..<(offset + length) }
}

/// Where and why the traced reader (``KryoCodec/inspect(_:javaClass:)``) stopped understanding a
/// stream.
public struct KryoDumpStop: Sendable, Hashable, CustomStringConvertible {
    /// Why the reader stopped.
    public enum Kind: String, Sendable, Hashable {
        /// The input ended in the middle of a value.
        case truncated
        /// The layout of what follows is unknown: a class not in the schema, a tag not in the
        /// class, a serializer the reader does not know.
        case unknownLayout
        /// The bytes contradict the wire format (a back-reference to an object not yet seen, a
        /// size larger than the bytes left…).
        case malformed
        /// Values nest deeper than the codec's ``/KryoCore/Limits/maxDepth``.
        case tooDeep
    }

    /// Why the reader stopped.
    public var kind: Kind
    /// The offset where understanding stopped.
    public var offset: Int
    /// One sentence: for a truncation, "expected a varint at 0x0007, found the end"; otherwise
    /// what is not understood, ending with how many bytes are left.
    public var reason: String

    /// Creates a stop.
    public init(kind: Kind, offset: Int, reason: String) {
        self.kind = kind
        self.offset = offset
        self.reason = reason
    }

    /// `truncated: expected a varint at 0x0007, found the end`, or
    /// `stopped at 0x0005: class id 21 is not in the schema; cannot tell the layout of what
    /// follows (12 bytes left)`.
    public var description: String {
        kind == .truncated ? "truncated: " + reason : "stopped at \(KryoDump.address(offset)): " + reason
    }
}
