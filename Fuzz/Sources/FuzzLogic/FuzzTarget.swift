import Foundation
import SwiftKryo

// The logic of every fuzz target, in one copy: the libFuzzer executables of this package call it,
// and the main package's tests compile the same files (Tests/KryoBinaryTests/FuzzLogic is a
// symbolic link to this folder) to replay the committed corpus (Docs/Reliability.md).

/// What feeding one input to a target gave.
public enum FuzzOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The input decoded, and what it decoded to survived being written and read again.
    case decoded
    /// The input was refused with the library's typed error (`SerializationError`, or
    /// `SchemaFileError` for schema files), as bad input must be.
    case rejected(String)
    /// A bug: an error of another type, or a value that changed on its way through the encoder
    /// and back. The libFuzzer harness traps on it; the replay test fails.
    case finding(String)

    public var description: String {
        switch self {
        case .decoded: "decoded"
        case .rejected(let error): "rejected: \(error)"
        case .finding(let problem): "FINDING: \(problem)"
        }
    }
}

/// A round trip that did not give back what went in.
struct RoundTripMismatch: Error, CustomStringConvertible {
    var description: String
}

/// One fuzz target: a decoder (and its round trip) fed with arbitrary bytes.
public struct FuzzTarget: Sendable {
    /// The target's name: its corpus folder under Tests/Fixtures/fuzz and `Fuzz/corpus`.
    public let name: String
    /// The name of its libFuzzer executable.
    public let executable: String
    /// Decodes one input, writes what it decoded and reads that again.
    let body: @Sendable ([UInt8]) throws -> Void
    /// Inputs to start from: fixtures of the repository and values encoded here.
    let seedInputs: @Sendable () -> [[UInt8]]

    /// Feeds one input to the target.
    public func run(_ input: [UInt8]) -> FuzzOutcome {
        do {
            try body(input)
            return .decoded
        } catch let error as SerializationError {
            return .rejected(error.description)
        } catch let error as SchemaFileError {
            return .rejected(error.description)
        } catch let mismatch as RoundTripMismatch {
            return .finding(mismatch.description)
        } catch {
            return .finding("an error of type \(type(of: error)): \(error)")
        }
    }

    /// The seed inputs (fixture files that cannot be read are skipped).
    public func seeds() -> [[UInt8]] { seedInputs() }
}

extension FuzzTarget {
    /// Every target, by name.
    public static let all: [FuzzTarget] = [
        .kryoTyped, .kryoDynamic, .propertyList, .keyedTyped, .keyedUnknown, .readable, .schemaFiles,
        .blockGraph, .richText,
    ]

    /// The target named `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// Requires `first == second`, else throws a `RoundTripMismatch` that says what `what` lost.
func requireEqual<T: Equatable>(_ first: T, _ second: T, _ what: String) throws {
    guard first == second else {
        throw RoundTripMismatch(
            description: "\(what): " + firstDifference(String(describing: first), String(describing: second)))
    }
}

/// Where two descriptions part: their common length, then 300 characters of each either side of
/// the first character that differs (a whole description can run to megabytes).
func firstDifference(_ first: String, _ second: String) -> String {
    let a = Array(first)
    let b = Array(second)
    let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    let context = { (characters: [Character]) in
        String(characters[max(0, offset - 300)..<min(characters.count, offset + 300)])
    }
    return "\(a.count) and \(b.count) characters, first different at \(offset): …\(context(a))… != …\(context(b))…"
}

/// Requires equal bytes, else throws a `RoundTripMismatch` that says where they first differ.
func requireEqual(_ first: [UInt8], _ second: [UInt8], _ what: String) throws {
    guard first != second else { return }
    let offset =
        zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(first.count, second.count)
    let context = { (bytes: [UInt8]) in
        String(decoding: bytes[max(0, offset - 80)..<min(bytes.count, offset + 80)], as: UTF8.self).debugDescription
    }
    throw RoundTripMismatch(
        description: "\(what): \(first.count) and \(second.count) bytes, first different at \(offset): "
            + "\(context(first)) / \(context(second))")
}

/// Requires equal data (see the `[UInt8]` overload).
func requireEqual(_ first: Data, _ second: Data, _ what: String) throws {
    try requireEqual([UInt8](first), [UInt8](second), what)
}

/// Splits an input into the mode byte that chooses a variant of the target and the rest.
func split(_ input: [UInt8]) -> (mode: UInt8, body: [UInt8]) {
    guard let first = input.first else { return (0, []) }
    return (first, Array(input.dropFirst()))
}

/// The files of the repository that seed the corpora, found from this source file upwards (the
/// same code runs from Fuzz/Sources/FuzzLogic and from the symbolic link in Tests/).
enum RepositoryFiles {
    static let root: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            directory = directory.deletingLastPathComponent()
            let marker = directory.appendingPathComponent("Schemas/kryococoa.yaml")
            if FileManager.default.fileExists(atPath: marker.path) { return directory }
        }
        return nil
    }()

    /// The bytes of `path` (relative to the repository), or `nil`.
    static func bytes(_ path: String) -> [UInt8]? {
        guard let root, let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        else { return nil }
        return [UInt8](data)
    }

    /// The text of `path`, or `nil`.
    static func text(_ path: String) -> String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }

    /// The files under `folder` whose names end in one of `extensions` (all when empty), sorted.
    static func files(under folder: String, extensions: [String] = []) -> [[UInt8]] {
        guard let root else { return [] }
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if extensions.isEmpty || extensions.contains(where: { path.hasSuffix($0) }) { paths.append(path) }
        }
        return paths.sorted().compactMap { path in
            var isDirectory: ObjCBool = false
            let url = base.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return nil }
            return FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        }
    }
}
