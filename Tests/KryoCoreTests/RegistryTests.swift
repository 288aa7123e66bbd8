import Testing

@testable import KryoCore

@Suite struct RegistryTests {
    @Test func javaDefaultsOccupyIDsZeroToEight() throws {
        let registry = try Registry()
        #expect(registry.registration(forID: 0)?.swiftType == Int32.self)
        #expect(registry.registration(forID: 1)?.swiftType == String.self)
        #expect(registry.registration(forID: 8)?.swiftType == Double.self)
        #expect(registry.registration(forID: 9) == nil)
    }
}
