import KryoCore

/// The keys a readable document reserves, how other keys are escaped around them, and how alias
/// key paths are written.
///
/// **Reserved keys** start with one `$`: `$class` (a class name), `$alias` (a key path), `$data`
/// (base64 bytes in JSON), `$value` (a plain value with its class), the generic keys `$0`, `$1`…
/// of values written twice under one key, and, in an object of a class nobody registered,
/// `$classes`, `$classhints` and `$inline` (what a keyed archive said of it); at the root, `$top`
/// and `$archiver` hold a keyed archive's whole top level.
/// A key of the user's that starts with `$` (a dictionary key `$class`, a field `$id`) is stored
/// with one more `$` in front (`$$class`) and read back without it, so a user dictionary can never
/// be mistaken for an object, an alias or data. HRCoder's files have no such keys and load as
/// they are.
///
/// **Key paths** name a value by the keys and array indices from the root, joined by `.`:
/// `items.0.label`; the root itself is `$root`. A key that holds a `.` or a `\` is written in a
/// path with a `\` before each of them (`price\.net`), so that every key path names exactly one
/// place (HRCoder's paths are ambiguous for such keys).
public enum ReadableKeys {
    /// The key of an object's class name.
    public static let className = "$class"
    /// The key of an alias: the key path of an object written earlier in the document.
    public static let alias = "$alias"
    /// The key of base64 bytes (JSON's form of data).
    public static let data = "$data"
    /// The key path of the root value.
    public static let root = "$root"
    /// The key of a plain value stored with its class (`{"$class": "[I", "$value": [1, 2]}`):
    /// written where the slot does not tell the value's class and its plain form alone would read
    /// back as another one (an `int[]` as a list, an `Integer` as a `Long`).
    public static let value = "$value"

    /// The key of an unknown object's class chain (`["Sub", "Base", "NSObject"]`), written when it
    /// is not the class and `NSObject`.
    public static let classes = "$classes"
    /// The key of an unknown object's class hints, the names a keyed archive gave for readers that
    /// do not know the class.
    public static let classHints = "$classhints"
    /// The key of the fields of an unknown object that a keyed archive stores inline, written when
    /// they are not the fields holding numbers, booleans and data (``/KryoCore/UnknownObject/inlineKeys``).
    public static let inline = "$inline"
    /// The key of the inline lists and dictionaries of an unknown object whose numbers, booleans
    /// and data a keyed archive stores in the list itself rather than as references, written when
    /// there are any (``/KryoCore/UnknownObject/inlineElementKeys``).
    public static let inlineElements = "$inlineElements"

    /// The key of the values of a keyed archive's whole top level (``/KryoCore/ArchiveTopLevel``), by
    /// `$top` key: `{"$top": {"IB.objectdata": …}}`.
    public static let top = "$top"
    /// The key of the archiver's name next to ``top``, when it is not `NSKeyedArchiver`.
    public static let archiver = "$archiver"

    /// Whether `stored` can be the key of a field of an unknown object: an escaped or plain key of
    /// the object's, or a generic key (`$0`…) — not one the format reserves (`$data`, `$alias`…).
    /// The reader and the writer both ask, so that what one accepts the other can write.
    static func isFieldKey(_ stored: String) -> Bool { unescape(stored) != nil || isGeneric(stored) }

    /// Whether `stored` is a generic key (`$0`, `$1`…).
    static func isGeneric(_ stored: String) -> Bool {
        let digits = stored.utf8.dropFirst()
        return stored.utf8.first == UInt8(ascii: "$") && !digits.isEmpty
            && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `key` as stored in a document: one more `$` in front of a key that starts with `$`.
    public static func escape(_ key: String) -> String { DollarKeys.escape(key) }

    /// The key a stored key was escaped from; `nil` for the document's own keys (`$class`, `$0`…).
    public static func unescape(_ stored: String) -> String? { DollarKeys.unescape(stored) }

    /// The key path of the stored keys and indices `components` (`$root` for none).
    public static func path(_ components: some Collection<String>) -> String {
        guard !components.isEmpty else { return root }
        var path = ""
        for (index, component) in components.enumerated() {
            if index > 0 { path.append(".") }
            if component.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\\") }) {
                for character in component {
                    if character == "." || character == "\\" { path.append("\\") }
                    path.append(character)
                }
            } else {
                path.append(component)
            }
        }
        return path
    }

    /// The stored keys and indices a key path names; `nil` when it ends in a lone `\`.
    public static func components(of path: String) -> [String]? {
        if path == root { return [] }
        var components: [String] = []
        var current = ""
        var escaped = false
        for character in path {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !escaped else { return nil }
        components.append(current)
        // HRCoder's paths of values under the root start at the root's keys; accept `$root.` too.
        if components.first == root { components.removeFirst() }
        return components
    }
}

/// Which of the reserved keys a reader asks for on every object (``ReadableKeys``) an object
/// holds, found in one pass over its keys: asking a dictionary for each absent one would compare
/// it with every key.
struct ReservedKeys: OptionSet {
    let rawValue: UInt8

    static let className = ReservedKeys(rawValue: 1 << 0)
    static let alias = ReservedKeys(rawValue: 1 << 1)
    static let data = ReservedKeys(rawValue: 1 << 2)
    static let value = ReservedKeys(rawValue: 1 << 3)
    static let top = ReservedKeys(rawValue: 1 << 4)
    /// `$0`: the object has generic keys.
    static let firstGeneric = ReservedKeys(rawValue: 1 << 5)
    /// A key that starts with `$` and that no form uses (a misspelt `$clas`; a key of the
    /// document's own that starts with `$` is written `$$`).
    static let stray = ReservedKeys(rawValue: 1 << 6)

    /// The reserved keys among `entries`' keys.
    init(of entries: ReadableDictionary) {
        var found: ReservedKeys = []
        for key in entries.keys where key.utf8.first == UInt8(ascii: "$") { found.formUnion(ReservedKeys(key)) }
        self = found
    }

    /// The reserved key `key` is, if any.
    init(_ key: String) {
        switch key {
        case ReadableKeys.className: self = .className
        case ReadableKeys.alias: self = .alias
        case ReadableKeys.data: self = .data
        case ReadableKeys.value: self = .value
        case ReadableKeys.top: self = .top
        case "$0": self = .firstGeneric
        case ReadableKeys.classes, ReadableKeys.classHints, ReadableKeys.inline, ReadableKeys.inlineElements,
            ReadableKeys.archiver:
            self = []
        default: self = ReservedKeys.isStray(key) ? .stray : []
        }
    }

    /// Whether `key` starts with `$` and is no key a form uses: not escaped (`$$`), no generic
    /// key (`$1`…), none of ``ReadableKeys``.
    static func isStray(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard utf8.first == UInt8(ascii: "$") else { return false }
        let rest = utf8.dropFirst()
        if rest.first == UInt8(ascii: "$") { return false }
        if !rest.isEmpty, rest.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return false }
        return ![
            ReadableKeys.className, ReadableKeys.alias, ReadableKeys.data, ReadableKeys.value, ReadableKeys.top,
            ReadableKeys.classes, ReadableKeys.classHints, ReadableKeys.inline, ReadableKeys.inlineElements,
            ReadableKeys.archiver, ReadableKeys.root,
        ].contains(key)
    }

    /// The reserved key a stray one is likely a misspelling of (`$clas`, `$Class`), for errors.
    static func suggestion(for stray: String) -> String? {
        let candidates = [ReadableKeys.className, ReadableKeys.alias, ReadableKeys.value, ReadableKeys.data]
        let lowered = stray.lowercased()
        return candidates.first { NameSuggestion.editDistance(lowered, $0) <= 2 }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
}
