import Foundation
import SwiftKryo
import Testing

/// `kryo convert --[no-]stable-order`.
@Suite(.enabled(if: KryoTool.executable != nil, "the kryo executable was not built"))
struct StableOrderToolTests {
    @Test("--stable-order writes maps sorted by key; without it, in the input's order")
    func json() throws {
        let input = Array(#"{"b": 1, "a": 2, "c": {"z": 1, "y": 2}}"#.utf8)
        let arguments = ["convert", "-", "--from", "json", "--to", "json"]
        let sorted = try KryoTool.run(arguments + ["--stable-order"], input: input)
        #expect(sorted.status == 0, "\(sorted.stderr)")
        let text = sorted.text.filter { !$0.isWhitespace }
        #expect(text == #"{"a":2,"b":1,"c":{"y":2,"z":1}}"#)
        for flags in [[], ["--no-stable-order"]] {
            let kept = try KryoTool.run(arguments + flags, input: input)
            #expect(kept.text.filter { !$0.isWhitespace } == #"{"b":1,"a":2,"c":{"z":1,"y":2}}"#, "\(flags)")
        }
    }

    @Test(
        "--stable-order gives a Kryo stream's HashMap the bytes Swift writes with the option on",
        arguments: ["kryo2", "kryo5"])
    func kryo(_ format: String) throws {
        let dialect: KryoDialect = format == "kryo2" ? .v2 : .v5
        let map = Dictionary(uniqueKeysWithValues: (0..<100).map { ("key\($0)", Int32($0)) })
        var options = dialect.defaultOptions
        options.registrationRequired = false
        options.stableOrder = false
        let hashOrder = try KryoCodec(registry: try Registry(), dialect: dialect, options: options).encode(map)
        options.stableOrder = true
        let sorted = try KryoCodec(registry: try Registry(), dialect: dialect, options: options).encode(map)
        let flags = ["--from", format, "--to", format, "--no-registration-required"]
        let converted = try KryoTool.run(["convert", "-"] + flags + ["--stable-order"], input: hashOrder)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout == sorted)
        // Without the flag the stream converts back byte for byte, in its own order.
        let kept = try KryoTool.run(["convert", "-"] + flags, input: hashOrder)
        #expect(kept.stdout == hashOrder)
    }
}
