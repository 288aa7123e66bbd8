import KryoCore

/// Reading and writing property lists: Apple's binary (`bplist00`) and XML formats, without
/// Foundation.
///
/// ```swift
/// let (value, format) = try PropertyList.decode(bytes)
/// let xml = try PropertyList.encode(value, format: .xml)
/// ```
///
/// Decoding never traps on bad input: every problem is a thrown `SerializationError` whose
/// `offset` is the byte offset of the problem in the input. See ``PropertyListLimits`` for the
/// bounds a decoder enforces.
public enum PropertyList {
    /// Whether a binary property list holds a UTF-16 string with a surrogate that has no other
    /// half, which reading gives as U+FFFD (a Swift string cannot hold it): so that a tool can
    /// say so. `false` for bytes that are no binary property list.
    package static func holdsUnpairedSurrogates(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let layout = try? BinaryPropertyListLayout(raw, limits: PropertyListLimits()) else { return false }
            return layout.holdsUnpairedSurrogates()
        }
    }

    /// The first eight bytes of a binary property list.
    package static let binaryMagic: [UInt8] = Array("bplist00".utf8)

    /// Decodes a property list, detecting its format: binary when it starts with `bplist00`,
    /// XML otherwise.
    ///
    /// - Parameters:
    ///   - bytes: The whole property list.
    ///   - limits: Bounds on nesting and size.
    /// - Returns: The top-level value and the format it was read from.
    /// - Throws: `SerializationError` when the input is not a valid property list or exceeds
    ///   `limits`.
    public static func decode(
        _ bytes: [UInt8], limits: PropertyListLimits = .default
    ) throws(SerializationError) -> (value: PropertyListValue, format: PropertyListFormat) {
        try withBytes(of: bytes) { (raw) throws(SerializationError) in try decode(raw, limits: limits) }
    }

    /// Decodes a property list from memory the caller owns, detecting its format.
    ///
    /// The returned value holds no reference to `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The whole property list.
    ///   - limits: Bounds on nesting and size.
    /// - Returns: The top-level value and the format it was read from.
    /// - Throws: `SerializationError` when the input is not a valid property list or exceeds
    ///   `limits`.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits = .default
    ) throws(SerializationError) -> (value: PropertyListValue, format: PropertyListFormat) {
        try refuseOtherArchiveFormats(bytes)
        // A file cut short inside the magic is a binary property list too (XML starts with `<`).
        if !bytes.isEmpty && bytes.starts(with: binaryMagic.prefix(min(bytes.count, 6))) {
            return (try decodeBinary(bytes, limits: limits), .binary)
        }
        return (try decodeXML(bytes, limits: limits), .xml)
    }

    /// Decodes a binary property list (`bplist00`).
    ///
    /// - Throws: `SerializationError` when `bytes` is not a valid binary property list.
    public static func decodeBinary(
        _ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits = .default
    ) throws(SerializationError) -> PropertyListValue {
        try refuseOtherArchiveFormats(bytes)
        var reader = try BinaryPropertyListReader(bytes, limits: limits)
        return try reader.readTopObject()
    }

    /// The magic of Interface Builder's compiled nib format (iOS nibs, and macOS ones Xcode
    /// compiles for recent systems), which is not a property list.
    private static let nibArchiveMagic = Array("NIBArchive".utf8)
    /// The magic of `NSArchiver`'s typedstream (old color lists, `NSUnarchiver` data).
    private static let typedStreamMagic: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8)

    /// Throws, naming the format, for a file that is a compiled `NIBArchive` nib or an
    /// `NSArchiver` typedstream: a keyed archive's error (`expected a <plist> element`) would not
    /// tell the user what they have.
    private static func refuseOtherArchiveFormats(_ bytes: UnsafeRawBufferPointer) throws(SerializationError) {
        if bytes.starts(with: nibArchiveMagic) {
            throw SerializationError(
                .unsupported, expected: "a property list (binary 'bplist00' or XML)",
                found: "an Interface Builder NIBArchive (a compiled nib), a format of its own that the library does "
                    + "not read; a nib saved as a keyed archive (keyedobjects.nib) reads", offset: 0)
        }
        if bytes.starts(with: typedStreamMagic) {
            throw SerializationError(
                .unsupported, expected: "a property list (binary 'bplist00' or XML)",
                found: "an NSArchiver typedstream (NSUnarchiver's format, not a keyed archive), which the library "
                    + "does not read", offset: 0)
        }
    }

    /// Decodes a binary property list (`bplist00`).
    ///
    /// - Throws: `SerializationError` when `bytes` is not a valid binary property list.
    public static func decodeBinary(
        _ bytes: [UInt8], limits: PropertyListLimits = .default
    ) throws(SerializationError) -> PropertyListValue {
        try withBytes(of: bytes) { (raw) throws(SerializationError) in try decodeBinary(raw, limits: limits) }
    }

    /// Decodes an XML property list.
    ///
    /// - Throws: `SerializationError` when `bytes` is not a valid XML property list.
    public static func decodeXML(
        _ bytes: [UInt8], limits: PropertyListLimits = .default
    ) throws(SerializationError) -> PropertyListValue {
        try withBytes(of: bytes) { (raw) throws(SerializationError) in try decodeXML(raw, limits: limits) }
    }

    /// Decodes an XML property list.
    ///
    /// - Throws: `SerializationError` when `bytes` is not a valid XML property list.
    public static func decodeXML(
        _ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits = .default
    ) throws(SerializationError) -> PropertyListValue {
        try refuseOtherArchiveFormats(bytes)
        var reader = XMLPropertyListReader(bytes, limits: limits)
        return try reader.readDocument()
    }

    /// Encodes a value as a property list.
    ///
    /// Binary output stores each distinct string, number, date, data and UID once, and uses the
    /// smallest integer, reference and offset sizes, as Apple's writer does. XML output has
    /// Apple's header and tab indentation and keeps dictionary keys in their order; a `.uid(n)`
    /// is written as `<dict><key>CF$UID</key><integer>n</integer></dict>`. XML dates are written
    /// in whole seconds, as Apple's writer does.
    ///
    /// - Parameters:
    ///   - value: The top-level value.
    ///   - format: The byte layout to write.
    ///   - limits: `maxDepth` bounds the nesting of `value`; `maxObjectCount` is not checked.
    /// - Throws: `SerializationError` when `value` is nested deeper than `limits.maxDepth`, or
    ///   (XML only) holds a date that is not finite or too far from 2001 to write.
    public static func encode(
        _ value: PropertyListValue, format: PropertyListFormat, limits: PropertyListLimits = .default
    ) throws(SerializationError) -> [UInt8] {
        switch format {
        case .binary:
            var writer = BinaryPropertyListWriter(maxDepth: limits.maxDepth)
            return try writer.write(value)
        case .xml:
            var writer = XMLPropertyListWriter(maxDepth: limits.maxDepth)
            return try writer.write(value)
        }
    }
}

/// Bounds that protect a property-list decoder from hostile or corrupt input.
///
/// Lengths and counts in the input are always checked against the bytes that remain, so no
/// allocation is sized by an unchecked length; these limits add ceilings of their own.
public struct PropertyListLimits: Sendable, Equatable {
    /// The deepest nesting of arrays and dictionaries accepted (the top-level container is at
    /// depth 1). In XML, the `{"CF$UID": n}` dictionary of a UID counts as one level.
    ///
    /// Decoding and encoding recurse once per level, so keep this well below what the thread's
    /// stack allows (the default, 512, is safe on any thread).
    public var maxDepth: Int
    /// The most objects a property list may hold: the object count of a binary plist's trailer,
    /// or the number of values in an XML plist.
    public var maxObjectCount: Int
    /// The most values a binary plist may hold once an array or dictionary that several places
    /// refer to is counted at each of them (keys and values, the top object included): what a
    /// reader that turns the plist into a tree of its own copies builds. A plist that shares no
    /// container holds fewer values than it has bytes, since each reference takes one; a few
    /// hundred bytes of arrays that share their elements can hold 10^20. Unlimited by default:
    /// a ``PropertyListValue`` keeps the storage of a shared container shared, so a decoded
    /// "billion laughs" costs what its bytes do. Readable documents and keyed archives read
    /// from bytes set it to the number of bytes. XML plists cannot share.
    public var maxExpandedCount: Int

    /// Creates limits.
    public init(maxDepth: Int = 512, maxObjectCount: Int = 1 << 31 - 1, maxExpandedCount: Int = .max) {
        self.maxDepth = maxDepth
        self.maxObjectCount = maxObjectCount
        self.maxExpandedCount = maxExpandedCount
    }

    /// The default limits: 512 levels of nesting, up to `Int32.max` objects, shared containers
    /// not counted again.
    public static let `default` = PropertyListLimits()
}

/// `array.withUnsafeBytes(body)` for a body with a typed error (the standard library's version
/// rethrows `any Error`).
@inline(__always)
func withBytes<Result, Failure: Error>(
    of array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
) throws(Failure) -> Result {
    let outcome: Swift.Result<Result, Failure> = array.withUnsafeBytes { raw in
        do throws(Failure) {
            return .success(try body(raw))
        } catch {
            return .failure(error)
        }
    }
    return try outcome.get()
}
