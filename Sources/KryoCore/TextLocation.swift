/// Where a byte offset falls in a text document, as an editor shows it: the place the JSON and
/// XML property list parsers give in their syntax errors.
package enum TextLocation {
    /// "line L, column C" of `offset` in UTF-8 `bytes`: lines count line feeds from 1, columns
    /// count Unicode scalars (UTF-8 lead bytes) from 1.
    package static func describe(_ offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
        var line = 1
        var column = 1
        for index in 0..<min(max(offset, 0), bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}
