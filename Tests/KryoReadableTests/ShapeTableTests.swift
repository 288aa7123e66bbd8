import Testing

@testable import KryoReadable

/// The writer's table of plain-value shapes by type finds every shape recorded, through its
/// growth, and nothing else.
@Suite struct ShapeTableTests {
    private final class Key {}

    @Test func findsEveryShapeThroughGrowth() {
        let keys = (0..<300).map { _ in Key() }
        var table = ReadableWriter.ShapeTable()
        for (index, key) in keys.enumerated() {
            #expect(table[ObjectIdentifier(key)] == nil)
            table.insert(index % 2 == 0 ? .collection : .exposing, for: ObjectIdentifier(key))
        }
        for (index, key) in keys.enumerated() {
            guard let shape = table[ObjectIdentifier(key)] else {
                Issue.record("no shape for key \(index)")
                continue
            }
            switch shape {
            case .collection: #expect(index % 2 == 0)
            case .exposing: #expect(index % 2 == 1)
            default: Issue.record("another shape for key \(index)")
            }
        }
        table.insert(.unknownObject, for: ObjectIdentifier(keys[7]))
        if case .unknownObject = table[ObjectIdentifier(keys[7])] {} else { Issue.record("not replaced") }
        #expect(table[ObjectIdentifier(Key())] == nil)
    }
}
