import Foundation
import Testing

/// The tool reads and writes chains of objects thousands deep, as Java's own default stack does
/// (a linked list of nodes, events that point to the previous one): it runs on a thread with a
/// large stack and allows 10 000 levels by default, `--max-depth` more or fewer. Indentation
/// stops growing beyond a fixed depth, so a document or dump of such a chain stays linear in
/// size.
@Suite struct DeepGraphToolTests {
    static let schemaPath: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deep-graph-\(UUID()).yaml").path
        let schema = "package: n\nclasses:\n  - {class: Node, fields: {v: int, next: Node}}\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(schema.utf8))
        return path
    }()

    /// A document of a chain of `count` nodes.
    static func chain(_ count: Int) -> [UInt8] {
        Array(
            (String(repeating: #"{"$class": "n.Node", "v": 7, "next": "#, count: count) + "null"
                + String(repeating: "}", count: count)).utf8)
    }

    @Test func aChainThousandsDeepConvertsBothWays() throws {
        let document = Self.chain(3000)
        let kryo = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", Self.schemaPath], input: document)
        #expect(kryo.status == 0, "\(kryo.stderr)")
        #expect(kryo.stdout.count > 6000)
        let json = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", Self.schemaPath], input: kryo.stdout)
        #expect(json.status == 0, "\(json.stderr)")
        // Indented up to 64 levels: every line is short, whatever the depth.
        let longest = json.text.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 200, "a line of \(longest) characters")
        let back = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", Self.schemaPath], input: json.stdout)
        #expect(back.stdout == kryo.stdout)
        let plist = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "plist-xml", "--schema", Self.schemaPath], input: kryo.stdout)
        #expect(plist.status == 0, "\(plist.stderr)")
        #expect((plist.text.split(separator: "\n").map(\.count).max() ?? 0) < 200)
        let dump = try KryoTool.run(
            ["inspect", "-", "--format", "kryo5", "--schema", Self.schemaPath], input: kryo.stdout)
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.text.contains("[2999] "))
        #expect((dump.text.split(separator: "\n").map(\.count).max() ?? 0) < 200)
    }

    @Test func maxDepthBoundsTheNesting() throws {
        let limited = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", Self.schemaPath, "--max-depth", "100"],
            input: Self.chain(150))
        #expect(limited.status == 1)
        #expect(limited.stderr.hasPrefix("kryo: depthLimitExceeded: expected at most 100 nested"), "\(limited.stderr)")
        let refused = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", Self.schemaPath, "--max-depth", "0"],
            input: Self.chain(1))
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--max-depth must be between 1 and 50000, found 0"), "\(refused.stderr)")
    }
}
