import KryoCore
import KryoPlist
import Testing

/// A binary plist built by hand: `objects` laid out after the magic, then the offset table and
/// the trailer, whose fields can be overridden.
private func bplist(
    _ objects: [[UInt8]], offsetSize: Int = 1, referenceSize: Int = 1, objectCount: UInt64? = nil,
    top: UInt64 = 0, tableOffset: UInt64? = nil
) -> [UInt8] {
    var bytes = utf8("bplist00")
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    for offset in offsets {
        for shift in stride(from: (offsetSize - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: offset >> shift))
        }
    }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    for field in [objectCount ?? UInt64(objects.count), top, tableOffset ?? UInt64(table)] {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: field >> shift)) }
    }
    return bytes
}

@Suite struct MalformedBinaryTests {
    /// A compiled nib (`NIBArchive`, not a property list) is named as such by every entry point.
    @Test func aCompiledNibIsNamed() {
        let nib = utf8("NIBArchive") + [1, 0, 0, 0, 9, 0, 0, 0, 10, 0, 0, 0]
        let entries: [(String, () throws(SerializationError) -> Void)] = [
            ("decode", { () throws(SerializationError) in _ = try PropertyList.decode(nib) }),
            ("decodeXML", { () throws(SerializationError) in _ = try PropertyList.decodeXML(nib) }),
            ("decodeBinary", { () throws(SerializationError) in _ = try PropertyList.decodeBinary(nib) }),
        ]
        for (name, decode) in entries {
            do {
                try decode()
                Issue.record("\(name) read a NIBArchive")
            } catch {
                #expect(error.kind == .unsupported, "\(name)")
                #expect("\(error)".contains("an Interface Builder NIBArchive (a compiled nib)"), "\(name): \(error)")
            }
        }
    }

    /// An `NSArchiver` typedstream (an old color list) is named as such by every entry point.
    @Test func aTypedStreamIsNamed() {
        let stream: [UInt8] = [0x04, 0x0B] + utf8("streamtyped") + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x69]
        let entries: [(String, () throws(SerializationError) -> Void)] = [
            ("decode", { () throws(SerializationError) in _ = try PropertyList.decode(stream) }),
            ("decodeXML", { () throws(SerializationError) in _ = try PropertyList.decodeXML(stream) }),
            ("decodeBinary", { () throws(SerializationError) in _ = try PropertyList.decodeBinary(stream) }),
        ]
        for (name, decode) in entries {
            do {
                try decode()
                Issue.record("\(name) read a typedstream")
            } catch {
                #expect(error.kind == .unsupported && error.offset == 0, "\(name)")
                #expect("\(error)".contains("an NSArchiver typedstream"), "\(name): \(error)")
            }
        }
    }

    @Test func theHandBuiltHelperMakesValidPlists() throws {
        let bytes = bplist([[0xA2, 1, 2], [0x10, 7], [0x53] + utf8("abc")])
        #expect(try PropertyList.decode(bytes).value == .array([.integer(7), .string("abc")]))
    }

    /// A dictionary that names a key twice (one key object referred to twice, or two equal
    /// strings) keeps the key once, at its first place, with the last value, as a dictionary that
    /// is assigned to in order does; keys that differ stay, in order, whatever their number.
    @Test func aKeyGivenTwiceKeepsItsFirstPlaceAndLastValue() throws {
        // Objects: 0 the dictionary, 1 "a", 2 "b", 3 another "a", 4…6 the integers 1, 2, 3.
        let keys: [[UInt8]] = [[0x51] + utf8("a"), [0x51] + utf8("b"), [0x51] + utf8("a")]
        let numbers: [[UInt8]] = [[0x10, 1], [0x10, 2], [0x10, 3]]
        let sameObject = bplist([[0xD3, 1, 2, 1, 4, 5, 6]] + keys + numbers)
        #expect(try PropertyList.decode(sameObject).value == .dictionary(["a": .integer(3), "b": .integer(2)]))
        let equalStrings = bplist([[0xD3, 3, 2, 1, 4, 5, 6]] + keys + numbers)
        #expect(try PropertyList.decode(equalStrings).value == .dictionary(["a": .integer(3), "b": .integer(2)]))
        // 20 distinct keys, then one of them again: past the size where keys are compared in pairs.
        var objects: [[UInt8]] = [[0xDF, 0x10, 21] + (1...21).map { UInt8($0) } + (22...42).map { UInt8($0) }]
        objects += (0..<20).map { [0x53] + utf8("k" + ($0 < 10 ? "0" : "") + "\($0)") }
        objects.append([0x53] + utf8("k05"))
        objects += (0..<21).map { [0x10, UInt8($0)] }
        guard case .dictionary(let many) = try PropertyList.decode(bplist(objects)).value else {
            Issue.record("not a dictionary")
            return
        }
        #expect(many.count == 20)
        #expect(many.keys.first == "k00")
        #expect(many["k05"] == .integer(20))
        #expect(many.keys.elements[5] == "k05")
    }

    /// Keys are one key when `String`'s equality says so: `é` and `e` + U+0301 (UTF-16 in the
    /// file) in a small dictionary, whose keys are compared in pairs, keep the first's place and
    /// bytes and take the last value; and a repeat at each size around the small limit.
    @Test func canonicallyEquivalentKeysAreOneKey() throws {
        let objects: [[UInt8]] = [
            [0xD2, 1, 2, 3, 4], [0x61, 0x00, 0xE9], [0x62, 0x00, 0x65, 0x03, 0x01], [0x10, 1], [0x10, 2],
        ]
        guard case .dictionary(let one) = try PropertyList.decode(bplist(objects)).value else {
            Issue.record("not a dictionary")
            return
        }
        #expect(one.count == 1)
        #expect(one.keys.first.map { Array($0.utf8) } == [0xC3, 0xA9])
        #expect(one.values.first == .integer(2))
        for count in [14, 15, 16] {
            // `count` distinct keys, then the last of them again.
            var objects: [[UInt8]] = [[0xD0 | UInt8(count + 1)] + (1...count + 1).map { UInt8($0) }]
            objects[0] += (count + 2...2 * count + 2).map { UInt8($0) }
            if count + 1 >= 15 { objects[0] = [0xDF, 0x10, UInt8(count + 1)] + objects[0].dropFirst() }
            objects += (0..<count).map { [0x53] + utf8("k" + ($0 < 10 ? "0" : "") + "\($0)") }
            objects.append([0x53] + utf8("k" + (count - 1 < 10 ? "0" : "") + "\(count - 1)"))
            objects += (0...count).map { [0x10, UInt8($0)] }
            guard case .dictionary(let many) = try PropertyList.decode(bplist(objects)).value else {
                Issue.record("not a dictionary")
                continue
            }
            #expect(many.count == count)
            #expect(many.values.elements.last == .integer(Int64(count)))
            #expect(many.values.elements.first == .integer(0))
        }
    }

    @Test func truncationAtEveryLengthThrows() throws {
        let full = try PropertyList.encode(sampleWithUIDs, format: .binary)
        let small = try PropertyList.encode(
            .dictionary(["a": .array([.integer(1), .string("x"), .uid(3)]), "b": .data([1, 2])]), format: .binary)
        for bytes in [small, Array(full.prefix(600)) + Array(full.suffix(32))] {
            for length in 0..<bytes.count {
                #expect(decodeError(Array(bytes.prefix(length))) != nil, "length \(length)")
            }
        }
        // The complete small one decodes.
        #expect(try PropertyList.decode(small).format == .binary)
    }

    @Test func aFileCutShortIsTruncated() throws {
        let bytes = try PropertyList.encode(
            .dictionary(["a": .array([.integer(1), .string("x"), .uid(3)]), "b": .data([1, 2])]), format: .binary)
        for length in 1..<bytes.count {
            #expect(decodeError(Array(bytes.prefix(length)))?.kind == .truncatedInput, "length \(length)")
        }
        #expect(
            decodeError(Array(bytes.prefix(50)))?.description
                == "truncatedInput: expected the 32-byte trailer at the end of the binary property list, found a "
                + "truncated file (its last 32 bytes are not a trailer) at byte offset 50")
        #expect(
            decodeError(Array(bytes.prefix(3)))?.description
                == "truncatedInput: expected the 8-byte magic 'bplist00', found a truncated file of 3 bytes at byte "
                + "offset 3")
        // A damaged trailer (its unused bytes zero, as writers leave them) is named for what is wrong.
        #expect(decodeError(bplist([[0x10, 7]], offsetSize: 9))?.kind == .invalidValue)
    }

    @Test func everySingleByteCorruptionThrowsOrDecodesNeverCrashes() throws {
        let bytes = try PropertyList.encode(
            .dictionary([
                "a": .array([.integer(1), .string("xyz"), .uid(3), .real(2), .date(1)]), "b": .data([1, 2]),
                "c": .string("日本"),
            ]), format: .binary)
        var errors = 0
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x0F, 0x10, 0x5F, 0x6F, 0x7F, 0x80, 0xAF, 0xDF, 0xFE, 0xFF] {
                var corrupt = bytes
                corrupt[index] = replacement
                if decodeError(corrupt) != nil { errors += 1 }
            }
        }
        #expect(errors > bytes.count)  // most corruptions are caught
    }

    @Test func badMagicIsAnError() {
        let error = decodeError(utf8("bplist01") + Array(repeating: 0, count: 40))
        #expect(error?.kind == .unsupported)
        #expect(error?.offset == 0)
    }

    @Test func badTrailersAreErrors() {
        let objects: [[UInt8]] = [[0xA1, 1], [0x10, 7]]
        // The offset is that of the bad field within the trailer (the last 32 bytes).
        let cases: [(bytes: [UInt8], kind: SerializationError.Kind, field: Int)] = [
            (bplist(objects, offsetSize: 0), .invalidValue, 6),
            (bplist(objects, offsetSize: 9), .invalidValue, 6),
            (bplist(objects, referenceSize: 0), .invalidValue, 7),
            (bplist(objects, objectCount: 0), .lengthExceedsInput, 8),
            (bplist(objects, objectCount: .max), .lengthExceedsInput, 8),
            (bplist(objects, objectCount: 1 << 62), .lengthExceedsInput, 8),
            (bplist(objects, top: 2), .invalidReference, 16),
            (bplist(objects, top: .max), .invalidReference, 16),
            (bplist(objects, tableOffset: 100), .lengthExceedsInput, 24),
            (bplist(objects, tableOffset: .max), .lengthExceedsInput, 24),
            (bplist(objects, tableOffset: 3), .lengthExceedsInput, 24),
        ]
        for (bytes, kind, field) in cases {
            let error = decodeError(bytes)
            let offset = bytes.count - 32 + field
            #expect(error?.kind == kind, "\(bytes.suffix(32))")
            #expect(error?.offset == offset, "\(String(describing: error))")
        }
    }

    @Test func objectOffsetsOutsideTheObjectsAreErrors() {
        var bytes = bplist([[0xA1, 1], [0x10, 7]])
        bytes[12 + 1] = 200  // object 1's offset, past the offset table
        let error = decodeError(bytes)
        #expect(error?.kind == .invalidValue)
        #expect(error?.offset == 13)
        bytes[13] = 2  // inside the magic
        #expect(decodeError(bytes)?.kind == .invalidValue)
    }

    @Test func referencesOutOfRangeAreErrors() {
        let error = decodeError(bplist([[0xA2, 1, 5], [0x10, 7]]))
        #expect(error?.kind == .invalidReference)
        #expect(error?.offset == 10)  // the second reference of the array at offset 8
    }

    @Test func containersThatContainThemselvesAreErrors() {
        let direct = decodeError(bplist([[0xA1, 0]]))
        #expect(direct?.kind == .invalidReference)
        #expect(direct?.offset == 9)
        // Through a dictionary value: 0 = ["k": 1], 1 = [0].
        let indirect = decodeError(bplist([[0xD1, 2, 1], [0xA1, 0], [0x51, 0x6B]]))
        #expect(indirect?.kind == .invalidReference)
        // A dictionary whose key is itself.
        #expect(decodeError(bplist([[0xD1, 0, 1], [0x10, 1]]))?.kind == .invalidReference)
    }

    @Test func sharedObjectsAreNotCycles() throws {
        // 0 = [1, 1, 2]; 1 = [2]; 2 = "x": object 1 and object 2 are each reached twice.
        let value = try PropertyList.decode(bplist([[0xA3, 1, 1, 2], [0xA1, 2], [0x51, 0x78]])).value
        let inner = PropertyListValue.array([.string("x")])
        #expect(value == .array([inner, inner, .string("x")]))
    }

    /// Arrays nested `depth` deep: object i is `[i + 1]`, the last one `[]`.
    private func nestedArrays(_ depth: Int) -> [UInt8] {
        let referenceSize = depth < 256 ? 1 : 2
        var objects: [[UInt8]] = []
        for index in 0..<depth {
            let next = index + 1
            objects.append(
                referenceSize == 1 ? [0xA1, UInt8(next)] : [0xA1, UInt8(next >> 8), UInt8(next & 0xFF)])
        }
        objects.append([0xA0])
        return bplist(objects, offsetSize: 4, referenceSize: referenceSize)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let error = decodeError(nestedArrays(10_000))
        #expect(error?.kind == .depthLimitExceeded)
        // nestedArrays(n) holds n + 1 arrays; the default limit is 512.
        #expect(decodeError(nestedArrays(512))?.kind == .depthLimitExceeded)
        #expect(decodeError(nestedArrays(511)) == nil)
        #expect(decodeError(nestedArrays(100), limits: PropertyListLimits(maxDepth: 50))?.kind == .depthLimitExceeded)
    }

    @Test func billionLaughsDecodesInLinearTime() throws {
        // 0 = [1 × 16], 1 = [2 × 16], …, 39 = [40 × 16], 40 = "lol": 16^40 strings if expanded.
        let levels = 40
        var objects: [[UInt8]] = (0..<levels).map { [0xAF, 0x10, 16] + Array(repeating: UInt8($0 + 1), count: 16) }
        objects.append([0x53] + utf8("lol"))
        let clock = ContinuousClock()
        let start = clock.now
        let value = try PropertyList.decode(bplist(objects, offsetSize: 2)).value
        #expect(clock.now - start < .seconds(5))
        var level = value
        for _ in 0..<levels {
            guard case .array(let elements) = level, elements.count == 16 else {
                Issue.record("not an array of 16")
                return
            }
            level = elements[15]
        }
        #expect(level == .string("lol"))
    }

    @Test func lengthsBeyondTheInputAreErrorsBeforeAllocating() {
        let cases: [[UInt8]] = [
            [0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // string of 2^63 bytes
            [0x4F, 0x12, 0xFF, 0xFF, 0xFF, 0xFF],  // data of 4 GiB
            [0x6F, 0x11, 0x10, 0x00],  // 4096 UTF-16 units
            [0xAF, 0x13, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // array
            [0xDF, 0x12, 0x00, 0x01, 0x00, 0x00],  // dictionary of 65 536 entries
            [0x45, 1, 2],  // data of 5 bytes, 2 present
        ]
        for object in cases {
            #expect(decodeError(bplist([object]))?.kind == .lengthExceedsInput, "\(object)")
        }
    }

    /// (An unpaired surrogate in a UTF-16 string is no error: UnpairedSurrogateTests.)
    @Test func badObjectsAreErrors() {
        let cases: [(object: [UInt8], kind: SerializationError.Kind)] = [
            ([0x00], .unsupported),  // null
            ([0x0F], .unsupported),  // fill
            ([0x15, 0, 0], .invalidValue),  // 32-byte integer
            ([0x21, 0, 0], .invalidValue),  // 2-byte real
            ([0x34, 0, 0], .invalidValue),  // date marker other than 0x33
            ([0x5F, 0x20, 1, 0x61], .invalidValue),  // count whose marker is not an integer
            ([0x5F, 0x14, 1, 0x61], .invalidValue),  // 16-byte count
            ([0x52, 0x61, 0xC3], .invalidValue),  // non-ASCII byte in an ASCII string
            ([0x70], .invalidValue),  // unknown type
            ([0xB0], .invalidValue),  // ordered set
            ([0x8F] + Array(repeating: 0xFF, count: 16), .unsupported),  // UID above 64 bits
            ([0x14, 0, 0, 0, 0, 0, 0, 0, 1] + Array(repeating: 0, count: 8), .unsupported),  // 2^64
        ]
        for (object, kind) in cases {
            let error = decodeError(bplist([object]))
            #expect(error?.kind == kind, "\(object)")
            #expect(error?.offset.map { $0 >= 8 } == true)
        }
    }

    @Test func aNonASCIIByteInALongASCIIStringIsFoundWhereItIs() {
        // Ten bytes: the reader checks eight at a time, then finds the byte at fault.
        for position in [0, 3, 7, 8, 9] {
            var text = Array("abcdefghij".utf8)
            text[position] = 0xC3
            let error = decodeError(bplist([[0x5A] + text]))
            #expect(error?.kind == .invalidValue)
            #expect(error?.offset == 9 + position, "\(position)")
            #expect(error?.found == "0xC3")
        }
    }

    @Test func nonStringDictionaryKeysAreErrors() {
        let error = decodeError(bplist([[0xD1, 1, 2], [0x10, 1], [0x10, 2]]))
        #expect(error?.kind == .typeMismatch)
        #expect(error?.offset == 9)
    }

    @Test func unusualButValidObjectsDecode() throws {
        let cases: [([UInt8], PropertyListValue)] = [
            ([0x22, 0x3F, 0xC0, 0, 0], .float(1.5)),  // 4-byte real, kept 4 bytes wide
            ([0xC2, 1, 2], .array([.integer(1), .integer(2)])),  // set, read as an array
            ([0x14] + Array(repeating: 0xFF, count: 15) + [0xFE], .integer(-2)),  // 16-byte negative
            ([0x14] + Array(repeating: 0, count: 15) + [9], .integer(9)),
            ([0x8F] + Array(repeating: 0, count: 15) + [9], .uid(9)),  // 16-byte UID
            ([0x82, 1, 0, 0], .uid(65_536)),  // 3-byte UID
            ([0x5F, 0x10, 0] + [], .string("")),  // count written the long way
            ([0x62, 0xD8, 0x3D, 0xDE, 0x00], .string("😀")),
        ]
        for (object, expected) in cases {
            // The extra objects are the targets of the set's references.
            let bytes = bplist([object, [0x10, 1], [0x10, 2]])
            #expect(try PropertyList.decode(bytes).value == expected, "\(object)")
        }
    }

    @Test func theObjectCountLimitIsEnforced() {
        let bytes = bplist([[0xA2, 1, 2], [0x10, 7], [0x10, 8]])
        #expect(decodeError(bytes, limits: PropertyListLimits(maxObjectCount: 2))?.kind == .sizeLimitExceeded)
        #expect(decodeError(bytes, limits: PropertyListLimits(maxObjectCount: 3)) == nil)
    }
}
