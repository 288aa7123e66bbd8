import KryoCore

/// A syntax-only check of JSON text by the library's one parser (``JSONParser``), building
/// nothing: what `.json` schema files pass before the YAML parser reads them (YAML accepts far
/// more — comments, unquoted strings, block style — and a `.json` file must stay JSON for every
/// other tool that reads it).
///
/// Strict RFC 8259: no `NaN` or `Infinity`, no trailing commas, no comments; a key may repeat
/// (RFC 8259 leaves that to the reader). A leading byte-order mark is skipped.
package enum JSONSyntaxValidation {
    /// The first place where `text` stops being JSON, or `nil` when it is JSON.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - maxDepth: The most arrays and objects nested in one another.
    package static func firstProblem(in text: String, maxDepth: Int) -> JSONSyntaxProblem? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = JSONParser(UnsafeRawBufferPointer(bytes), maxDepth: maxDepth, builder: Syntax())
            do throws(SerializationError) {
                _ = try parser.readDocument()
                return nil
            } catch {
                return JSONSyntaxProblem(error, in: UnsafeRawBufferPointer(bytes))
            }
        }
    }

    /// Builds nothing: the parser only checks the syntax.
    @usableFromInline
    struct Syntax: JSONTreeBuilder {
        @usableFromInline struct Nothing {
            @inlinable init() {}
        }
        @inlinable init() {}
        @inlinable static var readsNonFiniteLiterals: Bool { false }
        @inlinable func string(_ text: String) -> Nothing { Nothing() }
        @inlinable func integer(_ value: Int64) -> Nothing { Nothing() }
        @inlinable func unsignedInteger(_ value: UInt64) -> Nothing { Nothing() }
        @inlinable func real(_ value: Double, textAt offset: Int?) -> Nothing { Nothing() }
        @inlinable func bool(_ value: Bool) -> Nothing { Nothing() }
        @inlinable func null() -> Nothing { Nothing() }
        @inlinable func makeElements(reservingCapacity capacity: Int) -> Int { 0 }
        @inlinable func append(_ value: consuming Nothing, to elements: inout Int) { elements += 1 }
        @inlinable func count(of elements: Int) -> Int { elements }
        @inlinable func array(_ elements: consuming Int) -> Nothing { Nothing() }
        @inlinable func object(_ members: Nothing) -> Nothing { Nothing() }
        @inlinable func makeObject(reservingCapacity capacity: Int) -> Nothing { Nothing() }
        @inlinable func insert(_ key: String, into object: inout Nothing) -> Bool { true }
        @inlinable func setLastValue(_ value: consuming Nothing, in object: inout Nothing) {}
    }
}

/// Where JSON text stops being JSON, and why.
package struct JSONSyntaxProblem: Sendable, Hashable {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, counted in Unicode scalars.
    package var column: Int
    /// What the parser expected and found: `expected ',' or '}' after an object member, found '#'`.
    package var message: String

    /// The problem `error` reports in `bytes`: its offset's line and column, and its words
    /// without the location the parser appends to them.
    init(_ error: SerializationError, in bytes: UnsafeRawBufferPointer) {
        let offset = min(max(error.offset ?? bytes.count, 0), bytes.count)
        var line = 1
        var column = 1
        for index in 0..<offset {
            let byte = bytes[index]
            if byte == JSONSyntax.newline {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.line = line
        self.column = column
        // The parser ends what it found with " at line L, column C", which the problem holds apart.
        let suffix = " at line \(line), column \(column)"
        let found = error.found.hasSuffix(suffix) ? String(error.found.dropLast(suffix.count)) : error.found
        message = "expected \(error.expected), found \(found)"
    }
}
