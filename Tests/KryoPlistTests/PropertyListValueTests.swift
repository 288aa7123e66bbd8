import KryoPlist
import Testing

@Suite struct PropertyListValueTests {
    @Test func dictionariesKeepTheirKeyOrder() {
        let value = PropertyListValue.dictionary(["b": .integer(1), "a": .uid(2)])
        guard case .dictionary(let dictionary) = value else {
            Issue.record("not a dictionary")
            return
        }
        #expect(Array(dictionary.keys) == ["b", "a"])
    }
}
