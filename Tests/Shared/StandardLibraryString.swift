import Testing

/// Checks that `read`, a string a decoder made from bytes by a path of its own (``SmallString``),
/// is the very string the standard library makes from the bytes of `expected`: equal, with the
/// same hash, bytes, counts and scalars, and usable in a concatenation.
func expectStandardLibraryString(
    _ read: String, of expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let made = String(decoding: Array(expected.utf8), as: UTF8.self)
    #expect(read == made, sourceLocation: sourceLocation)
    #expect(read.hashValue == made.hashValue, sourceLocation: sourceLocation)
    #expect(Set([read, made]).count == 1, sourceLocation: sourceLocation)
    #expect(Array(read.utf8) == Array(expected.utf8), sourceLocation: sourceLocation)
    #expect(read.count == expected.count, sourceLocation: sourceLocation)
    #expect(Array(read.unicodeScalars) == Array(expected.unicodeScalars), sourceLocation: sourceLocation)
    #expect(read.utf16.count == expected.utf16.count, sourceLocation: sourceLocation)
    #expect(read + "+" == expected + "+", sourceLocation: sourceLocation)
}
