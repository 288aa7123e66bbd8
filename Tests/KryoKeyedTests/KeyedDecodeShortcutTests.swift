import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// The reader's shortcuts give what the look-ups and casts they skip would: a list's `NSNull`
/// elements are nil among elements of other classes, and a key found by `containsValue` is taken
/// at the position found only when the same key is read from the same object and cursor.
@Suite struct KeyedDecodeShortcutTests {
    static let formats: [PropertyListFormat] = [.binary, .xml]

    @Test("NSNull elements are nil among objects and strings, however often they repeat", arguments: formats)
    func nsNullElementsAmongObjectsAndStringsAreNil(_ format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try keyedRegistry(), format: format)
        let first = Note()
        first.title = "first"
        let second = Note()
        second.title = "second"
        // One NSNull object, referred to four times, after itself and between instances of one class.
        let notes: [Note?] = [first, nil, nil, second, nil, first, nil]
        let back = try codec.decode([Note?].self, from: try codec.encode(notes))
        #expect(back.map { $0?.title } == ["first", nil, nil, "second", nil, "first", nil])

        let mixed: [Any?] = ["a", nil, nil, first, nil, "b", second, nil, Int32(3)]
        let untyped = try codec.decode([Any?].self, from: try codec.encode(mixed))
        #expect(untyped.count == mixed.count)
        #expect(untyped.map { $0 == nil } == [false, true, true, false, true, false, false, true, false])
        #expect((untyped[3] as? Note)?.title == "first" && (untyped[6] as? Note)?.title == "second")
        #expect(untyped[0] as? String == "a" && untyped[5] as? String == "b")
    }
}
