import KryoCore
import Testing

@testable import KryoReadable

/// The JSON parser keeps its open containers on one stack of frames, and the parsed document's
/// builder keeps the members of every open array and object on one stack of its own: nested
/// arrays and objects, many of them, deep, empty or large, must parse to the values their text
/// holds, and an error deep inside them must name its key path, from the parsed document's
/// builder and from the tree's alike.
@Suite struct FlatParseStackTests {
    /// A document's text and the value it holds, made together.
    struct Document {
        var text = ""
        var value = ReadableValue.null
    }

    /// A small deterministic generator (the tests must not depend on a seed that changes).
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        /// A value nested at most `depth` deep: arrays and objects of 0 to 6 members (objects of
        /// up to 24 now and then, past the keys compared one by one), scalars of every kind.
        mutating func value(depth: Int) -> Document {
            let choice = depth > 0 ? next(10) : 5 + next(5)
            switch choice {
            case 0, 1, 2:
                let count = next(7)
                var text = "["
                var elements: [ReadableValue] = []
                for index in 0..<count {
                    if index > 0 { text += next(2) == 0 ? "," : " , " }
                    let element = value(depth: depth - 1)
                    text += element.text
                    elements.append(element.value)
                }
                return Document(text: text + "]", value: .array(elements))
            case 3, 4:
                let count = next(6) == 0 ? 17 + next(8) : next(7)
                var text = "{"
                var members = ReadableDictionary()
                for index in 0..<count {
                    if index > 0 { text += "," }
                    let key = index % 3 == 0 ? "k\(index)" : "aLongerKeyThanFifteenBytes\(index)"
                    let member = value(depth: depth - 1)
                    text += #""\#(key)": "# + member.text
                    members[key] = member.value
                }
                return Document(text: text + "}", value: .dictionary(members))
            case 5:
                let number = next(1000) - 500
                return Document(text: "\(number)", value: .integer(Int64(number)))
            case 6: return Document(text: "true", value: .bool(true))
            case 7: return Document(text: "null", value: .null)
            case 8:
                let string = "s\(next(100))"
                return Document(text: #""\#(string)""#, value: .string(string))
            default:
                return Document(
                    text: #""a string longer than fifteen bytes""#, value: .string("a string longer than fifteen bytes")
                )
            }
        }
    }

    /// The tree the text holds, read by the parser that builds the readable tree.
    private func tree(_ text: String) throws -> ReadableValue { try ReadableJSON.decode(Array(text.utf8)) }

    /// The parsed document's value, rebuilt as a tree from its nodes.
    private func parsed(_ text: String, maxDepth: Int = 512) throws -> ReadableValue {
        let document = try ParsedJSON.parse(Array(text.utf8), maxDepth: maxDepth)
        return document.value(at: document.root)
    }

    @Test func nestedContainersParseAsTheirTreesDo() throws {
        var generator = Generator(state: 0x5EED)
        var arrays = 0
        for _ in 0..<300 {
            let document = generator.value(depth: 9)
            #expect(try tree(document.text) == document.value, "\(document.text)")
            #expect(try parsed(document.text) == document.value, "\(document.text)")
            arrays += document.text.count { $0 == "[" }
        }
        #expect(arrays > 1000)
    }

    /// Containers empty and nested in every way hold their members in order.
    @Test func containersHoldTheirMembersInOrder() throws {
        let text = #"[[], {}, [[1, [2, []], {"a": [3, {"b": [4, 5], "c": {}}]}], 6], {"d": [[], [[7]]], "e": 8}]"#
        let expected = ReadableValue.array([
            .array([]), .dictionary([:]),
            .array([
                .array([
                    .integer(1), .array([.integer(2), .array([])]),
                    .dictionary([
                        "a": .array([
                            .integer(3),
                            .dictionary(["b": .array([.integer(4), .integer(5)]), "c": .dictionary([:])]),
                        ])
                    ]),
                ]),
                .integer(6),
            ]),
            .dictionary(["d": .array([.array([]), .array([.array([.integer(7)])])]), "e": .integer(8)]),
        ])
        #expect(try parsed(text) == expected)
        #expect(try tree(text) == expected)
    }

    /// Containers nested hundreds deep, each with members before and after the next level: the
    /// values, and the key path of an error at the bottom.
    @Test(arguments: [1, 2, 3])
    func deepNestingKeepsEachLevelsMembers(stride: Int) throws {
        var open = ""
        var close = ""
        var path: [String] = []
        for level in 0..<300 {
            switch (level / stride) % 3 {
            case 0:
                open += "[\(level), "
                close = ", [\(level)]]" + close
                path.append("1")
            case 1:
                open += #"{"before": [\#(level)], "level\#(level)": "#
                close = #", "after": {"x": \#(level)}}"# + close
                path.append("level\(level)")
            default:
                open += #"[{"k": []}, [], "#
                close = ", {}]" + close
                path.append("2")
            }
        }
        let good = open + "null" + close
        let tree = try tree(good)
        #expect(try parsed(good) == tree)
        var value = tree
        for component in path {
            switch value {
            case .array(let elements): value = elements[Int(component) ?? 0]
            case .dictionary(let members): value = members[component] ?? .integer(-1)
            default: Issue.record("no container at \(component)")
            }
        }
        #expect(value == .null)

        let bad = open + "nul" + close
        for error in [parsingError(bad), treeError(bad)] {
            #expect(error?.kind == .invalidValue)
            #expect(error?.path == path)
        }
        // The same at a key: the member being read is named, and the containers around it.
        let badKey = open + #"{"a": 1 "b": 2}"# + close
        for error in [parsingError(badKey), treeError(badKey)] {
            #expect(error?.kind == .invalidValue)
            #expect(error?.path == path)
        }
        let badElement = open + "[1, 2, x]" + close
        for error in [parsingError(badElement), treeError(badElement)] {
            #expect(error?.path == path + ["2"])
        }
    }

    /// An error in an array that follows other arrays (whose elements have left the stack) and
    /// sits inside one with elements of its own names its own index.
    @Test func errorsNameTheIndexInTheirOwnArray() throws {
        let cases: [(String, [String])] = [
            (#"[[1, 2, 3], [4, [5, 6], x]]"#, ["1", "2"]),
            (#"[1, [2, 3, [], [[]], [4, 5, 6, 7, x]]]"#, ["1", "4", "4"]),
            (#"{"a": [1, {"b": [2, 3]}, {"c": [4, x]}]}"#, ["a", "2", "c", "1"]),
            (#"[[[[[[[[x]]]]]]]]"#, ["0", "0", "0", "0", "0", "0", "0", "0"]),
            (#"[0, 1, {"k": [0, 1, 2, {"m": [0, 1, 2, 3, x]}]}]"#, ["2", "k", "3", "m", "4"]),
        ]
        for (text, path) in cases {
            for error in [parsingError(text), treeError(text)] {
                #expect(error?.kind == .invalidValue, "\(text)")
                #expect(error?.path == path, "\(text)")
            }
        }
    }

    /// A key repeated in an object whose members are interleaved, on the builder's stack, with
    /// the elements of arrays and the members of objects that came and went before it: refused
    /// in small and large objects; the same key in a nested object is no repeat.
    @Test(arguments: [0, 5, 30])
    func repeatedKeysAreFoundPastNestedContainers(padding: Int) throws {
        let pad = (0..<padding).map { #""p\#($0)": [[\#($0)], {"q": [\#($0)]}], "# }.joined()
        let repeated = #"{\#(pad)"name": [1, {"name": 2}], "list": [[], [3]], "name": 4}"#
        for error in [parsingError(repeated), treeError(repeated)] {
            #expect(error?.found.hasPrefix("a second key 'name'") == true, "\(repeated)")
            #expect(error?.path == ["name"])
        }
        let repeatedLong = #"{\#(pad)"aKeyOfMoreThanFifteenBytes": [1, 2], "x": {}, "aKeyOfMoreThanFifteenBytes": 4}"#
        #expect(parsingError(repeatedLong)?.found.hasPrefix("a second key") == true)
        let distinct = #"{\#(pad)"name": [1, {"name": [2, {"name": 3}]}], "list": [[], [3]], "other": 4}"#
        #expect(try parsed(distinct) == tree(distinct))
    }

    /// The depth limit counts arrays and objects alike, on the one stack.
    @Test func theDepthLimitCountsEveryContainer() throws {
        let text = String(repeating: #"[{"a": "#, count: 6) + "1" + String(repeating: "}]", count: 6)
        #expect(try parsed(text, maxDepth: 12) == tree(text))
        let error = parsingError(text, maxDepth: 11)
        #expect(error?.kind == .depthLimitExceeded)
        #expect(error?.path == Array(repeating: ["0", "a"], count: 5).flatMap { $0 } + ["0"])
    }

    private func parsingError(_ text: String, maxDepth: Int = 512) -> SerializationError? {
        do {
            _ = try ParsedJSON.parse(Array(text.utf8), maxDepth: maxDepth)
            Issue.record("parsed \(text)")
            return nil
        } catch {
            return error
        }
    }

    private func treeError(_ text: String) -> SerializationError? {
        do {
            _ = try ReadableJSON.decode(Array(text.utf8))
            Issue.record("parsed \(text)")
            return nil
        } catch {
            return error
        }
    }
}
