import KryoCore
import Testing

@Suite struct IdentityTableTests {
    final class Node {}

    @Test func eachObjectKeepsTheNumberItWasFirstGiven() {
        var table = IdentityTable()
        let nodes = (0..<5000).map { _ in Node() }
        for (number, node) in nodes.enumerated() {
            #expect(table.number(of: node, elseInsert: number) == nil)
        }
        #expect(table.count == nodes.count)
        // Found again after many growths, each with its own number, never re-inserted.
        for (number, node) in nodes.enumerated().reversed() {
            #expect(table.number(of: node, elseInsert: -1) == number)
        }
        #expect(table.count == nodes.count)
    }

    @Test func objectsStayAliveSoTheirAddressesAreNotReused() {
        var table = IdentityTable()
        weak var released: Node?
        do {
            let temporary = Node()
            released = temporary
            #expect(table.number(of: temporary, elseInsert: 0) == nil)
        }
        // The table holds the object: a new object cannot take its address and be mistaken for it.
        #expect(released != nil)
        #expect(table.number(of: Node(), elseInsert: 1) == nil)
    }
}
