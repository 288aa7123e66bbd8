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

/// Every prefix of `alphabet` that ends at a character boundary, shortest first: the lengths
/// around a small string's 15 bytes that the short-string tests walk through.
func everyPrefix(of alphabet: String) -> [String] {
    alphabet.indices.map { String(alphabet[...$0]) }
}
