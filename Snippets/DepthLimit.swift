// snippet.hide
import SwiftKryo

@JavaClass("test.Node")
final class Node {
    var next: Node?
    init() {}
}
let registry = try Registry { Register(Node.self, id: 20) }
let longList = Node()
var last = longList
for _ in 0..<1_000 {
    let node = Node()
    last.next = node
    last = node
}
// snippet.show
let options = SerializationOptions(limits: Limits(maxDepth: 2_000))
let bytes = try registry.encode(longList, as: .kryo(.v2), options: options)
let back = try registry.decode(Node.self, from: bytes, as: .kryo(.v2), options: options)
// snippet.hide
print(back.next != nil)
