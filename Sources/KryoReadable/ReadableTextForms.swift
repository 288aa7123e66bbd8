import FoundationEssentials
import KryoCore
import KryoPlist

/// Values a person writes as a string in a readable document where the declared type says what
/// the string stands for: a date as ISO 8601 text, a `BigDecimal` as its digits, a `UUID`, a
/// `URL`, a `Currency` as its code, a `TimeZone` as its id, a `char[]` as its text, a `byte[]` as
/// base64, a `Character` as one character. The library
/// writes its own forms (`NSDate`, the `java.math` objects, `NSUUID`…); these read as well.
enum ReadableTextForms {
    /// The failure of a string to be the value its declared type asks for.
    struct Mismatch: Error {
        /// What the string should have been.
        let expected: String
        /// What it was, or what is wrong with it.
        let found: String
    }

    /// The value `text` stands for as `type`; `nil` when `type` takes no text form (the string is
    /// then a string).
    static func value(_ text: String, as type: any Any.Type) throws(Mismatch) -> Any? {
        let found = "\"\(text.prefix(60))\""
        if let parsed = ISO8601Text.value(text, as: type) {
            guard let value = parsed else {
                throw Mismatch(
                    expected: "\(ISO8601Text.forms) for a \(ValueConversion.javaTypeName(of: type))", found: found)
            }
            return value
        }
        if type == JavaBigDecimal.self {
            guard let value = JavaBigDecimal(text) else {
                throw Mismatch(expected: "a decimal number such as -123.4500 or 1E+3", found: found)
            }
            return value
        }
        if type == JavaBigInteger.self {
            guard let value = JavaBigInteger(text) else {
                throw Mismatch(expected: "an integer's digits", found: found)
            }
            return value
        }
        if type == UUID.self {
            guard let value = UUID(uuidString: text) else {
                throw Mismatch(expected: "a UUID such as 123e4567-e89b-12d3-a456-426614174000", found: found)
            }
            return value
        }
        if type == URL.self {
            guard let value = URLText.url(text) else { throw Mismatch(expected: URLText.expected, found: found) }
            return value
        }
        if type == JavaURI.self {
            // As Java's `new URI(text)` takes it (`URISyntaxException` otherwise).
            if let problem = JavaURI.syntaxProblem(of: text) {
                throw Mismatch(expected: "a URI (java.net.URI): \(problem)", found: found)
            }
            return JavaURI(text)
        }
        if type == JavaStringBuilder.self { return JavaStringBuilder(text) }
        if type == JavaStringBuffer.self { return JavaStringBuffer(text) }
        // A locale as Java's `toString()` writes it (`fr_CA`) or as a language tag (`fr-CA`).
        if type == Locale.self {
            guard !text.isEmpty,
                text.utf8.allSatisfy({
                    $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0)
                        || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                })
            else {
                throw Mismatch(expected: "a locale such as fr_CA", found: found)
            }
            return Locale(identifier: text.replacingOccurrences(of: "-", with: "_"))
        }
        // A `Currency` as its ISO 4217 code (`CHF`), as Java's `Currency.getInstance` takes it.
        if type == Locale.Currency.self {
            guard text.utf8.count == 3, text.utf8.allSatisfy({ (0x41...0x5A).contains($0) }),
                JavaCurrencyCodes.known.contains(text)
            else {
                throw Mismatch(expected: "a currency's ISO 4217 code that Java knows, such as CHF", found: found)
            }
            return Locale.Currency(text)
        }
        // A `TimeZone` as its id (`Europe/Zurich`, `GMT+05:30`).
        if type == TimeZone.self {
            guard let zone = TimeZone(identifier: text) else {
                throw Mismatch(expected: "a time zone id such as Europe/Zurich or GMT+05:30", found: found)
            }
            return zone
        }
        // A `char[]` as the text it holds, one `char` a UTF-16 unit.
        if type == [UInt16].self { return Array(text.utf16) }
        // A Java `char` (`Character`) as one character of one UTF-16 unit.
        if type == UInt16.self, text.utf16.count == 1, let unit = text.utf16.first { return unit }
        // A `byte[]` as base64 text, as `$data` holds it.
        if type == Data.self || type == [UInt8].self || type == [Int8].self {
            let bytes: [UInt8]
            do {
                bytes = try Base64.decode(Array(text.utf8))
            } catch {
                throw Mismatch(
                    expected: "base64 text for the bytes", found: "\(error.reason) at character \(error.offset)")
            }
            if type == Data.self { return Data(bytes) }
            if type == [Int8].self { return bytes.map { Int8(bitPattern: $0) } }
            return bytes
        }
        return nil
    }
}
