import KryoCore
import KryoJSON
import KryoPlist

/// Writes a ``ReadableValue`` tree as JSON text, into one ``JSONBytes`` buffer.
///
/// See ``ReadableJSON/encode(_:style:into:)`` for the conventions (reals, non-finite numbers,
/// data and dates, the two layouts); this type only implements them. Numbers are formatted
/// without going through `String` except for reals that no fast path covers.
struct JSONWriter {
    /// The text written so far.
    let output: JSONBytes
    private let pretty: Bool
    private var indent = 0
    /// Whether strings have the layout ``KryoCore/SmallString`` reads (read once: each read of
    /// the global costs a call).
    private let usesSmallStrings = SmallString.isAvailable

    /// A writer whose buffer starts with room for `capacity` bytes.
    init(style: JSONStyle, capacity: Int = 256) {
        pretty = style == .pretty
        output = JSONBytes(capacity: capacity)
    }

    /// Appends `value` as a complete document (in the pretty style, with a final newline).
    mutating func writeDocument(_ value: ReadableValue) {
        writeValue(value)
        if pretty { output.append(JSONSyntax.newline) }
    }

    /// A cheap first guess at the size of `value`'s text (the buffer grows past it if needed).
    static func estimatedSize(of value: ReadableValue) -> Int {
        switch value {
        case .array(let elements): return 64 + elements.count * 16
        case .dictionary(let members): return 64 + members.count * 32
        case .string(let string): return 2 + string.utf8.count
        case .data(let bytes): return 48 + Base64.encodedCount(bytes.count)
        default: return 64
        }
    }

    /// Ends a document written piece by piece (in the pretty style, with a final newline).
    mutating func finishDocument() {
        if pretty { output.append(JSONSyntax.newline) }
    }

    // MARK: - Writing piece by piece

    // The pieces below write what ``writeValue(_:)`` writes for a dictionary or an array, one
    // member or element at a time, so that a document streamed through them has the bytes of the
    // same document written from its tree.

    /// Opens a dictionary that will have at least one member.
    mutating func openObject() {
        output.append(JSONSyntax.openBrace)
        indent += 1
    }

    /// Writes a member's key and its colon; its value comes next.
    mutating func key(_ key: String, first: Bool) {
        // In the compact style, a small ASCII key with its comma and colon in one write.
        if !pretty, usesSmallStrings, appendSmallASCII(key, comma: !first, colon: true) { return }
        if !first { output.append(JSONSyntax.comma) }
        newline()
        appendString(key)
        appendColon()
    }

    /// Closes a dictionary opened with ``openObject()``.
    mutating func closeObject() {
        indent -= 1
        newline()
        output.append(JSONSyntax.closeBrace)
    }

    /// Opens an array of `count` elements: an empty one is written whole, as `[]`.
    mutating func openArray(count: Int) {
        guard count > 0 else {
            append("[]")
            return
        }
        output.append(JSONSyntax.openBracket)
        indent += 1
    }

    /// Comes before each element of an array opened with ``openArray(count:)``.
    mutating func element(first: Bool) {
        if !first { output.append(JSONSyntax.comma) }
        newline()
    }

    /// Closes an array of `count` elements opened with ``openArray(count:)``.
    mutating func closeArray(count: Int) {
        guard count > 0 else { return }
        indent -= 1
        newline()
        output.append(JSONSyntax.closeBracket)
    }

    // MARK: - Output helpers

    @inline(__always)
    private func append(_ text: StaticString) { output.append(text) }

    /// In the pretty style, a line break and the current indentation (two spaces a level, up to
    /// ``maximumIndentedDepth`` levels, so that a chain of objects thousands deep stays linear in
    /// size); nothing in the compact one.
    @inline(__always)
    private mutating func newline() {
        guard pretty else { return }
        output.append(JSONSyntax.newline)
        output.append(JSONSyntax.space, times: min(indent, Self.maximumIndentedDepth) * 2)
    }

    /// The deepest nesting the pretty style shows by indentation.
    static let maximumIndentedDepth = 64

    /// `:` after a key, followed by a space in the pretty style.
    @inline(__always)
    private func appendColon() {
        output.append(JSONSyntax.colon)
        if pretty { output.append(JSONSyntax.space) }
    }

    /// The two digits of every number below 100, in order: `00`, `01`, … `99`.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Appends the decimal digits of `value`, padded with zeros to at least `minimumDigits`;
    /// two digits at a time, from ``digitPairs``.
    private mutating func appendDecimal(_ value: UInt64, minimumDigits: Int = 1) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
        let width = min(max(minimumDigits, 1), 24)
        let pairs = Self.digitPairs.utf8Start
        withUnsafeMutableBytes(of: &scratch) { digits in
            var start = 24
            var rest = value
            while rest >= 10 {
                let pair = Int(truncatingIfNeeded: rest % 100) &* 2
                rest /= 100
                start -= 2
                digits[start] = pairs[pair]
                digits[start + 1] = pairs[pair + 1]
            }
            // A last single digit; none when the pairs ended with the leading digit (a number
            // of an even count of digits, whose last pair `rest` is now 0).
            if rest > 0 || start == 24 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
            }
            while 24 - start < width {
                start -= 1
                digits[start] = UInt8(ascii: "0")
            }
            output.append(UnsafeRawBufferPointer(rebasing: digits[start...]))
        }
    }

    private static let twoToThe53: Double = 9_007_199_254_740_992
    private static let twoToThe50: Double = 1_125_899_906_842_624

    /// Appends a real in its shortest round-trip form, always with a `.` or an `e`; non-finite
    /// values as the strings `"NaN"`, `"Infinity"` and `"-Infinity"`.
    private mutating func appendReal(_ real: Double) {
        guard real.isFinite else {
            append(real.isNaN ? "\"NaN\"" : real < 0 ? "\"-Infinity\"" : "\"Infinity\"")
            return
        }
        let magnitude = real.magnitude
        if magnitude <= Self.twoToThe53 && magnitude.rounded(.towardZero) == magnitude {
            // Whole numbers up to 2^53 (±0 included): `Double.description` writes them as digits and ".0".
            if real.sign == .minus { output.append(UInt8(ascii: "-")) }
            appendDecimal(UInt64(magnitude))
            append(".0")
            return
        }
        if magnitude >= 1e-3 && appendShortDecimal(magnitude, negative: real.sign == .minus) { return }
        var text = real.description
        text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        // `description` always has one, but the rule that a real reads back as a real matters more.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) { append(".0") }
    }

    /// Writes `magnitude` (at least 0.001, not whole) as `m / 10^k` with the smallest `k` whose
    /// nearest `m` reads back exactly; fails (writing nothing) once `m` would reach 2^50.
    ///
    /// Below 2^50, the spacing of doubles near `magnitude` is under a quarter of `10^-k`, so at most
    /// one `m` per `k` can read back and `(magnitude * 10^k).rounded()` (off by at most 1/16)
    /// finds it; the smallest `k` gives the fewest digits, which is `Double.description`'s text.
    /// `Double(m) / 10^k` is the correctly rounded value of the decimal, since both are exact.
    private mutating func appendShortDecimal(_ magnitude: Double, negative: Bool) -> Bool {
        var scale: Double = 10
        var power: UInt64 = 10
        var digits = 1
        while digits <= 18 {
            let scaled = (magnitude * scale).rounded()
            guard scaled < Self.twoToThe50 else { return false }
            if scaled / scale == magnitude {
                let value = UInt64(scaled)
                if negative { output.append(UInt8(ascii: "-")) }
                appendDecimal(value / power)
                output.append(UInt8(ascii: "."))
                appendDecimal(value % power, minimumDigits: digits)
                return true
            }
            scale *= 10
            power *= 10
            digits += 1
        }
        return false
    }

    /// Writes the string value `string` (as ``writeValue(_:)`` writes `.string(string)`).
    mutating func string(_ string: String) {
        appendString(string)
    }

    /// Appends `string` in quotes, escaping `"`, `\` and control characters.
    @inline(__always)
    private mutating func appendString(_ string: String) {
        if usesSmallStrings, appendSmallASCII(string, comma: false, colon: false) { return }
        appendAnyString(string)
    }

    /// Appends `string` in quotes when it is a small string of ASCII bytes (its bytes held in its
    /// own 16 bytes, ``KryoCore/SmallString``) none of which needs an escape: the two words are
    /// stored whole, and the closing quote over what follows the bytes; after a comma and before
    /// a colon if asked. `false`, having written nothing, for any other string.
    @inline(__always)
    private func appendSmallASCII(_ string: String, comma: Bool, colon: Bool) -> Bool {
        guard let bits = SmallString.asciiBits(ofCheckedLayout: string) else { return false }
        let count = bits.count
        // The bytes past the count (zeros, and the flags in the last) are not the string's.
        let low = JSONSyntax.stringSpecialMask(UInt64(littleEndian: bits.low))
        let special =
            count <= 8
            ? low & Self.firstBytes(count)
            : low | JSONSyntax.stringSpecialMask(UInt64(littleEndian: bits.high)) & Self.firstBytes(count &- 8)
        guard special == 0 else { return false }
        var target = UnsafeMutableRawPointer(output.reserve(20))
        if comma {
            target.storeBytes(of: JSONSyntax.comma, as: UInt8.self)
            target += 1
        }
        target.storeBytes(of: JSONSyntax.quote, as: UInt8.self)
        // The words as they lie in the string: its bytes in order.
        target.storeBytes(of: bits.low, toByteOffset: 1, as: UInt64.self)
        target.storeBytes(of: bits.high, toByteOffset: 9, as: UInt64.self)
        target.storeBytes(of: JSONSyntax.quote, toByteOffset: count &+ 1, as: UInt8.self)
        if colon { target.storeBytes(of: JSONSyntax.colon, toByteOffset: count &+ 2, as: UInt8.self) }
        output.advance((comma ? 1 : 0) &+ count &+ (colon ? 3 : 2))
        return true
    }

    /// The mask of the first `count` bytes (0 to 8) of a little-endian word.
    @inline(__always)
    private static func firstBytes(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
    }

    /// ``appendString(_:)`` for a string ``appendSmallASCII(_:)`` did not write.
    private mutating func appendAnyString(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            appendEscaped(UnsafeRawBufferPointer(utf8))
        }
        if done == nil {
            let copy = Array(string.utf8)
            copy.withUnsafeBytes { appendEscaped($0) }
        }
    }

    /// Writes `text` in quotes. The bytes are copied whole, followed by eight spaces, and then
    /// checked a word at a time for one that needs an escape (the spaces never do, so the last
    /// word needs no care); only a string that has one is written again from there.
    private mutating func appendEscaped(_ text: UnsafeRawBufferPointer) {
        let count = text.count
        let target = output.reserve(count &+ 10)
        target.initialize(to: JSONSyntax.quote)
        guard let source = text.baseAddress, count > 0 else {
            (target + 1).initialize(to: JSONSyntax.quote)
            return output.advance(2)
        }
        let copy = UnsafeMutableRawPointer(target + 1)
        copy.copyMemory(from: source, byteCount: count)
        copy.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: count, as: UInt64.self)
        var index = 0
        while index < count {
            let word = UInt64(littleEndian: copy.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let special = JSONSyntax.stringSpecialMask(word)
            if special != 0 {
                index &+= special.trailingZeroBitCount >> 3
                break
            }
            index &+= 8
        }
        guard index < count else {
            (target + count + 1).initialize(to: JSONSyntax.quote)
            return output.advance(count &+ 2)
        }
        // The quote and the plain bytes before the first escape stay.
        output.advance(1 &+ index)
        var runStart = index
        while index < count {
            let byte = text[index]
            if JSONSyntax.isStringSpecial(byte) {
                output.append(UnsafeRawBufferPointer(rebasing: text[runStart..<index]))
                appendEscape(byte)
                runStart = index + 1
            }
            index += 1
        }
        output.append(UnsafeRawBufferPointer(rebasing: text[runStart..<count]))
        output.append(JSONSyntax.quote)
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// The escape sequence of `"`, `\` or a control character.
    private func appendEscape(_ byte: UInt8) {
        switch byte {
        case JSONSyntax.quote: append(#"\""#)
        case JSONSyntax.backslash: append(#"\\"#)
        case 0x0A: append(#"\n"#)
        case 0x09: append(#"\t"#)
        case 0x0D: append(#"\r"#)
        case 0x08: append(#"\b"#)
        case 0x0C: append(#"\f"#)
        default:
            append(#"\u00"#)
            Self.hexDigits.withUTF8Buffer { digits in
                output.append(digits[Int(byte >> 4 & 0x0F)])
                output.append(digits[Int(byte & 0x0F)])
            }
        }
    }

    // MARK: - Values

    mutating func writeValue(_ value: ReadableValue) {
        switch value {
        case .null:
            append("null")
        case .bool(let bool):
            if bool { append("true") } else { append("false") }
        case .integer(let integer):
            if integer < 0 { output.append(UInt8(ascii: "-")) }
            appendDecimal(integer.magnitude)
        case .unsignedInteger(let integer):
            appendDecimal(integer)
        case .real(let real):
            appendReal(real)
        case .string(let string):
            appendString(string)
        case .data(let bytes):
            writeClassDictionary("NSData") { writer in
                writer.appendKey("$data")
                writer.output.append(JSONSyntax.quote)
                var text: [UInt8] = []
                bytes.withUnsafeBytes { Base64.encode($0, into: &text) }
                text.withUnsafeBytes { writer.output.append($0) }
                writer.output.append(JSONSyntax.quote)
            }
        case .date(let seconds):
            writeClassDictionary("NSDate") { writer in
                writer.appendKey("NS.time")
                writer.appendReal(seconds)
            }
        case .array(let elements):
            writeArray(elements)
        case .dictionary(let members):
            writeDictionary(members)
        }
    }

    /// Writes a key known to need no escaping, and its colon.
    private func appendKey(_ key: StaticString) {
        output.append(JSONSyntax.quote)
        append(key)
        output.append(JSONSyntax.quote)
        appendColon()
    }

    /// HRCoder's form of a value JSON lacks: `{"$class": className, <second entry>}`.
    private mutating func writeClassDictionary(_ className: StaticString, _ secondEntry: (inout JSONWriter) -> Void) {
        output.append(JSONSyntax.openBrace)
        indent += 1
        newline()
        appendKey("$class")
        output.append(JSONSyntax.quote)
        append(className)
        output.append(JSONSyntax.quote)
        output.append(JSONSyntax.comma)
        newline()
        secondEntry(&self)
        indent -= 1
        newline()
        output.append(JSONSyntax.closeBrace)
    }

    private mutating func writeArray(_ elements: [ReadableValue]) {
        guard !elements.isEmpty else {
            append("[]")
            return
        }
        output.append(JSONSyntax.openBracket)
        indent += 1
        var first = true
        for element in elements {
            if !first { output.append(JSONSyntax.comma) }
            first = false
            newline()
            writeValue(element)
        }
        indent -= 1
        newline()
        output.append(JSONSyntax.closeBracket)
    }

    private mutating func writeDictionary(_ members: ReadableDictionary) {
        guard !members.isEmpty else {
            append("{}")
            return
        }
        output.append(JSONSyntax.openBrace)
        indent += 1
        let keys = members.keys.elements
        let values = members.values.elements
        for index in keys.indices {
            if index > 0 { output.append(JSONSyntax.comma) }
            newline()
            appendString(keys[index])
            appendColon()
            writeValue(values[index])
        }
        indent -= 1
        newline()
        output.append(JSONSyntax.closeBrace)
    }
}
