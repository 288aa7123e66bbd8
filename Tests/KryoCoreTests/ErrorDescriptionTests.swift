import KryoCore
import Testing

/// An error's one-line description stays short for a deep path (a cycle written without
/// references goes 500 objects deep): its first and last keys, and how many are left out.
@Suite struct ErrorDescriptionTests {
    @Test func aDeepPathIsShortenedInTheDescription() {
        let path = ["root"] + Array(repeating: "target", count: 400) + ["name"]
        let error = SerializationError(.depthLimitExceeded, expected: "at most 400 levels", found: "more", path: path)
        #expect(error.path.count == 402)
        let text = error.description
        #expect(text.contains("(path: root.target.target.target.target.target.target.target.…386 more…."))
        #expect(text.hasSuffix("target.target.target.target.target.target.target.name)"))
        #expect(text.count < 300)
        let shallow = SerializationError(.invalidValue, expected: "a", found: "b", path: ["x", "y"])
        #expect(shallow.description.hasSuffix("(path: x.y)"))
    }
}
