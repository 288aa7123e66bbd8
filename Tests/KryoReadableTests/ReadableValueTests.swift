import KryoReadable
import Testing

@Suite struct ReadableValueTests {
    @Test func dictionariesKeepTheirKeyOrder() {
        let value = ReadableValue.dictionary(["b": .integer(1), "a": .null])
        guard case .dictionary(let entries) = value else {
            Issue.record("not a dictionary")
            return
        }
        #expect(Array(entries.keys) == ["b", "a"])
    }
}
