/// A binary property list built by hand: `objects` laid out after the magic (object 0 is the
/// top), then the offset table and the trailer, with one-byte offsets and references. The
/// trailer's object count and table offset can be overridden, to make it lie.
func handBuiltBinaryPlist(_ objects: [[UInt8]], objectCount: UInt64? = nil, tableOffset: UInt64? = nil) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
        offsets.append(UInt8(truncatingIfNeeded: bytes.count))
        bytes += object
    }
    let table = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    let fields: [UInt64] = [objectCount ?? UInt64(objects.count), 0, tableOffset ?? UInt64(table)]
    for field in fields {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: field >> shift)) }
    }
    return bytes
}

/// The object of a binary property list for an ASCII string.
func binaryPlistString(_ text: String) -> [UInt8] {
    let utf8 = Array(text.utf8)
    precondition(utf8.count < 15)
    return [0x50 | UInt8(utf8.count)] + utf8
}
