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

    /// A Java array class name resolves in time linear in its dimensions (a container's default
    /// registration asked for its element's three times, each made anew: `[[[[[[[[[[[[[J` from
    /// the kryo-typed fuzzer took seconds, 3ⁿ), and one of more than Java's 255 dimensions names
    /// no class.
    @Test(.timeLimit(.minutes(1))) func deepArrayNamesResolveInLinearTime() throws {
        let registry = try Registry()
        let deep = String(repeating: "[", count: 255) + "J"
        let registration = try #require(registry.registration(forJavaName: deep))
        #expect(registration.javaName == deep)
        #expect(registry.registration(forJavaName: String(repeating: "[", count: 40) + "Ljava.lang.String;") != nil)
        #expect(registry.registration(forJavaName: "[" + deep) == nil)
        #expect(registry.registration(forJavaName: String(repeating: "[", count: 10_000)) == nil)
    }
}
