import Foundation
import SwiftKryo

/// The chat programs' command line: `--host`, `--port`, `--name`, `--kryo 2|5`, `--rmi`.
public struct ChatOptions: Sendable {
    public var host = "localhost"
    public var port = ChatNetwork.port
    public var name: String?
    public var dialect = KryoDialect.v2
    /// The chat RMI example (`--rmi`) instead of the chat example: its classes and port.
    public var rmi = false

    /// Which program reads the options: the server takes no host or name.
    public enum Program: Sendable { case server, client }

    /// Reads the options; an unknown or incomplete one (or one the program does not take) stops
    /// the program with its usage line.
    public init(_ arguments: some Sequence<String>, program: Program) {
        let usage =
            program == .server
            ? "usage: kryonet-chat-server [--port PORT] [--kryo 2|5] [--rmi]"
            : "usage: kryonet-chat-client [--host HOST] [--port PORT] [--name NAME] [--kryo 2|5] [--rmi]"
        var arguments = Array(arguments).makeIterator()
        var portGiven = false
        while let argument = arguments.next() {
            if argument == "--help" || argument == "-h" {
                say(usage)
                exit(0)
            }
            if argument == "--rmi" {
                rmi = true
                if !portGiven { port = ChatRMINetwork.port }
                continue
            }
            let value = arguments.next()
            switch (argument, value) {
            case ("--host", let value?) where program == .client: host = value
            case ("--port", let value?) where Int(value) != nil:
                port = Int(value) ?? port
                portGiven = true
            case ("--name", let value?) where program == .client: name = value
            case ("--kryo", "2"): dialect = .v2
            case ("--kryo", "5"): dialect = .v5
            default:
                FileHandle.standardError.write(Data((usage + "\n").utf8))
                exit(2)
            }
        }
    }
}

/// Prints a line at once, also into a pipe (where `print` would wait for a full buffer), so that a
/// program reading this one sees each line as it happens.
public func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
