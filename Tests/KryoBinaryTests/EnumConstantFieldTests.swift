import Foundation
import SwiftKryo
import Testing

// An enum field whose enum keeps its default serializer is written and read in one step
// (`EnumFieldCodec`, `writeEnumConstant`/`readEnumConstant`): the same enum registered with
// an explicit `EnumSerializer` goes through its slot, object markers and all. Both must write
// the same bytes, read the same values and report the same errors, in every setting.

@JavaEnum("onestep.Suit")
enum OneStepSuit {
    case clubs, diamonds, hearts, spades
}

/// A Java enum of 200 constants: ordinals from 127 up take two varint bytes. Not a plain enum,
/// so that its ordinals are looked up.
struct OneStepWide: JavaEnum {
    let number: Int
    static let allCases = (0..<200).map(OneStepWide.init)
    static let javaClassName = "onestep.Wide"
    static var javaConstantNames: [String] { allCases.map { "W\($0.number)" } }
}

final class OneStepHand: Schematized {
    var count: Int32 = 0
    var suit: OneStepSuit = .clubs
    var maybeSuit: OneStepSuit?
    var names: [String] = []
    var wide: OneStepWide = OneStepWide(number: 0)
    var maybeWide: OneStepWide?
    var inner: OneStepHand?
    init() {}

    static let schema = Schema<OneStepHand>(java: "onestep.Hand") {
        Field("count", get: { $0.count }, set: { $0.count = $1 })
        Field("inner", get: { $0.inner }, set: { $0.inner = $1 })
        Field("maybeSuit", get: { $0.maybeSuit }, set: { $0.maybeSuit = $1 })
        Field("maybeWide", get: { $0.maybeWide }, set: { $0.maybeWide = $1 })
        Field("names", get: { $0.names }, set: { $0.names = $1 })
        Field("suit", get: { $0.suit }, set: { $0.suit = $1 })
        Field("wide", get: { $0.wide }, set: { $0.wide = $1 })
    }

    var summary: String {
        "\(count) \(suit) \(maybeSuit.map { "\($0)" } ?? "nil") \(names) \(wide.number)"
            + " \(maybeWide.map { "\($0.number)" } ?? "nil") [\(inner?.summary ?? "nil")]"
    }
}

@Suite struct EnumConstantFieldTests {
    /// `oneStep`: the enums keep their default serializers; otherwise each is registered with
    /// an explicit `EnumSerializer`, which sends its fields through their slots.
    static func registry(oneStep: Bool) throws -> Registry {
        try Registry {
            Register([Any?].self, id: 10)
            if oneStep {
                Register(OneStepSuit.self, id: 20)
                Register(OneStepWide.self, id: 21)
            } else {
                Register(OneStepSuit.self, id: 20, serializer: EnumSerializer<OneStepSuit>())
                Register(OneStepWide.self, id: 21, serializer: EnumSerializer<OneStepWide>())
            }
            Register(OneStepHand.self, id: 22)
        }
    }

    static func hand(_ index: Int, nested: Bool = true) -> OneStepHand {
        let hand = OneStepHand()
        hand.count = Int32(index) - 3
        hand.suit = OneStepSuit.allCases[index % 4]
        hand.maybeSuit = index % 5 == 0 ? nil : OneStepSuit.allCases[(index + 1) % 4]
        hand.names = (0..<(index % 3)).map { "n\($0)" }
        hand.wide = OneStepWide(number: index * 37 % 200)
        hand.maybeWide = index % 3 == 0 ? nil : OneStepWide(number: 199 - index % 200)
        if nested { hand.inner = Self.hand(index + 1, nested: false) }
        return hand
    }

    /// The test's premise: one registry's enum fields take the one-step path, the other's not.
    @Test func oneRegistryTakesTheOneStepPathAndTheOtherDoesNot() throws {
        let codec = FieldCodec.of(\OneStepHand.suit, "suit")
        #expect(codec.slot.bound(in: try Self.registry(oneStep: true)).usesSpecialized)
        #expect(!codec.slot.bound(in: try Self.registry(oneStep: false)).usesSpecialized)
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func theOneStepPathWritesAndReadsWhatTheSlotDoes(_ dialect: KryoDialect) throws {
        let oneStep = try Self.registry(oneStep: true)
        let slots = try Self.registry(oneStep: false)
        let format = SerializationFormat.kryo(dialect)
        for references in [false, true] {
            let options = SerializationOptions(references: references, registrationRequired: true)
            for index in 0..<40 {
                let hand = Self.hand(index)
                let context = "\(dialect), references \(references), hand \(index)"
                let bytes = try oneStep.encode(hand, as: format, options: options)
                #expect(bytes == (try slots.encode(hand, as: format, options: options)), "\(context)")
                let read = try oneStep.decode(OneStepHand.self, from: bytes, as: format, options: options)
                #expect(read.summary == hand.summary, "\(context)")
                let slotRead = try slots.decode(OneStepHand.self, from: bytes, as: format, options: options)
                #expect(slotRead.summary == hand.summary, "\(context)")
            }
        }
    }

    /// Streams in one-byte chunks (where no varint is ever buffered whole) and a small output
    /// buffer that flushes between fields.
    @Test func throughStreamsInSmallPieces() throws {
        let hands = (0..<30).map { Self.hand($0) }
        // The pieces handed to the sink: flushed at the same places both ways.
        var written: [[[UInt8]]] = []
        for oneStep in [true, false] {
            let codec = KryoCodec(
                registry: try Self.registry(oneStep: oneStep), dialect: .v5,
                options: SerializationOptions(references: false, registrationRequired: true))
            var pieces: [[UInt8]] = []
            let writer = KryoStreamWriter(codec: codec, bufferSize: 16) { pieces.append([UInt8]($0)) }
            for hand in hands { try writer.write(hand) }
            try writer.flush()
            written.append(pieces)
            let bytes = pieces.flatMap { $0 }
            var position = 0
            let reader = KryoStreamReader(codec: codec) {
                guard position < bytes.count else { return nil }
                position += 1
                return [bytes[position - 1]]
            }
            for hand in hands {
                let read = try #require(try reader.next(OneStepHand.self))
                #expect(read.summary == hand.summary, "one step \(oneStep)")
            }
        }
        #expect(written[0] == written[1])
        #expect(written[0].count > 30, "the writer flushed within values: \(written[0].count) pieces")
    }

    /// The error each registry reports for `bytes`.
    static func failures(_ bytes: [UInt8], _ dialect: KryoDialect, _ options: SerializationOptions) -> [String] {
        [true, false].map { oneStep in
            do {
                let read = try Self.registry(oneStep: oneStep).decode(
                    OneStepHand.self, from: Data(bytes), as: .kryo(dialect), options: options)
                return "no error: \(read.summary)"
            } catch {
                return "\(error)"
            }
        }
    }

    /// Where the `suit` field's byte is in `hand`'s bytes (no other byte changes when it does).
    static func suitOffset(_ dialect: KryoDialect, _ options: SerializationOptions) throws -> (bytes: [UInt8], at: Int)
    {
        let registry = try Self.registry(oneStep: true)
        let hand = Self.hand(7, nested: false)
        let bytes = [UInt8](try registry.encode(hand, as: .kryo(dialect), options: options))
        // A constant not written before (with references on, one that was is a back-reference).
        hand.suit = try #require(OneStepSuit.allCases.first { $0 != hand.suit && $0 != hand.maybeSuit })
        let other = [UInt8](try registry.encode(hand, as: .kryo(dialect), options: options))
        let differing = zip(bytes, other).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.count == 1)
        return (bytes, try #require(differing.first))
    }

    @Test(arguments: [KryoDialect.v2, .v5], [false, true])
    func badConstantsAreTheSlotsErrors(_ dialect: KryoDialect, references: Bool) throws {
        let options = SerializationOptions(references: references, registrationRequired: true)
        let (bytes, at) = try Self.suitOffset(dialect, options)
        // Past the last constant; nil in a field Swift holds non-nil; a varint that runs off the end.
        // (Without references a 0 is the enum's nil, reported once the field is left, so that its
        // path does not name the field; with them it follows the not-nil marker.)
        let cases: [(replacement: [UInt8], prefix: String, inField: Bool)] = [
            ([5], "invalidValue: expected an ordinal below 4 for onestep.Suit, found ordinal 4", true),
            ([0x85, 0x01], "invalidValue: expected an ordinal below 4 for onestep.Suit, found ordinal 132", true),
            ([0], "typeMismatch: expected a OneStepSuit", references),
        ]
        for (replacement, prefix, inField) in cases {
            var bad = bytes
            bad.replaceSubrange(at...at, with: replacement)
            let failures = Self.failures(bad, dialect, options)
            #expect(failures[0].hasPrefix(prefix), "\(failures[0])")
            #expect(failures[0].contains("suit") == inField, "the key path: \(failures[0])")
            #expect(failures[0] == failures[1])
        }
        var cut = Array(bytes[..<at])
        cut.append(0x81)
        let failures = Self.failures(cut, dialect, options)
        #expect(failures[0].hasPrefix("truncatedInput"), "\(failures[0])")
        #expect(failures[0] == failures[1])
    }

    /// An enum one level below the depth limit: the slot reports it, writing and reading.
    @Test(arguments: [false, true])
    func theDepthLimitIsTheSlotsError(references: Bool) throws {
        let hand = Self.hand(2, nested: false)
        let options = SerializationOptions(
            references: references, registrationRequired: true, limits: Limits(maxDepth: 1))
        var failures: [String] = []
        for oneStep in [true, false] {
            do {
                _ = try Self.registry(oneStep: oneStep).encode(hand, as: .kryo(.v2), options: options)
                failures.append("no error")
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures[0].hasPrefix("depthLimitExceeded"), "\(failures[0])")
        #expect(failures[0] == failures[1])
        let bytes = [UInt8](
            try Self.registry(oneStep: true).encode(
                hand, as: .kryo(.v2),
                options: SerializationOptions(references: references, registrationRequired: true)))
        let readFailures = Self.failures(bytes, .v2, options)
        #expect(readFailures[0].hasPrefix("depthLimitExceeded"), "\(readFailures[0])")
        #expect(readFailures[0] == readFailures[1])
    }

    /// Formats with keys take the slot: the same documents either way.
    @Test func keyedAndReadableFormatsAreUnchanged() throws {
        let hand = Self.hand(4)
        for format in [SerializationFormat.readable(.json), .keyedArchive(.xml)] {
            let oneStep = try Self.registry(oneStep: true)
            let bytes = try oneStep.encode(hand, as: format)
            #expect(bytes == (try Self.registry(oneStep: false).encode(hand, as: format)), "\(format)")
            #expect(try oneStep.decode(OneStepHand.self, from: bytes, as: format).summary == hand.summary)
        }
    }
}
