import Foundation
import KryoSchemaFiles
import Testing

/// Schema files that would make the YAML or JSON parser build far more than their text — a
/// "billion laughs" of aliases, a file past ``SchemaFiles/maximumFileSize`` — are refused before
/// parsing, and what a file may make the parser build is bounded by its size (the peak is measured
/// by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    func refusal(_ label: String, claiming claim: Int, _ text: String, _ fileName: String) -> (SchemaFileError?, Int) {
        let (error, peak) = AllocationMeter.failure("schema file \(label)", claiming: claim) {
            _ = try SchemaFiles.parse(text, fileName: fileName)
        }
        return (error as? SchemaFileError, peak)
    }

    @Test func aBillionLaughsOfAliases() {
        // Ten levels of ten aliases each: 10^10 nodes once expanded.
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...10 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(aliases)]\n"
        }
        text += "classes: []\n"
        let (error, peak) = refusal("YAML aliases", claiming: 10_000_000_000, text, "laughs.yaml")
        #expect(error?.message.contains("aliases") == true, "\(String(describing: error))")
        #expect(error?.line == 2)
        #expect(peak < AllocationMeter.bound)
    }

    @Test func aFileLargerThanTheLimit() {
        let text = "# " + String(repeating: "x", count: SchemaFiles.maximumFileSize) + "\nclasses: []\n"
        for fileName in ["big.yaml", "big.json"] {
            let (error, peak) = refusal("\(fileName) past the size limit", claiming: text.utf8.count, text, fileName)
            #expect(error?.message.contains("larger than") == true, "\(String(describing: error))")
            #expect(peak < AllocationMeter.bound, "\(fileName)")
        }
    }

    @Test(arguments: ["yaml", "json"])
    func whatAFileMakesTheParserBuildIsBoundedByItsSize(_ format: String) {
        // The densest a file can be: a flow sequence of one-character items, unclosed so that the
        // parser reads all of it before failing. JSON costs a few bytes per byte of text; YAML
        // (Yams builds a node of a few hundred bytes per item, the item's marks included) over a
        // hundred, which the file-size limit caps (1 MiB of text, about 120 MiB of nodes).
        let count = 20_000
        let text = "[" + String(repeating: "1,", count: count)
        let (error, peak) = refusal(
            "\(format) flow sequence of \(count), unclosed", claiming: count, text, "dense.\(format)")
        #expect(error != nil)
        #expect(peak < 512 * text.utf8.count, "\(peak) bytes for \(text.utf8.count)")
    }
}
