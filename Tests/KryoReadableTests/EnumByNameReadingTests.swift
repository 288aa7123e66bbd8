import Foundation
import SwiftKryo
import Testing

/// Enum constants in every kind of slot, for the reading of a constant by its name.
final class Badge: Schematized {
    var level: Priority = .low
    var maybe: Priority?
    var levels: [Priority] = []
    var anything: Any?
    var note = ""

    init() {}

    static let schema = Schema<Badge>(java: "test.Badge") {
        Field("level", \.level)
        Field("maybe", \.maybe)
        Field("levels", \.levels)
        Field("anything", \.anything)
        Field("note", \.note)
    }
}

/// A second enum, whose constants are not `Priority`'s.
enum Shade: JavaEnum {
    case light, dark
    static let javaClassName = "test.Shade"
}

/// An enum constant of a JSON document that names its constant (`{"$class": …, "name": …}`) is
/// taken by its name, without entering the object (``ReadableCodec/decode(_:from:)`` on the
/// text); any other is read by its serializer as before. Both must give what the tree reading
/// (`decode(_:from: ReadableValue)`, which always enters the object) gives: the same values, and
/// the same errors at the same key paths.
@Suite struct EnumByNameReadingTests {
    let registry: Registry
    init() throws {
        registry = try Registry {
            Register(Badge.self, id: 60, readableName: "Badge")
            Register(Priority.self, id: 61, readableName: "Priority")
            Register(Shade.self, id: 62, readableName: "Shade")
        }
    }

    /// The parsed and tree readings of `fields` (the members of a `Badge` after its `$class`),
    /// checked to agree: the same value written back, or the same error. Returns the parsed
    /// reading.
    @discardableResult
    func agree(
        _ fields: String, options: SerializationOptions = SerializationOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<Badge, SerializationError> {
        let codec = ReadableCodec(registry: registry, format: .json, options: options)
        let bytes = Array(#"{"$class": "Badge", \#(fields)}"#.utf8)
        let (parsed, tree) = ParsedAndTreeReadings.agree(
            Badge.self, bytes, codec: codec, writer: ReadableCodec(registry: registry, format: .json), context: fields,
            sourceLocation: sourceLocation)
        if case .success(let one) = parsed, case .success(let other) = tree {
            #expect(one.level == other.level && one.maybe == other.maybe && one.levels == other.levels)
        }
        return parsed
    }

    /// The constant `name` of `Priority` as the writer writes it, with `extra` members after it.
    static func priority(_ name: String, extra: String = "") -> String {
        #"{"$class": "Priority", "name": \#(name)\#(extra)}"#
    }

    @Test func constantsByNameInEverySlot() throws {
        let badge = try agree(
            #""level": \#(Self.priority(#""HIGH""#, extra: #", "ordinal": 2"#)), "#
                + #""maybe": \#(Self.priority(#""NORMAL""#)), "#
                + #""levels": [\#(Self.priority(#""LOW""#)), \#(Self.priority(#""HIGH""#))], "#
                + #""anything": \#(Self.priority(#""NORMAL""#))"#
        ).get()
        #expect(badge.level == .high)
        #expect(badge.maybe == .normal)
        #expect(badge.levels == [.low, .high])
        #expect(badge.anything as? Priority == .normal)
    }

    @Test func whatTheWriterWritesReadsBack() throws {
        let badge = Badge()
        badge.level = .normal
        badge.maybe = .high
        badge.levels = [.high, .low, .normal]
        badge.anything = Shade.dark
        let codec = ReadableCodec(registry: registry, format: .json)
        let text = try codec.encode(badge)
        let back = try codec.decode(Badge.self, from: text)
        #expect(back.level == .normal && back.maybe == .high && back.levels == [.high, .low, .normal])
        #expect(back.anything as? Shade == .dark)
        #expect(try codec.encode(back) == text)
    }

    @Test(arguments: [
        // The name wins over the ordinal, whatever their order.
        #"{"ordinal": 0, "name": "HIGH", "$class": "Priority"}"#,
        // Without a name, or with a null one, the ordinal.
        #"{"$class": "Priority", "ordinal": 1}"#,
        #"{"$class": "Priority", "name": null, "ordinal": 2}"#,
        // The key and the name spelled with escapes.
        #"{"$class": "Priority", "n\u0061me": "HIGH"}"#,
        #"{"$class": "Priority", "name": "HI\u0047H"}"#,
        // Unknown names, and names of the wrong case or of another enum.
        #"{"$class": "Priority", "name": "URGENT", "ordinal": 1}"#,
        #"{"$class": "Priority", "name": "high"}"#,
        #"{"$class": "Priority", "name": "DARK"}"#,
        #"{"$class": "Priority", "name": ""}"#,
        // A name that is no string.
        #"{"$class": "Priority", "name": 2}"#,
        #"{"$class": "Priority", "name": true}"#,
        #"{"$class": "Priority", "name": ["HIGH"]}"#,
        #"{"$class": "Priority", "name": {"$class": "Priority", "name": "HIGH"}}"#,
        // Ordinals out of range.
        #"{"$class": "Priority", "ordinal": 3}"#,
        #"{"$class": "Priority", "ordinal": -2}"#,
        // A constant of another enum in a `Priority` slot.
        #"{"$class": "Shade", "name": "DARK"}"#,
        #"{"$class": "Shade", "name": "HIGH"}"#,
        // Generic keys: a key read twice means the next one.
        #"{"$class": "Priority", "$0": "LOW", "name": "HIGH"}"#,
        // A class the registry does not know, and no class.
        #"{"$class": "Nothing", "name": "HIGH"}"#,
        #"{"name": "HIGH"}"#,
        "null",
        #""HIGH""#,
        #""SOMETHING""#,
    ])
    func anyConstantReadsAsBefore(constant: String) {
        agree(#""level": \#(constant), "note": "after""#)
        agree(#""maybe": \#(constant), "note": "after""#)
        agree(#""levels": [\#(constant), \#(Self.priority(#""LOW""#))], "note": "after""#)
        agree(#""anything": \#(constant), "note": "after""#)
    }

    @Test func anObjectOfManyMembersIsReadAsBefore() {
        // More than the members an object of the text is read with where it lies.
        let padding = (0..<70).map { #", "pad\#($0)": \#($0)"# }.joined()
        agree(#""level": \#(Self.priority(#""HIGH""#, extra: padding))"#)
        agree(#""level": \#(Self.priority(#""PURPLE""#, extra: padding))"#)
    }

    @Test func theDepthLimitCountsTheConstant() {
        // The badge is level 1, a constant in it level 2, a constant in its list level 3.
        for depth in 1...4 {
            let options = SerializationOptions(limits: Limits(maxDepth: depth))
            agree(#""level": \#(Self.priority(#""HIGH""#))"#, options: options)
            agree(#""levels": [\#(Self.priority(#""HIGH""#))]"#, options: options)
            agree(#""anything": \#(Self.priority(#""HIGH""#))"#, options: options)
        }
    }

    /// The writer writes a constant in a field in one step where the members of its object
    /// stream (JSON): the bytes must be the tree's, which enters the object and runs the
    /// serializer, in every slot, nil or not, with references on and off.
    @Test(arguments: [ReadableFormat.json, .prettyJSON], [true, false])
    func constantsAreWrittenAsTheTreeWritesThem(format: ReadableFormat, references: Bool) throws {
        let codec = ReadableCodec(
            registry: registry, format: format,
            options: SerializationOptions(references: references, registrationRequired: references))
        let cases: [(Priority, Priority?)] = [(.low, nil), (.high, .normal), (.normal, .high), (.high, .high)]
        for (level, maybe) in cases {
            let badge = Badge()
            badge.level = level
            badge.maybe = maybe
            badge.levels = [level, .low]
            badge.anything = Shade.dark
            let streamed = String(decoding: try codec.encode(badge), as: UTF8.self)
            let tree = String(
                decoding: try ReadableCodec.bytes(of: codec.document(badge), format: format), as: UTF8.self)
            #expect(streamed == tree)
            let back = try codec.decode(Badge.self, from: Array(streamed.utf8))
            #expect(back.level == level && back.maybe == maybe && back.levels == [level, .low])
        }
        let compact = ReadableCodec(registry: registry, format: .json)
        let badge = Badge()
        badge.level = .high
        #expect(
            String(decoding: try compact.encode(badge), as: UTF8.self).contains(
                #","level":{"$class":"Priority","name":"HIGH","ordinal":2},"levels":[],"maybe":null,"#))
    }

    @Test func writingAConstantTooDeepIsTheTreesError() throws {
        let badge = Badge()
        badge.level = .normal
        for depth in 1...3 {
            let codec = ReadableCodec(
                registry: registry, format: .json, options: SerializationOptions(limits: Limits(maxDepth: depth)))
            let streamed = ParsedAndTreeReadings.reading { try codec.encode(badge) }
            let tree = ParsedAndTreeReadings.reading {
                try ReadableCodec.bytes(of: codec.document(badge), format: .json)
            }
            switch (streamed, tree) {
            case (.success(let one), .success(let other)): #expect(one == other, "depth \(depth)")
            case (.failure(let one), .failure(let other)):
                #expect("\(one)" == "\(other)" && one.path == other.path, "depth \(depth)")
                #expect(one.kind == .depthLimitExceeded)
            default: Issue.record("depth \(depth): streamed \(streamed), tree \(tree)")
            }
        }
    }

    @Test func anUnknownNameIsTheSerializersError() {
        let result = agree(#""level": \#(Self.priority(#""URGENT""#))"#)
        guard case .failure(let error) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(
            "\(error)"
                == #"invalidValue: expected a constant of test.Priority (LOW, NORMAL, HIGH), found "URGENT" (path: level)"#
        )
        #expect(error.path == ["level"])
    }
}
