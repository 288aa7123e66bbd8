import Foundation

/// A Linux network namespace joined to this one by a virtual Ethernet pair: a second host on a
/// real broadcast-capable link, for the discovery tests. This side is `10.231.N.1/24`, the
/// namespace's `10.231.N.2/24`. Made with `ip` (root only) and removed by ``remove()``.
struct NetworkNamespace: Sendable {
    /// The namespace's name, for `ip netns exec`.
    let name: String
    /// This side's address on the link.
    let hostAddress: String
    /// The namespace's address on the link.
    let namespaceAddress: String

    /// Whether the tests can make namespaces here: root, and `ip netns` working.
    static let isAvailable: Bool = {
        guard getuid() == 0, (try? run(["ip", "netns", "list"])) != nil else { return false }
        return true
    }()

    /// Makes a namespace and its link, on a subnet of its own for this process.
    static func make() throws -> NetworkNamespace {
        let tag = "\(getpid() % 100_000)"
        let subnet = "10.231.\(getpid() % 250 + 1)"
        let namespace = NetworkNamespace(
            name: "swiftkryo-\(tag)", hostAddress: "\(subnet).1", namespaceAddress: "\(subnet).2")
        let outside = "skn\(tag)a"
        let inside = "skn\(tag)b"
        namespace.remove()
        _ = try? run(["ip", "link", "del", outside])
        do {
            try run(["ip", "netns", "add", namespace.name])
            try run(["ip", "link", "add", outside, "type", "veth", "peer", "name", inside])
            try run(["ip", "link", "set", inside, "netns", namespace.name])
            try run(["ip", "addr", "add", "\(namespace.hostAddress)/24", "brd", "+", "dev", outside])
            try run(["ip", "link", "set", outside, "up"])
            let inNamespace = ["ip", "netns", "exec", namespace.name, "ip"]
            try run(inNamespace + ["addr", "add", "\(namespace.namespaceAddress)/24", "brd", "+", "dev", inside])
            try run(inNamespace + ["link", "set", inside, "up"])
            try run(inNamespace + ["link", "set", "lo", "up"])
        } catch {
            namespace.remove()
            throw error
        }
        return namespace
    }

    /// Deletes the namespace, and with it the link.
    func remove() {
        _ = try? Self.run(["ip", "netns", "del", name])
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command, throwing with its output when it fails.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw CommandFailed(description: "\(arguments.joined(separator: " ")): \(text)")
        }
        return text
    }
}
