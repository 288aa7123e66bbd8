import KryoCore
@_spi(KryoJSONParsing) import KryoJSON
import OrderedCollections

/// A JSON document parsed into a flat list of nodes, for the reader to read where they lie:
/// no `ReadableValue` tree, no dictionary per object (what building and freeing the tree cost
/// was most of a readable decode).
///
/// Built by the library's one JSON parser (``JSONParser``) with ``Builder``, so the syntax, the
/// limits and every error are the tree's. A container's node comes after its members'; it holds
/// where its members start in ``members`` and how many it has. A key that is ASCII text without
/// escapes (nearly all of them) is kept as the bits of its short string or as its place in the
/// text (``Key``), and compared by them: no string is made, retained or released for it.
struct ParsedJSON {
    enum Kind: UInt8 {
        case null, bool, integer, unsignedInteger, real, string, array, object
        /// A string longer than a short string, ASCII without escapes: left in the text until it
        /// is read (a class name is looked up by its bytes, without a string).
        case text
        /// A string of at most ``SmallString/capacity`` bytes, ASCII without escapes: left in the
        /// text, and made a short string (without an allocation) when it is read.
        case shortText
    }

    /// A key of an object, in 16 bytes that hold no reference (so that neither the parser nor
    /// the freeing of the keys retains or releases anything):
    /// - a key of at most ``SmallString/capacity`` bytes, ASCII without escapes: the bits of its
    ///   short string, which are its whole value (two such keys are equal exactly when their bits
    ///   are);
    /// - a longer key, ASCII without escapes: where it is in ``text`` (`low`) and its length;
    /// - any other key (with an escape, or not ASCII): its index in ``stringKeys`` (`low`),
    ///   compared as strings are (canonically equivalent spellings are one key).
    struct Key {
        let low: UInt64
        let high: UInt64

        /// The tags of the keys that are not short strings, in the last byte of `high` (a short
        /// string's last byte is `0xE_`).
        static let textTag: UInt64 = 0x01 << 56
        static let stringTag: UInt64 = 0x02 << 56

        /// The short string of `count` bytes at `bytes` (ASCII, at most 15).
        @inline(__always)
        init(short bytes: UnsafeRawPointer, count: Int) {
            let string = SmallString.makeUTF8(bytes.assumingMemoryBound(to: UInt8.self), count: count)
            (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        }

        @inline(__always)
        init(textAt offset: Int, count: Int) {
            low = UInt64(truncatingIfNeeded: offset)
            high = Key.textTag | UInt64(truncatingIfNeeded: count)
        }

        @inline(__always)
        init(stringAt index: Int) {
            low = UInt64(truncatingIfNeeded: index)
            high = Key.stringTag
        }

        @inline(__always) var isShort: Bool { high >> 60 == 0xE }
        @inline(__always) var isText: Bool { high & 0xFF00_0000_0000_0000 == Key.textTag }
        @inline(__always) var isString: Bool { high & 0xFF00_0000_0000_0000 == Key.stringTag }
        /// For a text key, its length; for a string key, its index.
        @inline(__always) var textCount: Int { Int(truncatingIfNeeded: high & 0xFFFF_FFFF) }
        @inline(__always) var position: Int { Int(truncatingIfNeeded: low) }
        /// A short key as its string.
        @inline(__always) var shortString: String { unsafeBitCast((low, high), to: String.self) }
    }

    /// One value. For a string, `count` indexes ``strings``; for a text or a short text, it is
    /// its length, and `start` where it is in ``text``; for a bool, it is 0 or 1; for an
    /// array, it is the number of elements, listed from ``members``[`start`]; for an object, the
    /// number of members, listed as pairs (an index in ``keys``, a node) from ``members``[`start`].
    /// A number's bits are in `start`; a real's `count` is where its text starts (-1 when not kept).
    struct Node {
        let kind: Kind
        /// For an object, the reserved keys (`$class`, `$alias`…) among its keys.
        let reserved: ReservedKeys
        let count: Int32
        let start: Int64
    }

    /// The JSON text.
    let text: [UInt8]
    private(set) var nodes: [Node] = []
    private(set) var strings: [String] = []
    private(set) var keys: [Key] = []
    /// The keys that are not ASCII text without escapes (see ``Key``).
    private(set) var stringKeys: [String] = []
    /// Whether short keys are kept as the bits of their strings (``SmallString/isAvailable``);
    /// otherwise every key is a string key.
    private(set) var hasShortKeys = false
    /// Array elements (nodes), and object members (a key and a node), container by container.
    private(set) var members: [Int32] = []
    /// Whether an object has an `$alias` key (aliases may point forward, so a document with
    /// them is read through its tree).
    private(set) var hasAliases = false

    /// An empty document, for a reader of a tree.
    init() { text = [] }

    init(text: [UInt8]) { self.text = text }

    /// The node of the top-level value.
    var root: Int32 { Int32(nodes.count - 1) }

    @inline(__always) func kind(of node: Int32) -> Kind { nodes[Int(node)].kind }
    @inline(__always) func count(of node: Int32) -> Int { Int(nodes[Int(node)].count) }
    /// The reserved keys of the object `node` (none for other nodes).
    @inline(__always) func reservedKeys(of node: Int32) -> ReservedKeys { nodes[Int(node)].reserved }

    /// The key of member `index` of the object `node`.
    @inline(__always)
    func key(_ index: Int, of node: Int32) -> String {
        string(of: keys[Int(members[Int(nodes[Int(node)].start) + 2 * index])])
    }

    /// The string of `key`.
    func string(of key: Key) -> String {
        if key.isShort { return key.shortString }
        if key.isString { return stringKeys[key.position] }
        return makeString(start: key.position, count: key.textCount)
    }

    /// Whether the key of member `index` of the object `node` starts with `$`.
    @inline(__always)
    func keyStartsWithDollar(_ index: Int, of node: Int32) -> Bool {
        let key = keys[Int(members[Int(nodes[Int(node)].start) + 2 * index])]
        if key.isShort { return UInt8(truncatingIfNeeded: key.low) == UInt8(ascii: "$") }
        if key.isString { return stringKeys[key.position].utf8.first == UInt8(ascii: "$") }
        return text[key.position] == UInt8(ascii: "$")
    }

    /// The value of member `index` of the object `node`.
    @inline(__always)
    func value(_ index: Int, of node: Int32) -> Int32 {
        members[Int(nodes[Int(node)].start) + 2 * index + 1]
    }

    /// Element `index` of the array `node`.
    @inline(__always)
    func element(_ index: Int, of node: Int32) -> Int32 {
        members[Int(nodes[Int(node)].start) + index]
    }

    /// The index of the member of object `node` whose key is `key`, looked for from `from` on and
    /// then from the start (a reader's next key is usually the next member).
    ///
    /// A short ASCII `key` is compared by its bits with the short keys, which is what comparing
    /// the strings gives; it equals no longer key of ASCII text, and is compared as a string
    /// with the string keys. Any other `key` is compared as a string with every key.
    @inline(__always)
    func index(of key: String, in node: Int32, from: Int) -> Int? {
        guard hasShortKeys, let bits = SmallString.asciiBits(ofCheckedLayout: key) else {
            return slowIndex(of: key, in: node, from: from)
        }
        let count = count(of: node)
        let base = Int(nodes[Int(node)].start)
        for offset in 0..<count {
            var index = from &+ offset
            if index >= count { index -= count }
            let stored = keys[Int(members[base &+ 2 &* index])]
            if stored.low == bits.low, stored.high == bits.high { return index }
            if stored.isString, stringKeys[stored.position] == key { return index }
        }
        return nil
    }

    /// ``index(of:in:from:)`` for a key that is not a short ASCII string: compared as strings
    /// are, except that an ASCII key is compared with a longer key of ASCII text by its bytes.
    @inline(never)
    private func slowIndex(of key: String, in node: Int32, from: Int) -> Int? {
        let count = count(of: node)
        let base = Int(nodes[Int(node)].start)
        var query = key
        return query.withUTF8 { utf8 -> Int? in
            let isASCII = !utf8.contains { $0 >= 0x80 }
            for offset in 0..<count {
                var index = from &+ offset
                if index >= count { index -= count }
                let stored = keys[Int(members[base &+ 2 &* index])]
                if stored.isText, isASCII {
                    guard stored.textCount == utf8.count else { continue }
                    let same = text.withUnsafeBytes {
                        ParsedJSON.equal($0, from: stored.position, UnsafeRawBufferPointer(utf8))
                    }
                    if same { return index }
                } else if string(of: stored) == key {
                    return index
                }
            }
            return nil
        }
    }

    /// Node `node` as a ``ReadableValue``: scalars as they are, containers built whole.
    func value(at node: Int32) -> ReadableValue {
        let entry = nodes[Int(node)]
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.count != 0)
        case .integer: return .integer(entry.start)
        case .unsignedInteger: return .unsignedInteger(UInt64(bitPattern: entry.start))
        case .real: return .real(Double(bitPattern: UInt64(bitPattern: entry.start)))
        case .string: return .string(strings[Int(entry.count)])
        case .text: return .string(makeString(entry))
        case .shortText: return .string(makeShortString(entry))
        case .array:
            return .array((0..<Int(entry.count)).map { value(at: element($0, of: node)) })
        case .object:
            let count = Int(entry.count)
            return .dictionary(
                ReadableDictionary(
                    uncheckedUniqueKeys: (0..<count).map { key($0, of: node) },
                    values: (0..<count).map { value(at: value($0, of: node)) }))
        }
    }

    /// The text of node `node` when it is a number with a fraction or an exponent (`10.50`,
    /// `1.2345678901234567890e3`): what a `BigDecimal` reads exactly, where the number's double
    /// has lost its scale or digits. `nil` for any other node.
    func decimalText(at node: Int32) -> String? {
        let entry = nodes[Int(node)]
        guard entry.kind == .real, entry.count >= 0 else { return nil }
        let start = Int(entry.count)
        var end = start
        // The parser checked the number's syntax: its bytes are these, up to the next other one.
        while end < text.count {
            switch text[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                return end > start ? String(decoding: text[start..<end], as: UTF8.self) : nil
            }
        }
        return end > start ? String(decoding: text[start..<end], as: UTF8.self) : nil
    }

    /// The key paths (from `node`) and texts of the numbers under `node` whose text says more
    /// than their double (`9.90`, 25 digits): what a reader of the document's tree, which keeps
    /// only the doubles, gives a `BigDecimal` at that path. Empty for most documents.
    func decimalTexts(under node: Int32) -> [[String]: String] {
        guard hasDecimalTexts(under: node) else { return [:] }
        var found: [[String]: String] = [:]
        var path: [String] = []
        func visit(_ node: Int32) {
            switch kind(of: node) {
            case .real:
                if let text = textSayingMoreThanItsDouble(node) { found[path] = text }
            case .array:
                for index in 0..<count(of: node) {
                    path.append(String(index))
                    visit(element(index, of: node))
                    path.removeLast()
                }
            case .object:
                for index in 0..<count(of: node) {
                    path.append(key(index, of: node))
                    visit(value(index, of: node))
                    path.removeLast()
                }
            default: return
            }
        }
        visit(node)
        return found
    }

    /// Whether a number under `node` has a text that says more than its double: a look at the
    /// subtree's nodes, which lie together before it (a container's node follows its members').
    private func hasDecimalTexts(under node: Int32) -> Bool {
        var first = node
        while true {
            let entry = nodes[Int(first)]
            guard entry.kind == .array || entry.kind == .object, entry.count > 0 else { break }
            first = entry.kind == .object ? value(0, of: first) : element(0, of: first)
        }
        for index in Int(first)...Int(node) where nodes[index].kind == .real {
            if textSayingMoreThanItsDouble(Int32(index)) != nil { return true }
        }
        return false
    }

    /// The text of the real `node` when it is not its double's shortest form (`9.90`, `1e2`).
    private func textSayingMoreThanItsDouble(_ node: Int32) -> String? {
        guard let text = decimalText(at: node) else { return nil }
        return text == "\(Double(bitPattern: UInt64(bitPattern: nodes[Int(node)].start)))" ? nil : text
    }

    /// The string of node `node`, when it is one.
    @inline(__always)
    func string(at node: Int32) -> String? {
        let entry = nodes[Int(node)]
        switch entry.kind {
        case .string: return strings[Int(entry.count)]
        case .text: return makeString(entry)
        case .shortText: return makeShortString(entry)
        default: return nil
        }
    }

    /// The number of node `node`, when it is an integer (of `Int64`).
    @inline(__always)
    func integer(at node: Int32) -> Int64? {
        let entry = nodes[Int(node)]
        return entry.kind == .integer ? entry.start : nil
    }

    /// The value of node `node`, when it is a boolean.
    @inline(__always)
    func bool(at node: Int32) -> Bool? {
        let entry = nodes[Int(node)]
        return entry.kind == .bool ? entry.count != 0 : nil
    }

    /// Whether node `node` is a string of the same UTF-8 bytes as `string` (a string that is
    /// only canonically equivalent to it is not).
    func isString(_ string: String, at node: Int32) -> Bool {
        let entry = nodes[Int(node)]
        switch entry.kind {
        case .text, .shortText:
            var string = string
            return string.withUTF8 { utf8 in
                let start = Int(entry.start)
                return utf8.count == Int(entry.count) && start >= 0 && start + utf8.count <= text.count
                    && text.withUnsafeBytes { ParsedJSON.equal($0, from: start, UnsafeRawBufferPointer(utf8)) }
            }
        case .string:
            return strings[Int(entry.count)].utf8.elementsEqual(string.utf8)
        default:
            return false
        }
    }

    /// Runs `body` with the bytes of node `node` when it is a text left where it lies (see
    /// ``Kind/text``); returns `nil` without running it otherwise.
    func withText<T>(at node: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        let entry = nodes[Int(node)]
        guard entry.kind == .text else { return nil }
        let range = Int(entry.start)..<Int(entry.start) + Int(entry.count)
        return text.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The string of a ``Kind/text`` node.
    private func makeString(_ entry: Node) -> String {
        makeString(start: Int(entry.start), count: Int(entry.count))
    }

    /// The string of the `count` bytes of ``text`` from `start`.
    private func makeString(start: Int, count: Int) -> String {
        let range = start..<start + count
        return text.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The string of a ``Kind/shortText`` node (made only where ``SmallString/isAvailable``).
    @inline(__always)
    private func makeShortString(_ entry: Node) -> String {
        let start = Int(entry.start)
        let count = Int(entry.count)
        return text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, start >= 0, count <= SmallString.capacity,
                start + count <= buffer.count
            else { return makeString(start: start, count: count) }
            return SmallString.makeUTF8(base + start, count: count)
        }
    }

    /// What the parser builds a ``ParsedJSON`` with.
    struct Builder: JSONTreeBuilder {
        var parsed: ParsedJSON
        /// The members of the containers under way, outermost first, on one stack: an
        /// object's as pairs of a key and a node (`-1` until the member's value is read), an
        /// array's as nodes, laid out as ``ParsedJSON/members`` lays them out, so that a
        /// container's are copied there whole.
        private let pending = MemberStack(capacity: 64)

        /// An array under way.
        struct Elements {
            /// Where its elements start in `pending`.
            let start: Int
            /// How many it has so far.
            var count = 0
        }

        /// An object under way.
        struct Object {
            /// Where its members start in `pending`.
            let start: Int
            /// Its keys kept in the text, as one bit each of 64 (``filterBit(of:length:)``): such a
            /// key whose bit is not set repeats none of them.
            var keyFilter: UInt64 = 0
            /// How many of its keys are kept as strings (an escape, or not ASCII): every new key
            /// is compared with those.
            var stringKeys = 0
            var reserved: ReservedKeys = []
        }
        /// For objects under way that grew large, their keys, to find a repeated one without
        /// comparing it with each: by where the object's members start in `pending`.
        private var largeObjectKeys: [Int: Set<String>] = [:]
        /// Up to this many members, a repeated key is found by comparing it with each.
        private static let comparedKeys = 16
        /// The text being parsed, while the parser runs.
        private let textBytes: UnsafeRawBufferPointer

        /// ``SmallString/isAvailable``, read once.
        private let makesSmallStrings = SmallString.isAvailable

        /// A builder of the document whose text the parser reads through `bytes`, with room for
        /// the nodes of a small document (a large one grows its arrays as it goes, so that what
        /// is held stays a small multiple of the text read so far).
        init(text: [UInt8], bytes: UnsafeRawBufferPointer) {
            parsed = ParsedJSON(text: text)
            textBytes = bytes
            let expectedBytes = bytes.count
            // About a node and a key per 16 bytes of text, as a document of named fields holds
            // them (which keeps a small document's arrays within malloc's per-thread cache, of
            // blocks up to about 1 KB).
            parsed.nodes.reserveCapacity(min(expectedBytes / 16, 512))
            parsed.members.reserveCapacity(min(expectedBytes / 4, 512))
            parsed.keys.reserveCapacity(min(expectedBytes / 16, 256))
            parsed.hasShortKeys = makesSmallStrings
        }

        @inline(__always) static var readsNonFiniteLiterals: Bool { true }
        @inline(__always) static var takesKeyBytes: Bool { true }
        @inline(__always) static var takesStringBytes: Bool { true }

        @inline(__always)
        private mutating func append(
            _ kind: Kind, count: Int32 = 0, start: Int64 = 0, reserved: ReservedKeys = []
        ) -> Int32 {
            parsed.nodes.append(Node(kind: kind, reserved: reserved, count: count, start: start))
            return Int32(truncatingIfNeeded: parsed.nodes.count - 1)
        }

        @inline(__always)
        mutating func string(_ text: String) -> Int32 {
            parsed.strings.append(text)
            return append(.string, count: Int32(truncatingIfNeeded: parsed.strings.count - 1))
        }
        /// A string that is ASCII without escapes: a short one made at once (without the checks a
        /// `String` initializer repeats), a longer one left in the text.
        @inline(__always)
        mutating func plainString(_ text: UnsafeRawBufferPointer, at offset: Int) -> Int32 {
            if text.count <= SmallString.capacity, makesSmallStrings {
                return append(.shortText, count: Int32(truncatingIfNeeded: text.count), start: Int64(offset))
            }
            return append(.text, count: Int32(truncatingIfNeeded: text.count), start: Int64(offset))
        }
        @inline(__always) mutating func integer(_ value: Int64) -> Int32 { append(.integer, start: value) }
        @inline(__always)
        mutating func unsignedInteger(_ value: UInt64) -> Int32 {
            append(.unsignedInteger, start: Int64(bitPattern: value))
        }
        /// A real keeps where its text starts (when the offset fits), for ``decimalText(at:)``.
        @inline(__always)
        mutating func real(_ value: Double, textAt offset: Int?) -> Int32 {
            let textOffset = offset.flatMap { Int32(exactly: $0) } ?? -1
            return append(.real, count: textOffset, start: Int64(bitPattern: value.bitPattern))
        }
        @inline(__always) mutating func bool(_ value: Bool) -> Int32 { append(.bool, count: value ? 1 : 0) }
        @inline(__always) mutating func null() -> Int32 { append(.null) }

        @inline(__always)
        mutating func makeElements(reservingCapacity capacity: Int) -> Elements { Elements(start: pending.count) }

        @inline(__always)
        mutating func append(_ value: consuming Int32, to elements: inout Elements) {
            pending.push(value)
            elements.count &+= 1
        }

        @inline(__always) func count(of elements: Elements) -> Int { elements.count }

        mutating func array(_ elements: consuming Elements) -> Int32 {
            let start = parsed.members.count
            let count = pending.count - elements.start
            if count > 0 {
                parsed.members.append(contentsOf: pending.entries(from: elements.start))
                pending.drop(from: elements.start)
            }
            return append(.array, count: Int32(truncatingIfNeeded: count), start: Int64(start))
        }

        @inline(__always)
        mutating func makeObject(reservingCapacity capacity: Int) -> Object { Object(start: pending.count) }

        /// A key that is ASCII text without escapes: a short one kept as the bits of its string, a
        /// longer one where it is in the text (see ``ParsedJSON/Key``).
        mutating func insertKey(_ key: UnsafeRawBufferPointer, at offset: Int, into object: inout Object) -> Bool {
            let length = key.count
            guard makesSmallStrings, let base = key.baseAddress else {
                return insert(String(decoding: key, as: UTF8.self), into: &object)
            }
            let entry =
                length <= SmallString.capacity ? Key(short: base, count: length) : Key(textAt: offset, count: length)
            let memberCount = (pending.count - object.start) &>> 1
            if memberCount < Self.comparedKeys {
                let filterBit = Self.filterBit(of: entry, length: length)
                if object.keyFilter & filterBit != 0 || object.stringKeys > 0 {
                    var index = object.start
                    while index < pending.count {
                        let other = parsed.keys[Int(pending[index])]
                        if other.isString {
                            if parsed.stringKeys[other.position] == String(decoding: key, as: UTF8.self) {
                                return false
                            }
                        } else if other.low == entry.low, other.high == entry.high {
                            return false
                        } else if other.isText, entry.isText, other.textCount == length,
                            ParsedJSON.equal(textBytes, from: other.position, key)
                        {
                            return false
                        }
                        index += 2
                    }
                }
                object.keyFilter |= filterBit
            } else if !isNewInLargeObject(String(decoding: key, as: UTF8.self), object) {
                return false
            }
            if length > 0, key[0] == UInt8(ascii: "$") {
                object.reserved.formUnion(
                    ReservedKeys(length <= 6 ? entry.shortString : String(decoding: key, as: UTF8.self)))
            }
            parsed.keys.append(entry)
            addMember()
            return true
        }

        /// The bit of ``Object/keyFilter`` for the key `entry` of `length` bytes: for a short key,
        /// picked by a hash of its bits (its whole value), for a longer one by its length. Equal
        /// keys have the same bit.
        @inline(__always)
        private static func filterBit(of entry: Key, length: Int) -> UInt64 {
            guard entry.isShort else { return 1 &<< UInt64(length & 63) }
            return 1 &<< (((entry.low ^ entry.high &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) &>> 58)
        }

        /// A key with an escape, or not ASCII: kept as a string, and compared as strings are
        /// (canonically equivalent spellings are one key).
        mutating func insert(_ key: String, into object: inout Object) -> Bool {
            let memberCount = (pending.count - object.start) &>> 1
            if memberCount < Self.comparedKeys {
                var index = object.start
                while index < pending.count {
                    if parsed.string(of: parsed.keys[Int(pending[index])]) == key { return false }
                    index += 2
                }
            } else if !isNewInLargeObject(key, object) {
                return false
            }
            let utf8 = key.utf8
            if utf8.first == UInt8(ascii: "$") { object.reserved.formUnion(ReservedKeys(key)) }
            object.stringKeys += 1
            parsed.stringKeys.append(key)
            parsed.keys.append(Key(stringAt: parsed.stringKeys.count - 1))
            addMember()
            return true
        }

        /// Adds the key appended last to the object under way, its value to come.
        @inline(__always)
        private mutating func addMember() {
            pending.push(Int32(truncatingIfNeeded: parsed.keys.count - 1), -1)
        }

        /// For an object of more members than are compared one by one: whether `key` is new, by
        /// a set of its keys (made when it reached that size).
        private mutating func isNewInLargeObject(_ key: String, _ object: Object) -> Bool {
            let start = object.start
            if (pending.count - start) &>> 1 == Self.comparedKeys {
                var known: Set<String> = []
                var index = start
                while index < pending.count {
                    known.insert(parsed.string(of: parsed.keys[Int(pending[index])]))
                    index += 2
                }
                largeObjectKeys[start] = known
            }
            return largeObjectKeys[start, default: []].insert(key).inserted
        }

        @inline(__always)
        mutating func setLastValue(_ value: consuming Int32, in object: inout Object) {
            pending.replaceTop(with: value)
        }

        mutating func object(_ object: Object) -> Int32 {
            let start = parsed.members.count
            let count = (pending.count - object.start) &>> 1
            if count > 0 {
                parsed.members.append(contentsOf: pending.entries(from: object.start))
                pending.drop(from: object.start)
            }
            if count >= Self.comparedKeys { largeObjectKeys[object.start] = nil }
            if object.reserved.contains(.alias) { parsed.hasAliases = true }
            return append(
                .object, count: Int32(truncatingIfNeeded: count), start: Int64(start), reserved: object.reserved)
        }
    }

    /// Parses `text`, refusing more than `maxDepth` nested containers.
    static func parse(_ text: [UInt8], maxDepth: Int) throws(SerializationError) -> ParsedJSON {
        let outcome: Result<ParsedJSON, SerializationError> = text.withUnsafeBytes { bytes in
            var parser = JSONParser(bytes, maxDepth: maxDepth, builder: Builder(text: text, bytes: bytes))
            do throws(SerializationError) {
                _ = try parser.readDocument()
            } catch {
                return .failure(error)
            }
            return .success(parser.builder.parsed)
        }
        return try outcome.get()
    }

    /// Whether the `key.count` bytes of `text` from `start` are the bytes of `key`, compared
    /// eight at a time.
    @inline(__always)
    static func equal(_ text: UnsafeRawBufferPointer, from start: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        guard let left = text.baseAddress, let right = key.baseAddress else { return key.isEmpty }
        let stored = left + start
        let count = key.count
        var offset = 0
        while offset &+ 8 <= count {
            guard
                stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        while offset < count {
            let byte = stored.load(fromByteOffset: offset, as: UInt8.self)
            guard byte == right.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset &+= 1
        }
        return true
    }
}
