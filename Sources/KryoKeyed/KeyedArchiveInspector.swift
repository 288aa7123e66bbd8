import KryoCore
import KryoPlist

/// Explains a keyed archive (`NSKeyedArchiver`'s format, binary or XML property list): the
/// archiver, version, `$top`, and every entry of `$objects` with its index, its class resolved
/// through its `$class` reference (`$classname`, `$classes`, `$classhints`) and its keys, each
/// value summarized (`→ #7 (NSString "hi")` for a reference). The engine behind `kryo inspect`
/// for keyed archives.
///
/// ```swift
/// let dump = try KeyedArchiveInspector.inspect(bytes)
/// print(dump.render())
/// ```
///
/// Only what makes the table unreadable throws (bytes that are not a property list, a top level
/// that is not a dictionary, `$objects` missing or not an array); anything else wrong — a
/// reference past the end of `$objects`, a `$class` that is not a class description — is
/// reported in ``KeyedArchiveDump/problems`` with its key path, and the dump goes on.
public enum KeyedArchiveInspector {
    /// Inspects the bytes of a keyed archive.
    ///
    /// - Throws: ``KeyedArchiveInspectionError`` with a one-line description.
    public static func inspect(_ bytes: [UInt8]) throws(KeyedArchiveInspectionError) -> KeyedArchiveDump {
        let decoded: (value: PropertyListValue, format: PropertyListFormat)
        do {
            // Shared inline containers are bounded as for decoding (``KeyedArchive/init(bytes:archivers:)``):
            // the dump prints every value at every place it appears.
            decoded = try PropertyList.decode(bytes, limits: PropertyListLimits(maxExpandedCount: bytes.count))
        } catch {
            throw KeyedArchiveInspectionError(path: "", message: "not a property list: \(error)")
        }
        return try inspect(decoded.value, format: decoded.format)
    }

    /// Inspects a keyed archive already read as a property list.
    ///
    /// - Throws: ``KeyedArchiveInspectionError`` with a one-line description.
    public static func inspect(
        _ plist: PropertyListValue, format: PropertyListFormat
    ) throws(KeyedArchiveInspectionError) -> KeyedArchiveDump {
        guard case .dictionary(let root) = plist else {
            throw KeyedArchiveInspectionError(
                path: "", message: "the property list is \(kindName(plist)), not a dictionary")
        }
        guard let objectsValue = root["$objects"] else {
            if root["$archiver"] == nil, root["$top"] == nil {
                throw KeyedArchiveInspectionError(
                    path: "",
                    message:
                        "no $archiver, $top or $objects: a plain property list, not a keyed archive (read it as one)")
            }
            throw KeyedArchiveInspectionError(path: "$objects", message: "missing")
        }
        guard case .array(let objects) = objectsValue else {
            throw KeyedArchiveInspectionError(
                path: "$objects", message: "is \(kindName(objectsValue)), not an array")
        }
        var walker = TableWalker(objects: objects)
        var dump = KeyedArchiveDump(format: format, objectCount: objects.count)
        dump.archiver = root["$archiver"].map { walker.summary($0, path: "$archiver") }
        dump.version = root["$version"].map { walker.summary($0, path: "$version") }
        if case .dictionary(let top)? = root["$top"] {
            dump.top = top.map {
                KeyedArchiveDump.Key(key: $0.key, value: walker.summary($0.value, path: "$top." + $0.key))
            }
        } else if let top = root["$top"] {
            walker.problems.append("$top: is \(kindName(top)), not a dictionary")
        } else {
            walker.problems.append("$top: missing")
        }
        for key in root.keys where !["$archiver", "$version", "$top", "$objects"].contains(key) {
            if let value = root[key] {
                dump.otherKeys.append(KeyedArchiveDump.Key(key: key, value: walker.summary(value, path: key)))
            }
        }
        for (index, object) in objects.enumerated() {
            dump.objects.append(walker.entry(index: index, object))
        }
        dump.problems = walker.problems
        return dump
    }

    static func kindName(_ value: PropertyListValue) -> String {
        switch value {
        case .string: "a string"
        case .integer, .unsignedInteger: "an integer"
        case .real, .float: "a real"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary(let entries): KeyedArchive.invalidReference(entries) ?? "a dictionary"
        case .uid: "a UID"
        }
    }
}

/// Why a keyed archive cannot be inspected at all.
public struct KeyedArchiveInspectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key path of the problem (`$objects`), empty for the whole archive.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `$objects: missing`, or the message alone for the whole archive.
    public var description: String { path.isEmpty ? message : path + ": " + message }
}

/// What ``KeyedArchiveInspector`` found in a keyed archive.
public struct KeyedArchiveDump: Sendable, Hashable {
    /// One entry of `$objects`.
    public struct Object: Sendable, Hashable {
        /// The index in `$objects` (what UIDs point to).
        public var index: Int
        /// What the entry is: `$null`, `NSString "hi"`, `NSNumber 5`, `NSFont (#3: NSFont → NSObject)`,
        /// `class description NSFont → NSObject`…
        public var summary: String
        /// The resolved class name of an encoded object (its `$classname`), `nil` for inline
        /// values and class descriptions.
        public var className: String?
        /// The object's keys (without `$class`) and their summarized values.
        public var keys: [Key]
    }

    /// A key of an object, `$top` or the archive, with its value summarized.
    public struct Key: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value: `12.5`, `"text"`, `→ #7 (NSString "hi")`, `[→ #2 (…), …]`.
        public var value: String
    }

    /// The property-list layout the archive was read from.
    public var format: PropertyListFormat
    /// The number of entries in `$objects`.
    public var objectCount: Int
    /// `$archiver`, summarized (`"NSKeyedArchiver"`).
    public var archiver: String?
    /// `$version`, summarized (`100000`).
    public var version: String?
    /// The keys of `$top` and what they point to.
    public var top: [Key] = []
    /// Keys of the archive other than the four standard ones.
    public var otherKeys: [Key] = []
    /// Every entry of `$objects`, in order.
    public var objects: [Object] = []
    /// What is wrong in the archive, one line each with its key path
    /// (`$objects[4].$class: → #99 is not an entry of $objects (6 entries)`).
    public var problems: [String] = []

    init(format: PropertyListFormat, objectCount: Int) {
        self.format = format
        self.objectCount = objectCount
    }

    /// The dump as text:
    ///
    /// ```
    /// format: binary property list
    /// $archiver: "NSKeyedArchiver"
    /// $version: 100000
    /// $top:
    ///   root → #1 (NSFont)
    /// $objects: 4 entries
    ///   #0  $null
    ///   #1  NSFont (class #3: NSFont → NSObject)
    ///         NSName → #2 (NSString "Menlo-Regular")
    ///         NSSize 12.0
    ///   #2  NSString "Menlo-Regular"
    ///   #3  class description NSFont → NSObject
    /// ```
    ///
    /// then one `problem:` line per problem.
    public func render() -> String {
        var lines = ["format: " + (format == .binary ? "binary property list" : "XML property list")]
        lines.append("$archiver: " + (archiver ?? "(missing)"))
        lines.append("$version: " + (version ?? "(missing)"))
        lines.append("$top:")
        for key in top { lines.append("  " + key.key + " " + key.value) }
        for key in otherKeys { lines.append(key.key + ": " + key.value) }
        lines.append("$objects: \(objectCount) entr\(objectCount == 1 ? "y" : "ies")")
        let width = String(max(objectCount - 1, 0)).count + 1
        for object in objects {
            let index = "#\(object.index)"
            let padded = index + String(repeating: " ", count: max(0, width - index.count))
            lines.append("  " + padded + "  " + object.summary)
            let indent = String(repeating: " ", count: 2 + width + 4)
            for key in object.keys { lines.append(indent + key.key + " " + key.value) }
        }
        for problem in problems { lines.append("problem: " + problem) }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Summarizes values and entries of one archive's object table.
private struct TableWalker {
    let objects: [PropertyListValue]
    var problems: [String] = []

    init(objects: [PropertyListValue]) {
        self.objects = objects
    }

    /// What the class description at `uid` says: its name and chain, or `nil` (with a problem
    /// recorded) when it is not one.
    mutating func classDescription(_ uid: UInt64, path: String) -> (name: String, text: String)? {
        guard uid < UInt64(objects.count) else {
            problems.append("\(path): → #\(uid) is not an entry of $objects (\(objects.count) entries)")
            return nil
        }
        guard case .dictionary(let description) = objects[Int(uid)], case .string(let name)? = description["$classname"]
        else {
            problems.append("\(path): → #\(uid) is not a class description (no $classname)")
            return nil
        }
        // The reader's own reading of a class description: what it would refuse is a problem,
        // and the dump shows what the dictionary holds.
        if case .failure(let problem) = ArchiveClassDescription.parse(description, at: uid) {
            problems.append("\(path): → #\(uid): expected \(problem.expected), found \(problem.found)")
        }
        return (name, describeClass(description, name: name))
    }

    /// `NSFont → NSObject`, with hints: `UIColor → NSObject; hints NSColor`.
    func describeClass(_ description: PropertyListDictionary, name: String) -> String {
        var text = name
        if case .array(let chain)? = description["$classes"] {
            let names = chain.map { value -> String in
                if case .string(let name) = value { return name }
                return "?"
            }
            text = names.isEmpty ? name : names.joined(separator: " → ")
            if names.first != name { text = name + " (classes " + names.joined(separator: " → ") + ")" }
        }
        if case .array(let hints)? = description["$classhints"] {
            let names = hints.map { value -> String in
                if case .string(let name) = value { return name }
                return "?"
            }
            text += "; hints " + names.joined(separator: ", ")
        }
        return text
    }

    /// The short description of the entry at `uid`, for `→ #7 (…)`.
    mutating func target(_ uid: UInt64, path: String) -> String {
        guard uid < UInt64(objects.count) else {
            problems.append("\(path): → #\(uid) is not an entry of $objects (\(objects.count) entries)")
            return "→ #\(uid) (not an entry of $objects)"
        }
        let object = objects[Int(uid)]
        let short: String
        switch object {
        case .string("$null"): short = "nil"
        case .dictionary(let dictionary):
            if case .uid(let classUID)? = dictionary["$class"], classUID < UInt64(objects.count),
                case .dictionary(let description) = objects[Int(classUID)],
                case .string(let name)? = description["$classname"]
            {
                short = name
            } else if case .string(let name)? = dictionary["$classname"] {
                short = "class description " + name
            } else {
                short = "dictionary"
            }
        default: short = inline(object)
        }
        return "→ #\(uid) (\(short))"
    }

    /// An inline value as an archive entry: `NSString "hi"`, `NSNumber 5`, `NSData 3 bytes`.
    func inline(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): "NSString " + Self.quoted(text)
        case .integer(let number): "NSNumber \(number)"
        case .unsignedInteger(let number): "NSNumber \(number)"
        case .real(let number): "NSNumber \(number)"
        case .float(let number): "NSNumber \(number) (a 4-byte real)"
        case .bool(let flag): "NSNumber \(flag)"
        case .data(let bytes): "NSData " + Self.bytes(bytes)
        case .date(let seconds): "date \(seconds)"
        case .array(let items): "array of \(items.count)"
        case .dictionary(let items): "dictionary of \(items.count)"
        case .uid(let uid): "UID \(uid)"
        }
    }

    /// A value inside an object or `$top`.
    mutating func summary(_ value: PropertyListValue, path: String) -> String {
        switch value {
        case .uid(let uid): return target(uid, path: path)
        case .string(let text): return Self.quoted(text)
        case .integer(let number): return "\(number)"
        case .unsignedInteger(let number): return "\(number)"
        case .real(let number): return "\(number)"
        case .float(let number): return "\(number) (a 4-byte real)"
        case .bool(let flag): return "\(flag)"
        case .date(let seconds): return "date \(seconds)"
        case .data(let bytes): return Self.bytes(bytes)
        case .array(let items):
            var parts: [String] = []
            for (index, item) in items.enumerated() {
                if index == 8 {
                    parts.append("… \(items.count - 8) more")
                    break
                }
                parts.append(summary(item, path: path + "[\(index)]"))
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .dictionary(let items):
            var parts: [String] = []
            for (index, item) in items.enumerated() {
                if index == 8 {
                    parts.append("… \(items.count - 8) more")
                    break
                }
                parts.append(item.key + ": " + summary(item.value, path: path + "." + item.key))
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// One entry of `$objects`.
    mutating func entry(index: Int, _ object: PropertyListValue) -> KeyedArchiveDump.Object {
        let path = "$objects[\(index)]"
        guard case .dictionary(let dictionary) = object else {
            if case .string("$null") = object {
                return .init(index: index, summary: "$null", className: nil, keys: [])
            }
            if case .array = object { return .init(index: index, summary: summary(object, path: path), keys: []) }
            return .init(index: index, summary: inline(object), className: nil, keys: [])
        }
        if let classValue = dictionary["$class"] {
            var keys: [KeyedArchiveDump.Key] = []
            for (key, value) in dictionary where key != "$class" {
                keys.append(.init(key: key, value: summary(value, path: path + "." + key)))
            }
            guard case .uid(let uid) = classValue else {
                problems.append("\(path).$class: is \(KeyedArchiveInspector.kindName(classValue)), not a UID")
                return .init(index: index, summary: "object of unknown class", className: nil, keys: keys)
            }
            guard let description = classDescription(uid, path: path + ".$class") else {
                return .init(index: index, summary: "object of unknown class (#\(uid))", className: nil, keys: keys)
            }
            return .init(
                index: index, summary: description.name + " (class #\(uid): " + description.text + ")",
                className: description.name, keys: keys)
        }
        if case .string(let name)? = dictionary["$classname"] {
            return .init(index: index, summary: "class description " + describeClass(dictionary, name: name), keys: [])
        }
        var keys: [KeyedArchiveDump.Key] = []
        for (key, value) in dictionary {
            keys.append(.init(key: key, value: summary(value, path: path + "." + key)))
        }
        return .init(index: index, summary: "dictionary without $class", className: nil, keys: keys)
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == 60 {
                return result + "…\" (\(text.count) characters)"
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func bytes(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(8).map { byte in
            byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return "<\(bytes.count) byte\(bytes.count == 1 ? "" : "s")" + (shown.isEmpty ? "" : ": ")
            + shown.joined(separator: " ") + (bytes.count > 8 ? " …" : "") + ">"
    }
}

extension KeyedArchiveDump.Object {
    init(index: Int, summary: String, keys: [KeyedArchiveDump.Key]) {
        self.init(index: index, summary: summary, className: nil, keys: keys)
    }
}
