import KryoCore
import Testing

// The contract every backend keeps, run by each backend's test target over the formats it
// declares: the target defines `conformanceFormats`, this file (shared through a `Conformance`
// link in the target's folder) runs the same tests on each. What it checks: every value kind,
// nil, sharing, cycles, schema evolution, and errors that say where.

@Suite struct ConformanceSuite {
    /// Encodes and decodes with `registry`.
    static func roundTrip<T>(
        _ value: T, in format: SerializationFormat, registry: Registry, options: SerializationOptions? = nil
    ) throws -> T {
        let bytes = try format.encode(value, with: registry, options: options)
        return try format.decode(T.self, from: bytes, with: registry, options: options)
    }

    /// References on, whatever the format's default, and registration as the format requires.
    static func references(_ on: Bool) -> SerializationOptions {
        SerializationOptions(references: on, registrationRequired: true)
    }

    @Test(arguments: conformanceFormats)
    func everyValueKindRoundTrips(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let kinds = ConformanceKinds()
        kinds.flag = true
        kinds.byte = -128
        kinds.short = -32_768
        kinds.char = 0xE9
        kinds.int = Int32.min
        kinds.long = Int64.max
        kinds.float = 1.5
        kinds.double = -0.125
        kinds.text = "héllo, 世界 😀"
        kinds.optionalText = ""
        kinds.boxed = 7
        kinds.bytes = [0, -1, 127, -128]
        kinds.numbers = [1, -2, Int32.max]
        kinds.names = ["a", "", "ç"]
        kinds.byName = ["one": 1, "two": 2]
        kinds.tone = .dark
        kinds.anything = "any string"
        kinds.child = ConformanceNode("child")
        let read = try Self.roundTrip(kinds, in: format, registry: registry)
        #expect(read.flag == true)
        #expect(read.byte == -128)
        #expect(read.short == -32_768)
        #expect(read.char == 0xE9)
        #expect(read.int == Int32.min)
        #expect(read.long == Int64.max)
        #expect(read.float == 1.5)
        #expect(read.double == -0.125)
        #expect(read.text == "héllo, 世界 😀")
        #expect(read.optionalText == "")
        #expect(read.boxed == 7)
        #expect(read.bytes == [0, -1, 127, -128])
        #expect(read.numbers == [1, -2, Int32.max])
        #expect(read.names == ["a", "", "ç"])
        #expect(read.byName == ["one": 1, "two": 2])
        #expect(read.tone == .dark)
        #expect(read.anything as? String == "any string")
        #expect(read.child?.name == "child")
    }

    @Test(arguments: conformanceFormats)
    func nilStaysNil(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let kinds = ConformanceKinds()
        kinds.optionalText = nil
        kinds.boxed = nil
        kinds.anything = nil
        kinds.child = nil
        let read = try Self.roundTrip(kinds, in: format, registry: registry)
        #expect(read.optionalText == nil)
        #expect(read.boxed == nil)
        #expect(read.anything == nil)
        #expect(read.child == nil)
        // Nil at the top.
        let root: ConformanceNode? = nil
        #expect(try Self.roundTrip(root, in: format, registry: registry) == nil)
    }

    @Test(arguments: conformanceFormats)
    func aSharedObjectIsReadOnceWithReferencesOn(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let shared = ConformanceNode("shared")
        let root = ConformanceNode("root")
        root.next = shared
        root.other = shared
        let read = try Self.roundTrip(root, in: format, registry: registry, options: Self.references(true))
        let next = try #require(read.next)
        #expect(next.name == "shared")
        #expect(read.other === next)
    }

    @Test(arguments: conformanceFormats)
    func aSharedObjectIsCopiedWithReferencesOff(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let shared = ConformanceNode("shared")
        let root = ConformanceNode("root")
        root.next = shared
        root.other = shared
        let read = try Self.roundTrip(root, in: format, registry: registry, options: Self.references(false))
        #expect(read.next?.name == "shared")
        #expect(read.other?.name == "shared")
        #expect(read.next !== read.other)
    }

    @Test(arguments: conformanceFormats)
    func cyclesCloseOnTheSameObjects(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let first = ConformanceNode("first")
        let second = ConformanceNode("second")
        first.next = second
        second.next = first
        first.other = first
        defer { first.next = nil }  // breaks the cycle for ARC
        let read = try Self.roundTrip(first, in: format, registry: registry, options: Self.references(true))
        let readSecond = try #require(read.next)
        defer { read.next = nil }
        #expect(read.name == "first" && readSecond.name == "second")
        #expect(readSecond.next === read)
        #expect(read.other === read)
    }

    @Test(arguments: conformanceFormats)
    func aModelGainsAndLosesFields(format: SerializationFormat) throws {
        let old = ConformanceRecordV1()
        old.kept = 42
        old.dropped = "gone"
        old.label = "label"
        let options = Self.references(false)
        let version1 = try ConformanceRegistries.full(recordVersion: 1)
        let version2 = try ConformanceRegistries.full(recordVersion: 2)
        let read = try format.decode(
            ConformanceRecordV2.self, from: try format.encode(old, with: version1, options: options), with: version2,
            options: options)
        #expect(read.kept == 42)
        #expect(read.label == "label")
        #expect(read.added == -1)  // not in the input: the model's default
        // And back: the new model read by the old one.
        let new = ConformanceRecordV2()
        new.kept = 7
        new.added = 99
        new.label = "new"
        let back = try format.decode(
            ConformanceRecordV1.self, from: try format.encode(new, with: version2, options: options), with: version1,
            options: options)
        #expect(back.kept == 7 && back.label == "new" && back.dropped == "")
    }

    @Test(arguments: conformanceFormats)
    func everyTruncatedInputIsAnErrorNotACrash(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let root = ConformanceNode("root")
        root.next = ConformanceNode("a longer name, so that the input has a string to cut")
        let bytes = try format.encode(root, with: registry)
        // Every prefix that cuts into the value (a text format may end with white space, which
        // a prefix may drop).
        let whiteSpace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
        let end = (bytes.lastIndex { !whiteSpace.contains($0) } ?? -1) + 1
        for length in 0..<end {
            #expect(throws: SerializationError.self, "prefix of \(length) of \(bytes.count) bytes") {
                _ = try format.decode(ConformanceNode.self, from: Array(bytes[..<length]), with: registry)
            }
        }
    }

    @Test(arguments: conformanceFormats)
    func anUnknownClassIsAnErrorThatSaysWhere(format: SerializationFormat) throws {
        let kinds = ConformanceKinds()
        kinds.anything = ConformanceExtra()
        // Registration required: formats that keep unknown classes (a keyed archive's
        // UnknownObject) refuse them then.
        let options = Self.references(true)
        let bytes = try format.encode(kinds, with: try ConformanceRegistries.full(), options: options)
        let error = try #require(throws: SerializationError.self) {
            _ = try format.decode(
                ConformanceKinds.self, from: bytes, with: try ConformanceRegistries.full(extra: false),
                options: options)
        }
        #expect(
            [.unknownClassID, .unknownClassName, .unregisteredType, .typeMismatch].contains(error.kind),
            "\(error)")
        // Where: the byte offset, the key path, or both.
        #expect(error.offset != nil || !error.path.isEmpty, "\(error)")
    }

    @Test(arguments: conformanceFormats)
    func aValueOfAnotherTypeIsATypeMismatch(format: SerializationFormat) throws {
        let registry = try ConformanceRegistries.full()
        let bytes = try format.encode(ConformanceNode("node"), with: registry)
        let error = try #require(throws: SerializationError.self) {
            _ = try format.decode(ConformanceKinds.self, from: bytes, with: registry)
        }
        #expect(error.kind == .typeMismatch, "\(error)")
    }

    @Test(arguments: conformanceFormats)
    func theFormatReportsItsFamily(format: SerializationFormat) throws {
        // Writers and readers report the family their format declares: what per-format
        // serializers (SerializerByFormat) are chosen by.
        let registry = try Registry {
            Register(
                ConformanceExtra.self, id: 44, javaName: "conformance.Extra", serializer: FamilyRecorder(),
                formats: [format.family: FamilyRecorder(marker: 1)])
        }
        let read = try Self.roundTrip(ConformanceExtra(), in: format, registry: registry)
        #expect(read.value == 1)
    }
}

/// Writes `marker` and reads it back: which of the registration's serializers ran.
struct FamilyRecorder: Serializer {
    var marker: Int32 = 0
    func write(_ value: ConformanceExtra, to writer: any ValueWriter) throws {
        try writer.writeInt32(marker, forKey: "marker", encoding: .zigzag)
    }
    func read(from reader: any ValueReader) throws -> ConformanceExtra {
        let value = ConformanceExtra()
        value.value = try reader.readInt32(forKey: "marker", encoding: .zigzag)
        return value
    }
}
