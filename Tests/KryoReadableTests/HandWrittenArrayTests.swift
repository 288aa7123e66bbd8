import Foundation
import SwiftKryo
import Testing

/// A `char[]` written by hand as the text it holds, a `byte[]` as base64 text, a `Character` as a
/// one-character string: read as the library's own forms (lists of numbers, `$data`) would be.
@Suite struct HandWrittenArrayTests {
    static let schema = """
        settings: {dialect: kryo5, registrationRequired: false}
        classes:
          - class: x.Secret
            fields:
              password: char[]
              salt: byte[]
              mark: Character
              anything: Object
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "x.Secret") }

    func secret(_ fields: String) throws -> DynamicObject { try document.object(fields) }

    @Test func textAndBase64ReadAsTheArraysTheyHold() throws {
        let secret = try secret(
            #""password": "h\u00e9\ud83d\ude00", "salt": "AAEC/w==", "mark": "x", "#
                + #""anything": {"$class": "[C", "$value": "ok"}"#)
        #expect(secret.fields["password"] as? [UInt16] == Array("hé😀".utf16))
        #expect(secret.fields["salt"] as? Data == Data([0, 1, 2, 255]))
        #expect(secret.fields["mark"] as? UInt16 == UInt16(UInt8(ascii: "x")))
        #expect(secret.fields["anything"] as? [UInt16] == Array("ok".utf16))
        // The library's own forms read the same.
        let own = try self.secret(
            #""password": [104, 233, 55357, 56832], "salt": {"$class": "NSData", "$data": "AAEC/w=="}, "mark": 120"#)
        #expect(own.fields["password"] as? [UInt16] == Array("hé😀".utf16))
        #expect(own.fields["salt"] as? Data == Data([0, 1, 2, 255]))
        #expect(own.fields["mark"] as? UInt16 == UInt16(UInt8(ascii: "x")))
    }

    /// JDK collections a schema names (`ArrayDeque`, `TreeSet`) written by hand as plain lists.
    @Test func plainListsBecomeTheDeclaredCollections() throws {
        let schema = """
            classes:
              - class: x.Queues
                fields:
                  deque: java.util.ArrayDeque<String>
                  sorted: java.util.TreeSet<Integer>
            """
        let queuesDocument = try SchemaDocument(schema: schema, javaClass: "x.Queues")
        let queues = try queuesDocument.object(#""deque": ["p", "q"], "sorted": [3, 1, 2]"#)
        let deque = try #require(queues.fields["deque"] as? JavaCollection<Any?>)
        #expect(deque.javaClass == "java.util.ArrayDeque")
        #expect(deque.elements.compactMap { $0 as? String } == ["p", "q"])
        let sorted = try #require(queues.fields["sorted"] as? JavaTreeSet<AnyHashable>)
        #expect(sorted.compactMap { $0.base as? Int32 } == [1, 2, 3])
        // Written back: plain lists again, the elements of the declared class without `$class`.
        let written = String(decoding: try queuesDocument.codec.encode(queues), as: UTF8.self)
        #expect(written.contains(#""deque":["p","q"]"#) && written.contains(#""sorted":[1,2,3]"#))
    }

    @Test func textThatIsNotBase64IsAnErrorAtItsField() throws {
        #expect {
            _ = try secret(#""salt": "AA!C""#)
        } throws: { error in
            "\(error)"
                == "invalidValue: expected base64 text for the bytes, found a byte that is not a base64 digit at "
                + "character 2 (path: salt)"
        }
    }
}
