import Foundation
import SwiftKryo
import Testing

/// A Swift `JavaEnum` in a readable document carries its constant's name and its ordinal, as the
/// dynamic path's enums do; a document may give either.
@Suite struct JavaEnumDocumentTests {
    let codec: ReadableCodec

    init() throws {
        codec = ReadableCodec(registry: try readableRegistry(), format: .json)
    }

    @Test func writesTheNameAndTheOrdinal() throws {
        let json = String(decoding: try codec.encode(Priority.high), as: UTF8.self)
        #expect(json == #"{"$class":"test.Priority","name":"HIGH","ordinal":2}"#)
        #expect(try codec.decode(Priority.self, from: Array(json.utf8)) == .high)
    }

    @Test(arguments: [
        (#"{"$class":"test.Priority","name":"NORMAL"}"#, Priority.normal),
        (#"{"$class":"test.Priority","ordinal":0}"#, Priority.low),
        // The name wins when both are given.
        (#"{"$class":"test.Priority","name":"HIGH","ordinal":0}"#, Priority.high),
    ])
    func readsEither(json: String, expected: Priority) throws {
        #expect(try codec.decode(Priority.self, from: Array(json.utf8)) == expected)
    }

    @Test func anUnknownNameIsAnError() throws {
        #expect {
            try codec.decode(Priority.self, from: Array(#"{"$class":"test.Priority","name":"URGENT"}"#.utf8))
        } throws: { error in
            "\(error)"
                == #"invalidValue: expected a constant of test.Priority (LOW, NORMAL, HIGH), found "URGENT""#
        }
    }
}
