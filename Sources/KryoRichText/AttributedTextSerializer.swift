import Foundation
import KryoBinary
import KryoCore
import KryoKeyed
import OrderedCollections

/// Reads and writes ``AttributedText``.
///
/// Keyed archives hold it as Apple does: `NSString`, and `NSAttributes` — one `NSDictionary`
/// when one run covers the whole text, otherwise an array of the distinct attribute
/// dictionaries in order of first use with `NSAttributeInfo`, data of (run length, dictionary
/// index) pairs in unsigned LEB128. Reading accepts `NSAttributedString`,
/// `NSMutableAttributedString` and `NSTextStorage` from either platform. Kryo binary writes the
/// string and each run's length and attributes; readable documents a `string` and a list of
/// `runs`.
public struct AttributedTextSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    static let archiveClass = ArchiveClass("NSAttributedString")
    private static let runsType = DeclaredType([TextRun].self, finality: .final)
    private static let attributesType = DeclaredType(TextAttributes.self, finality: .final)
    private static let translatedKeys: Set<String> = ["NSString", "NSAttributes", "NSAttributeInfo"]

    // MARK: Writing

    public func write(_ text: AttributedText, to writer: any ValueWriter) throws {
        switch writer.formatFamily {
        case .kryoBinary:
            try writer.writeString(text.string, forKey: "string")
            try writer.writeInt32(Int32(clamping: text.runs.count), forKey: "runs", encoding: .positive)
            for run in text.runs {
                try writer.writeInt32(Int32(clamping: run.length), forKey: "length", encoding: .positive)
                try writer.writeObject(run.attributes, as: Self.attributesType, forKey: "attributes")
            }
        case .keyedArchive:
            try writeArchived(text, to: writer)
        default:  // .readable, and the families of other backends: plain names
            try writer.writeString(text.string, forKey: "string")
            try writer.writeObject(text.runs, as: Self.runsType, forKey: "runs")
            if text.storesMutableString { try writer.writeBool(true, forKey: "mutableString") }
            try text.preserved.writeReadable(
                archiveClass: text.archiveClass, translatedClass: Self.archiveClass, owner: "AttributedText",
                to: writer)
        }
    }

    private func writeArchived(_ text: AttributedText, to writer: any ValueWriter) throws {
        writer.setArchiveClass(text.archiveClass ?? Self.archiveClass)
        if text.storesMutableString {
            try writer.writeObject(NSMutableString(string: text.string), forKey: "NSString")
        } else {
            try writer.writeString(text.string, forKey: "NSString")
        }
        let options = writer.options.richText
        var distinct: [TextAttributes] = []
        var dictionaries: [OrderedDictionary<String, Any?>] = []
        var info: [UInt8] = []
        let layout = options.isLossless ? Self.readLayout(of: text) : nil
        for (position, (run, range)) in zip(text.runs, text.ranges).enumerated() {
            if !options.isLossless {
                for name in run.attributes.untranslated.keys { options.drop(name, in: "attributes", range: range) }
            }
            let index: Int
            if let layout, layout[position] < distinct.count {
                index = layout[position]
            } else if layout == nil, let found = distinct.firstIndex(where: { $0.isArchived(like: run.attributes) }) {
                index = found
            } else {
                index = distinct.count
                distinct.append(run.attributes)
                dictionaries.append(Self.dictionary(of: run.attributes, options))
            }
            Self.appendLEB128(run.length, to: &info)
            Self.appendLEB128(index, to: &info)
        }
        // Texts that share a dictionary (as a nib's do) share one object in the archive: the
        // first dictionary of each attributes in a text is the call's one for those attributes;
        // an equal one that the text read as another dictionary stays another.
        var occurrences: [TextAttributes: Int] = [:]
        let uniqued = zip(distinct, dictionaries).map { attributes, dictionary in
            let occurrence = occurrences[attributes, default: 0]
            occurrences[attributes] = occurrence + 1
            let key = UniquedAttributes(attributes: attributes, occurrence: occurrence, isLossless: options.isLossless)
            return writer.uniqued(forKey: key) { SharedValue(dictionary) }
        }
        if text.runs.count == 1, let only = uniqued.first {
            try writer.writeObject(only, forKey: "NSAttributes")
        } else if !text.runs.isEmpty {
            // An `NSMutableArray`, as Apple's archivers write it.
            try writer.writeObject(SharedValue(uniqued, foundationClass: "NSMutableArray"), forKey: "NSAttributes")
            try writer.writeObject(NSMutableData(bytes: info, length: info.count), forKey: "NSAttributeInfo")
        }
        try text.preserved.write(
            to: writer, except: Self.translatedKeys, owner: (text.archiveClass ?? Self.archiveClass).name)
    }

    /// The key of the one attribute dictionary a keyed archive writes for equal attributes.
    private struct UniquedAttributes: Hashable {
        let attributes: TextAttributes
        /// How many equal dictionaries come before it in its text.
        let occurrence: Int
        let isLossless: Bool
    }

    /// The `NSDictionary` of a run's attributes, by archive name.
    private static func dictionary(of attributes: TextAttributes, _ options: RichTextOptions)
        -> OrderedDictionary<String, Any?>
    {
        var entries: OrderedDictionary<String, Any?> = [:]
        for field in TextAttributeField.all {
            guard let value = field.get(attributes) else { continue }
            entries[field.archiveName] = TextAttributesSerializer.archived(value, of: field)
        }
        if options.isLossless {
            for (name, value) in attributes.untranslated { entries[name] = value.value }
        }
        return entries
    }

    static func appendLEB128(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(value)
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    // MARK: Reading

    public func read(from reader: any ValueReader) throws -> AttributedText {
        switch reader.formatFamily {
        case .kryoBinary:
            let string = try reader.readString(forKey: "string") ?? ""
            let count = Int(try reader.readInt32(forKey: "runs", encoding: .positive))
            try reader.validateCount(count, minimumBytesPerElement: 2, forKey: "runs")
            var runs: [TextRun] = []
            runs.reserveCapacity(count)
            for _ in 0..<count {
                let length = Int(try reader.readInt32(forKey: "length", encoding: .positive))
                let attributes = try reader.readObject(
                    TextAttributes.self, as: Self.attributesType, forKey: "attributes")
                runs.append(TextRun(length: length, attributes: attributes))
            }
            return try Self.text(string, runs, reader)
        case .keyedArchive:
            return try readArchived(from: reader)
        default:  // .readable, and the families of other backends: plain names
            // Apple's archive keys written by hand would be ignored, and the text lost.
            for key in ["NSString", "NSAttributes", "NSAttributeInfo"]
            where reader.formatFamily == .readable && reader.containsValue(forKey: key) {
                throw reader.error(
                    .invalidValue, expected: "the attributed text's string and runs (keys string, runs)",
                    found: "the keyed archive's key \(key) (give the text as string, its attributes as runs)")
            }
            try reader.refuseUnknownKeys(
                ["string", "runs", "mutableString", PreservedKeys.readableKey], in: "AttributedText")
            let string = try reader.readString(forKey: "string") ?? ""
            let stored = try reader.readObject(as: Self.runsType, forKey: "runs")
            var runs: [TextRun] = []
            if let stored {
                guard let elements = stored as? [Any?] ?? (stored as? [TextRun]).map({ $0.map { $0 } }) else {
                    throw reader.error(
                        .typeMismatch, expected: "a list of runs", found: ValueConversion.describeType(of: stored))
                }
                for (index, element) in elements.enumerated() {
                    guard let run = element as? TextRun else {
                        throw reader.error(
                            .typeMismatch, expected: "a run at runs[\(index)]",
                            found: ValueConversion.describeType(of: element))
                    }
                    runs.append(run)
                }
            }
            var text = try Self.text(string, runs, reader)
            text.storesMutableString = try reader.optionalBool(forKey: "mutableString") ?? false
            (text.preserved, text.archiveClass) = try PreservedKeys.readReadable(
                from: reader, owner: "AttributedText")
            return text.identified()
        }
    }

    private static func text(_ string: String, _ runs: [TextRun], _ reader: any ValueReader) throws -> AttributedText {
        do {
            return try AttributedText(string, runs: runs)
        } catch let error as SerializationError {
            // The runs disagree with the string: named where they are.
            var located = reader.error(error.kind, expected: error.expected, found: error.found)
            if !reader.isPositional { located.path.append("runs") }
            throw located
        }
    }

    private func readArchived(from reader: any ValueReader) throws -> AttributedText {
        let owner = reader.archiveClass?.name ?? "NSAttributedString"
        let stored = try reader.readObject(forKey: "NSString")
        let string: String
        var mutable = false
        switch stored {
        case let object as NSMutableString where stored.map({ type(of: $0) is NSMutableString.Type }) ?? false:
            string = object as String
            mutable = true
        case let plain as String: string = plain
        default:
            throw reader.error(
                .typeMismatch, expected: "a string under NSString in \(owner)",
                found: ValueConversion.describeType(of: stored))
        }
        let length = string.utf16.count
        let options = reader.options.richText
        var runs: [TextRun] = []
        var info: [UInt8]?
        let attributesValue =
            reader.containsValue(forKey: "NSAttributes") ? try reader.readObject(forKey: "NSAttributes") : nil
        if length > 0 {
            if reader.containsValue(forKey: "NSAttributeInfo") {
                guard let list = attributesValue as? [Any?] else {
                    throw reader.error(
                        .typeMismatch, expected: "an array of attribute dictionaries under NSAttributes in \(owner)",
                        found: ValueConversion.describeType(of: attributesValue))
                }
                let dictionaries = try list.enumerated().map { index, element in
                    try Self.attributes(of: element, at: "NSAttributes[\(index)]", reader)
                }
                let bytes = try Self.infoBytes(reader, owner: owner)
                info = bytes
                let pairs = try Self.runPairs(bytes, reader, owner: owner)
                var start = 0
                for (runLength, index) in pairs {
                    guard index < dictionaries.count else {
                        throw reader.error(
                            .invalidValue,
                            expected: "an attribute index below \(dictionaries.count) in NSAttributeInfo of \(owner)",
                            found: "\(index)")
                    }
                    guard runLength > 0, runLength <= length - start else {
                        throw reader.error(
                            .invalidValue,
                            expected:
                                "a run of 1 to \(length - start) UTF-16 units at offset \(start) in NSAttributeInfo of \(owner) (the text has \(length))",
                            found: "a run of \(runLength)")
                    }
                    let (attributes, dropped) = dictionaries[index]
                    for name in dropped { options.drop(name, in: "attributes", range: start..<start + runLength) }
                    runs.append(TextRun(length: runLength, attributes: attributes))
                    start += runLength
                }
                guard start == length else {
                    throw reader.error(
                        .invalidValue, expected: "runs covering the \(length) UTF-16 units of the text in \(owner)",
                        found: "runs covering \(start)")
                }
            } else {
                let (attributes, dropped) = try Self.attributes(of: attributesValue, at: "NSAttributes", reader)
                for name in dropped { options.drop(name, in: "attributes", range: 0..<length) }
                runs = [TextRun(length: length, attributes: attributes)]
            }
        }
        var text = try Self.text(string, runs, reader)
        text.storesMutableString = mutable
        text.archiveClass = reader.archiveClass
        text.preserved = try PreservedKeys.read(from: reader, except: Self.translatedKeys, owner: owner)
        if options.isLossless, let info {
            // Which dictionary each run used, for a text whose dictionaries the model finds equal:
            // kept only where it says more than the writer works out, so that the text read back
            // from what it writes is the same (a layout the writer cannot follow, or the one it
            // makes itself, is not kept).
            text.preserved.set(.object(Data(info)), forKey: "NSAttributeInfo")
            let layout = Self.readLayout(of: text)
            if layout == nil || layout == Self.ownLayout(of: text) { text.preserved.remove("NSAttributeInfo") }
        }
        return text.identified()
    }

    /// The attributes of one archived dictionary, and the names a lossy call dropped.
    private static func attributes(of value: Any?, at path: String, _ reader: any ValueReader) throws
        -> (TextAttributes, [String])
    {
        var attributes = TextAttributes()
        var dropped: [String] = []
        guard let value else { return (attributes, dropped) }
        guard let entries = TextAttributesSerializer.entries(of: value) else {
            throw reader.error(
                .typeMismatch, expected: "an attribute dictionary at \(path)",
                found: ValueConversion.describeType(of: value))
        }
        let options = reader.options.richText
        for (name, entry) in entries.sorted(by: { $0.0 < $1.0 }) {
            guard let entry else { continue }
            if let field = TextAttributeField.byArchiveName[name] {
                guard field.set(&attributes, entry) else {
                    throw reader.error(
                        .typeMismatch, expected: "a value of the attribute \(name) at \(path).\(name)",
                        found: ValueConversion.describeType(of: entry))
                }
            } else if options.isLossless {
                attributes.untranslated[name] = UntranslatedValue(entry)
            } else {
                dropped.append(name)
            }
        }
        return (attributes, dropped)
    }

    private static func infoBytes(_ reader: any ValueReader, owner: String) throws -> [UInt8] {
        let value = try reader.readObject(forKey: "NSAttributeInfo")
        switch value {
        case let data as NSData: return [UInt8](data as Data)
        case let data as Data: return [UInt8](data)
        case let bytes as [UInt8]: return bytes
        default:
            throw reader.error(
                .typeMismatch, expected: "data under NSAttributeInfo in \(owner)",
                found: ValueConversion.describeType(of: value))
        }
    }

    /// The (run length, dictionary index) pairs of `NSAttributeInfo`.
    static func runPairs(_ bytes: [UInt8], _ reader: any ValueReader, owner: String) throws -> [(Int, Int)] {
        switch pairs(in: bytes) {
        case .success(let pairs): return pairs
        case .failure(let problem):
            throw reader.error(
                .invalidValue, expected: "\(problem.expected) in NSAttributeInfo of \(owner)", found: problem.found)
        }
    }

    /// What is wrong with an `NSAttributeInfo`.
    struct MalformedInfo: Error {
        let expected: String
        let found: String
    }

    /// The (run length, dictionary index) pairs of LEB128 numbers.
    static func pairs(in bytes: [UInt8]) -> Result<[(Int, Int)], MalformedInfo> {
        var numbers: [Int] = []
        var value = 0
        var shift = 0
        for (offset, byte) in bytes.enumerated() {
            guard shift < 56 else {
                return .failure(
                    MalformedInfo(expected: "a LEB128 number of at most 8 bytes", found: "more at byte \(offset)"))
            }
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                numbers.append(value)
                value = 0
                shift = 0
            } else {
                shift += 7
            }
        }
        guard shift == 0, numbers.count % 2 == 0 else {
            return .failure(
                MalformedInfo(
                    expected: "pairs of complete numbers", found: "\(bytes.count) bytes ending mid-pair"))
        }
        return .success(stride(from: 0, to: numbers.count, by: 2).map { (numbers[$0], numbers[$0 + 1]) })
    }

    /// The dictionary index of each run as the writer numbers them when nothing was kept: runs
    /// with equal attributes share the index of the first, the others take the next.
    static func ownLayout(of text: AttributedText) -> [Int] {
        var distinct: [TextAttributes] = []
        return text.runs.map { run in
            if let found = distinct.firstIndex(where: { $0.isArchived(like: run.attributes) }) { return found }
            distinct.append(run.attributes)
            return distinct.count - 1
        }
    }

    /// The dictionary index of each run as the archive the text was read from had them (kept
    /// under `NSAttributeInfo`), while they still fit: the same run lengths, indices numbered in
    /// order of first use, and runs that share an index with equal attributes. Apple's archives
    /// may hold two dictionaries the model finds equal (they differ in what it does not
    /// translate); this keeps them apart.
    static func readLayout(of text: AttributedText) -> [Int]? {
        guard case .object(let stored)? = text.preserved.values["NSAttributeInfo"] else { return nil }
        let bytes: [UInt8]
        switch stored {
        case let data as Data: bytes = [UInt8](data)
        case let data as NSData: bytes = [UInt8](data as Data)
        default: return nil
        }
        guard case .success(let pairs) = pairs(in: bytes), pairs.count == text.runs.count else { return nil }
        var first: [TextAttributes] = []
        for ((length, index), run) in zip(pairs, text.runs) {
            guard length == run.length, index <= first.count else { return nil }
            if index == first.count {
                first.append(run.attributes)
            } else if !first[index].isArchived(like: run.attributes) {
                return nil
            }
        }
        return pairs.map(\.1)
    }
}

/// Reads and writes ``TextRun`` (readable documents): `length` and `attributes`.
public struct TextRunSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    private static let attributesType = DeclaredType(TextAttributes.self, finality: .final)

    public func write(_ run: TextRun, to writer: any ValueWriter) throws {
        try writer.writeInt32(Int32(clamping: run.length), forKey: "length", encoding: .positive)
        try writer.writeObject(run.attributes, as: Self.attributesType, forKey: "attributes")
    }

    public func read(from reader: any ValueReader) throws -> TextRun {
        try reader.refuseUnknownKeys(["length", "attributes"], in: "TextRun")
        let length = Int(try reader.readInt32(forKey: "length", encoding: .positive))
        let attributes = try reader.readObject(TextAttributes.self, as: Self.attributesType, forKey: "attributes")
        return TextRun(length: length, attributes: attributes)
    }
}
