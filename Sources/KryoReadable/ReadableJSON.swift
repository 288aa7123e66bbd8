import KryoCore
@_spi(KryoJSONParsing) import KryoJSON

/// Reading and writing JSON as a ``ReadableValue`` tree, without Foundation.
///
/// ```swift
/// let value = try ReadableJSON.decode(bytes)
/// let text = ReadableJSON.encode(value, style: .pretty)
/// ```
///
/// ## Conventions
///
/// JSON has no data, dates or non-finite numbers, so the writer uses these forms (HRCoder's, for
/// data and dates), and the reader returns them as they are written: turning them back into
/// ``ReadableValue/data(_:)``, ``ReadableValue/date(_:)`` or a non-finite
/// ``ReadableValue/real(_:)`` is the job of the layer that knows which type it expects.
///
/// | Value | JSON |
/// |---|---|
/// | `.data(bytes)` | `{"$class": "NSData", "$data": "<base64 on one line>"}` |
/// | `.date(seconds)` | `{"$class": "NSDate", "NS.time": seconds}` |
/// | `.real(.nan)` | `"NaN"` |
/// | `.real(.infinity)`, `.real(-.infinity)` | `"Infinity"`, `"-Infinity"` |
///
/// A finite real is always written with a `.` or an exponent (`1.0`, `1e+16`, `5e-324`), so it
/// reads back as `.real`, and an integer never has one, so it reads back as `.integer` (or
/// `.unsignedInteger` above `Int64.max`).
public enum ReadableJSON {
    /// Decodes a JSON document.
    ///
    /// The input is RFC 8259 JSON, read strictly, with two extras: a leading UTF-8 byte-order
    /// mark is skipped, and the bare tokens `NaN`, `Infinity` and `-Infinity` read as reals. The
    /// top level may be any value, with whitespace around it and nothing else.
    ///
    /// - A number without a fraction or an exponent is `.integer` when it fits in `Int64` (`-0`
    ///   is `.integer(0)`), else `.unsignedInteger` when it fits in `UInt64`, else `.real`. One
    ///   with a fraction or an exponent is `.real`, correctly rounded; a number beyond `Double`'s
    ///   range (`1e400`) is an error. Leading zeros (`01`), `1.`, `.5`, `+1` and a lone `-` are
    ///   errors.
    /// - Strings must be valid UTF-8 without raw control characters; every escape is decoded,
    ///   including `\uXXXX` surrogate pairs (an unpaired surrogate is an error).
    /// - Objects keep their keys in document order; a key that appears twice in one object is an
    ///   error, since it is almost always a mistake in a hand-edited file. Keys are Swift strings,
    ///   so two spellings of one canonically equivalent text (`"é"` precomposed and decomposed)
    ///   count as the same key.
    /// - The `$class` dictionaries of data and dates and the strings `"NaN"`, `"Infinity"` and
    ///   `"-Infinity"` come back as dictionaries and strings (see ``ReadableJSON``).
    ///
    /// Decoding never traps on bad input. Each error is a `SerializationError` whose `kind` is
    /// `.truncatedInput` when the input ends too early, `.depthLimitExceeded` past `maxDepth`,
    /// and `.invalidValue` otherwise; `offset` is the byte offset of the problem, `found` says
    /// what is there and at which line and column, and `path` holds the object keys and array
    /// indices (in decimal) from the root down to the failing value. A duplicate key's path ends
    /// with that key.
    ///
    /// - Parameters:
    ///   - bytes: The whole document, in UTF-8.
    ///   - maxDepth: The most arrays and objects nested in one another (the top-level container
    ///     is level 1). Decoding keeps its open containers on the heap, not on the thread's
    ///     stack, so no input can overflow it; the limit bounds the values it returns, which
    ///     Swift destroys (and ``encode(_:style:into:)`` writes) by recursion. The default, 512,
    ///     is safe on any thread.
    /// - Returns: The top-level value.
    /// - Throws: `SerializationError` when `bytes` is not a JSON document as described.
    public static func decode(_ bytes: [UInt8], maxDepth: Int = 512) throws(SerializationError) -> ReadableValue {
        let outcome: Result<ReadableValue, SerializationError> = bytes.withUnsafeBytes { raw in
            do throws(SerializationError) {
                return .success(try decode(raw, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Decodes a JSON document from memory the caller owns.
    ///
    /// The rules are those of ``decode(_:maxDepth:)-([UInt8],Int)``. The returned value holds no
    /// reference to `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The whole document, in UTF-8.
    ///   - maxDepth: The most arrays and objects nested in one another.
    /// - Returns: The top-level value.
    /// - Throws: `SerializationError` when `bytes` is not a JSON document.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512
    ) throws(SerializationError) -> ReadableValue {
        var reader = JSONParser(bytes, maxDepth: maxDepth, builder: ReadableJSONTree())
        return try reader.readDocument()
    }

    /// Encodes a value as a JSON document.
    ///
    /// See ``encode(_:style:into:)`` for the layout.
    ///
    /// - Parameters:
    ///   - value: The top-level value.
    ///   - style: Compact (no whitespace) or pretty (indented, one entry per line).
    /// - Returns: The UTF-8 text.
    public static func encode(_ value: ReadableValue, style: JSONStyle = .compact) -> [UInt8] {
        var output: [UInt8] = []
        encode(value, style: style, into: &output)
        return output
    }

    /// Encodes a value as a JSON document, appending its text to `output`.
    ///
    /// The output is deterministic: the same value always gives the same bytes. Dictionary keys
    /// come in the dictionary's own order. Strings escape `"`, `\` and control characters
    /// (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00xx`) and keep everything else, `/` and non-ASCII
    /// included, as raw UTF-8. Integers are written in decimal; finite reals in the shortest
    /// form that reads back to the same `Double`, as `Double.description` writes them, always
    /// with a `.` or an exponent. Non-finite reals, data and dates take the forms listed under
    /// ``ReadableJSON``.
    ///
    /// Encoding recurses once per level of nesting in `value` (a few hundred bytes of stack per
    /// level, about what destroying the value takes anyway).
    ///
    /// - Parameters:
    ///   - value: The top-level value.
    ///   - style: Compact (no whitespace) or pretty (indented, one entry per line).
    ///   - output: The array to append to.
    public static func encode(_ value: ReadableValue, style: JSONStyle, into output: inout [UInt8]) {
        var writer = JSONWriter(style: style, capacity: JSONWriter.estimatedSize(of: value))
        writer.writeDocument(value)
        output.append(contentsOf: writer.output.bytes)
    }
}

/// The layout of the JSON that ``ReadableJSON`` writes.
public enum JSONStyle: Sendable, Equatable {
    /// No whitespace at all: `{"a":[1,2],"b":{}}`.
    case compact
    /// Two-space indentation, one array element or dictionary entry per line, `"key": value`,
    /// empty containers as `[]` and `{}`, and a newline after the top-level value:
    ///
    /// ```json
    /// {
    ///   "a": [
    ///     1,
    ///     2
    ///   ],
    ///   "b": {}
    /// }
    /// ```
    case pretty
}
