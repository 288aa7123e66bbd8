import KryoCore
import KryoPlist
import Testing

/// A binary property list's ASCII strings of up to 15 bytes are made from their bytes directly
/// (``SmallString``): they must be the very strings the standard library makes from them.
@Suite struct ShortStringTests {
    @Test(arguments: ["abcdefghijklmnopq", "NS.objects$class", "\u{7F}\u{1}x$~ 09AZaz{}"])
    func shortASCIIStringsAreTheStandardLibrarysStrings(_ alphabet: String) throws {
        for prefix in everyPrefix(of: alphabet) {
            let bytes = try PropertyList.encode(.array([.string(prefix), .string("")]), format: .binary)
            guard case .array(let elements) = try PropertyList.decodeBinary(bytes),
                case .string(let read)? = elements.first, case .string(let empty)? = elements.last
            else {
                Issue.record("not an array of two strings")
                return
            }
            expectStandardLibraryString(read, of: prefix)
            #expect(empty.isEmpty && empty == "" && empty.hashValue == "".hashValue)
        }
    }
}
