import KryoCore

/// Writes Apple's XML property list, laid out as Apple's writer does: the XML declaration, the
/// Apple `DOCTYPE`, `<plist version="1.0">`, one element per line indented with tabs, `<dict/>`
/// and `<array/>` for empty containers, and base64 data on lines of its own.
///
/// Dictionary keys keep their order (Apple's writer sorts them). Strings escape `&`, `<` and `>`.
/// Reals are written in the shortest form that reads back to the same `Double` (whole numbers
/// without a fraction, as Apple does; `nan`, `+infinity`, `-infinity`). Dates are written in
/// whole seconds, as Apple's writer does. A `.uid(n)` is written as a dictionary whose only key
/// is `CF$UID`, which is how XML keyed archives store references.
struct XMLPropertyListWriter {
    private let maxDepth: Int
    private var depth = 0
    private var output: [UInt8] = []

    private static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// The bytes of an XML property list whose top-level value is `value`.
    mutating func write(_ value: PropertyListValue) throws(SerializationError) -> [UInt8] {
        output.reserveCapacity(1024)
        append(Self.header)
        try writeValue(value, indent: 0)
        append("</plist>\n")
        return output
    }

    // MARK: - Output helpers

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// `count` tabs, at most ``maximumIndentedDepth``: a chain of dictionaries thousands deep
    /// stays linear in size.
    private mutating func appendTabs(_ count: Int) {
        for _ in 0..<min(count, Self.maximumIndentedDepth) { output.append(0x09) }
    }

    /// The deepest nesting shown by indentation.
    static let maximumIndentedDepth = 64

    /// Appends the decimal digits of `magnitude`, after a `-` when `negative`.
    private mutating func appendDecimal(_ magnitude: UInt64, negative: Bool = false) {
        if negative { output.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 20 digits
        var count = 0
        var rest = magnitude
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[23 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[(24 - count)...]))
        }
    }

    /// Appends `string` with `&`, `<` and `>` escaped.
    private mutating func appendEscaped(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            var needsEscaping = false
            for byte in utf8 where byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                needsEscaping = true
                break
            }
            if !needsEscaping {
                output.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                default: output.append(byte)
                }
            }
        }
    }

    /// The text of a real: shortest round-trip form, whole numbers without a fraction.
    private mutating func appendReal(_ real: Double) {
        if real.isNaN {
            append("nan")
        } else if real.isInfinite {
            append(real < 0 ? "-infinity" : "+infinity")
        } else if real == 0 {
            append(real.sign == .minus ? "-0" : "0")
        } else if real.rounded(.towardZero) == real && abs(real) < 1e15 {
            let integer = Int64(real)
            appendDecimal(integer.magnitude, negative: integer < 0)
        } else {
            output.append(contentsOf: real.description.utf8)
        }
    }

    // MARK: - Values

    private mutating func enterContainer() throws(SerializationError) {
        depth += 1
        guard depth <= maxDepth else {
            throw SerializationError(
                .depthLimitExceeded, expected: "at most \(maxDepth) nested containers", found: "deeper nesting")
        }
    }

    private mutating func writeValue(_ value: PropertyListValue, indent: Int) throws(SerializationError) {
        appendTabs(indent)
        switch value {
        case .string(let string):
            append("<string>")
            appendEscaped(string)
            append("</string>\n")
        case .integer(let integer):
            append("<integer>")
            appendDecimal(integer.magnitude, negative: integer < 0)
            append("</integer>\n")
        case .unsignedInteger(let integer):
            append("<integer>")
            appendDecimal(integer)
            append("</integer>\n")
        case .real(let real):
            append("<real>")
            appendReal(real)
            append("</real>\n")
        case .float(let real):
            append("<real>")
            appendReal(Double(real))
            append("</real>\n")
        case .bool(let bool):
            append(bool ? "<true/>\n" : "<false/>\n")
        case .date(let date):
            guard let text = PlistDate.format(date) else {
                throw SerializationError(
                    .unsupported, expected: "a finite date within \(PlistDate.maximumMagnitude) s of 2001",
                    found: "\(date) seconds since 2001")
            }
            append("<date>")
            output.append(contentsOf: text)
            append("</date>\n")
        case .data(let data):
            append("<data>\n")
            if !data.isEmpty {
                // Apple's lines hold 76 characters, less 8 for each level of indentation (at most 8).
                let level = min(indent, 8)
                let prefix = [UInt8](repeating: 0x09, count: min(indent, Self.maximumIndentedDepth))
                appendTabs(indent)
                data.withUnsafeBytes { bytes in
                    Base64.encode(bytes, into: &output, lineLength: 76 - 8 * level, linePrefix: prefix)
                }
                output.append(0x0A)
            }
            appendTabs(indent)
            append("</data>\n")
        case .uid(let uid):
            try enterContainer()
            append("<dict>\n")
            appendTabs(indent + 1)
            append("<key>CF$UID</key>\n")
            appendTabs(indent + 1)
            append("<integer>")
            appendDecimal(uid)
            append("</integer>\n")
            appendTabs(indent)
            append("</dict>\n")
            depth -= 1
        case .array(let elements):
            try enterContainer()
            if elements.isEmpty {
                append("<array/>\n")
            } else {
                append("<array>\n")
                for element in elements { try writeValue(element, indent: indent + 1) }
                appendTabs(indent)
                append("</array>\n")
            }
            depth -= 1
        case .dictionary(let dictionary):
            try enterContainer()
            if dictionary.isEmpty {
                append("<dict/>\n")
            } else {
                append("<dict>\n")
                for (key, element) in dictionary {
                    appendTabs(indent + 1)
                    append("<key>")
                    appendEscaped(key)
                    append("</key>\n")
                    try writeValue(element, indent: indent + 1)
                }
                appendTabs(indent)
                append("</dict>\n")
            }
            depth -= 1
        }
    }
}
