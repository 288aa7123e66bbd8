import KryoCore
import KryoPlist
import Testing

/// Reading a binary property list where it lies (`BinaryPropertyListLayout`'s locations and
/// `BinaryPropertyListReader`'s in-place reads, which the keyed archive reader uses): keys of
/// every kind compared, values the same as the tree's, and shared containers bounded.
@Suite struct InPlaceReadingTests {
    /// A dictionary of keys of every kind, each holding its position as an integer: a short
    /// ASCII key, a long ASCII key, a UTF-16 key and, when `withIntegerKey`, a key that is not a
    /// string.
    static func mixedKeys(withIntegerKey: Bool) -> [UInt8] {
        handBuiltBinaryPlist(
            [
                withIntegerKey ? [0xD4, 1, 2, 3, 4, 5, 6, 7, 8] : [0xD3, 1, 2, 3, 5, 6, 7],
                binaryPlistString("title"),
                [0x5F, 0x10, 0x14] + Array("a-key-of-twenty-byte".utf8),
                [0x61, 0x00, 0xE9],
                [0x10, 0x2A],
                [0x10, 0x00], [0x10, 0x01], [0x10, 0x02], [0x10, 0x03],
            ])
    }

    @Test func keysOfEveryKindAreFoundAndTheirValuesRead() throws {
        try Self.mixedKeys(withIntegerKey: true).withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(raw, limits: .default)
            let dictionary = try #require(try reader.layout.dictionary(reader.layout.topObject))
            #expect(dictionary.count == 4)
            let keys = ["title", "a-key-of-twenty-byte", "\u{E9}"]
            for (position, key) in keys.enumerated() {
                for other in 0..<3 {
                    #expect(
                        try reader.key(other, of: dictionary, equals: key) == (other == position), "\(key) at \(other)")
                }
                #expect(try reader.key(position, of: dictionary) == key)
                #expect(try reader.value(position, of: dictionary) == .integer(Int64(position)))
            }
            // Asked twice: the second answer comes from what the first learned of the key.
            #expect(try reader.key(0, of: dictionary, equals: "title"))
            #expect(try !reader.key(0, of: dictionary, equals: "titles"))
            #expect(try !reader.key(1, of: dictionary, equals: "title"))
            // A short non-ASCII key against the UTF-16 one, and an ASCII one that is longer.
            #expect(try !reader.key(2, of: dictionary, equals: "\u{E8}"))
            do {
                _ = try reader.key(3, of: dictionary, equals: "title")
                Issue.record("a key that is an integer was compared")
            } catch let error as SerializationError {
                #expect(error.kind == .typeMismatch)
                #expect(error.expected == "a string dictionary key")
            }
        }
    }

    /// A short ASCII key that the file stores as UTF-16 (Apple's writers never do; any other may)
    /// is read into a string the standard library does not make small: it is still found, by
    /// every comparison after the first, as the tree reader finds it.
    @Test func aShortASCIIKeyStoredAsUTF16IsFoundEveryTime() throws {
        // Nine units: three bytes of room each would not fit a small string.
        let utf16Name: [UInt8] = [0x69] + Array("NS.string".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let plist = handBuiltBinaryPlist([
            [0xD2, 1, 2, 3, 4], utf16Name, binaryPlistString("size"), [0x10, 7], [0x10, 9],
        ])
        let tree = try PropertyList.decode(plist).value
        #expect(tree == .dictionary(["NS.string": .integer(7), "size": .integer(9)]))
        try plist.withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(raw, limits: .default)
            let dictionary = try #require(try reader.layout.dictionary(reader.layout.topObject))
            for _ in 0..<3 {
                #expect(try reader.key(0, of: dictionary, equals: "NS.string"))
                #expect(try !reader.key(0, of: dictionary, equals: "size"))
                #expect(try !reader.key(1, of: dictionary, equals: "NS.string"))
                #expect(try reader.key(1, of: dictionary, equals: "size"))
            }
        }
    }

    /// UIDs, integers and booleans, which are read where they lie each time rather than kept,
    /// read as the tree reads them, with its errors; short keys compared by the bits read where
    /// they lie, and an ASCII key with a byte that is not ASCII reported as the tree reports it.
    @Test func scalarValuesAndShortKeysReadInPlaceMatchTheTree() throws {
        let values: [[UInt8]] = [
            [0x80, 0x05], [0x82, 0x01, 0x02, 0x03], [0x87, 0, 0, 0, 0, 0, 0, 0x01, 0x00],
            [0x10, 0xFF], [0x11, 0xFF, 0xFE], [0x12, 0x80, 0, 0, 0x01],
            [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], [0x09], [0x08],
        ]
        let keys = ["", "k1", "fourteen-bytes"] + (3..<values.count).map { "key\($0)" }
        let count = UInt8(values.count)
        let bytes = handBuiltBinaryPlist(
            [[0xD0 | count] + (1...count).map { $0 } + (count + 1...2 * count).map { $0 }]
                + keys.map(binaryPlistString) + values)
        let (tree, _) = try PropertyList.decode(bytes)
        guard case .dictionary(let entries) = tree else {
            Issue.record("not a dictionary: \(tree)")
            return
        }
        try bytes.withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(raw, limits: .default)
            let dictionary = try #require(try reader.layout.dictionary(reader.layout.topObject))
            for (position, key) in keys.enumerated() {
                #expect(try reader.key(position, of: dictionary, equals: key), "\(key)")
                #expect(try !reader.key(position, of: dictionary, equals: key + "x"), "\(key)")
                #expect(try reader.value(position, of: dictionary) == entries[key], "\(key)")
            }
        }

        // A UID cut short by the offset table, and a key of a byte that is not ASCII.
        let malformed: [(key: [UInt8], value: [UInt8], readsValue: Bool)] = [
            (binaryPlistString("k"), [0x87, 0x01, 0x02], true), ([0x51, 0xE9], [0x10, 0x01], false),
        ]
        for (key, value, readsValue) in malformed {
            let bad = handBuiltBinaryPlist([[0xD1, 1, 2], key, value])
            let treeError = Self.error { () throws(SerializationError) in _ = try PropertyList.decode(bad) }
            let inPlaceError = try bad.withUnsafeBytes { raw in
                var reader = try BinaryPropertyListReader(raw, limits: .default)
                let dictionary = try #require(try reader.layout.dictionary(reader.layout.topObject))
                return Self.error { () throws(SerializationError) in
                    if readsValue {
                        _ = try reader.value(0, of: dictionary)
                    } else {
                        _ = try reader.key(0, of: dictionary, equals: "k")
                    }
                }
            }
            #expect(treeError != nil)
            #expect(inPlaceError?.kind == treeError?.kind)
            #expect(inPlaceError?.offset == treeError?.offset)
        }
    }

    /// The error `body` throws; `nil` when it throws none.
    private static func error(_ body: () throws(SerializationError) -> Void) -> SerializationError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func locatedContainersMatchTheTree() throws {
        let bytes = Self.mixedKeys(withIntegerKey: false)
        let (tree, _) = try PropertyList.decode(bytes)
        guard case .dictionary(let entries) = tree else {
            Issue.record("not a dictionary: \(tree)")
            return
        }
        try bytes.withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(raw, limits: .default)
            let layout = reader.layout
            #expect(try layout.array(layout.topObject) == nil)
            let dictionary = try #require(try layout.dictionary(layout.topObject))
            #expect(entries.count == 3)
            #expect(dictionary.count == 3)
            for position in 0..<3 {
                let key = try reader.key(position, of: dictionary)
                #expect(entries[key] == (try reader.value(position, of: dictionary)))
            }
        }
    }

    @Test func valuesHandedOutCountTowardsTheExpandedLimit() throws {
        // Object 0: twenty keys, each holding the same array of sixty references to "lol".
        let keyCount = 20
        let elementCount = 60
        let array = UInt8(keyCount + 1)
        var objects: [[UInt8]] = [
            [0xDF, 0x10, UInt8(keyCount)] + (1...keyCount).map { UInt8($0) } + Array(repeating: array, count: keyCount)
        ]
        objects += (0..<keyCount).map { binaryPlistString("k\($0)") }
        objects.append([0xAF, 0x10, UInt8(elementCount)] + Array(repeating: array + 1, count: elementCount))
        objects.append(binaryPlistString("lol"))
        let bytes = handBuiltBinaryPlist(objects)
        try bytes.withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(raw, limits: PropertyListLimits(maxExpandedCount: raw.count))
            let dictionary = try #require(try reader.layout.dictionary(reader.layout.topObject))
            var read = 0
            do {
                for position in 0..<keyCount {
                    guard case .array(let elements) = try reader.value(position, of: dictionary) else {
                        Issue.record("value \(position) is not the array")
                        return
                    }
                    #expect(elements.count == elementCount)
                    read += 1
                }
                Issue.record("\(keyCount * (elementCount + 1)) values handed out from \(raw.count) bytes")
            } catch let error as SerializationError {
                #expect(error.kind == .sizeLimitExceeded)
            }
            // Each array counts itself and its elements.
            #expect(read == raw.count / (elementCount + 1))
        }
    }

    /// A read that fails inside a container leaves it unmarked: a reader that goes on (a keyed
    /// archive's counts its references with `try?`) gets the same error again, not a "cycle".
    @Test func aFailedReadLeavesNoContainerMarked() throws {
        // Object 0: `[1, [2, [3, …]]]` nested past the depth limit.
        let depth = 8
        var objects: [[UInt8]] = []
        for level in 0..<depth {
            objects.append([0xA2, UInt8(depth + level), UInt8(level + 1)])
        }
        objects.append([0xA0])
        objects += (0..<depth).map { [0x10, UInt8($0)] }
        let bytes = handBuiltBinaryPlist(objects)
        try bytes.withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(raw, limits: PropertyListLimits(maxDepth: 4))
            for attempt in 0..<2 {
                do {
                    _ = try reader.object(reader.topObject, referencedAt: 0)
                    Issue.record("attempt \(attempt) read past the depth limit")
                } catch let error as SerializationError {
                    #expect(error.kind == .depthLimitExceeded, "attempt \(attempt): \(error)")
                }
            }
        }
    }
}
