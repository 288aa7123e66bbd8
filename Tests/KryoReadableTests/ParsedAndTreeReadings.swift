import Foundation
import SwiftKryo
import Testing

/// The two ways a readable document is read: from its JSON text, where the reader takes values
/// where they lie (the fast paths), and from its tree (the reference). Suites that test a fast
/// path read each document both ways and require the same value, written back by `writer`, or
/// the same error with the same key path.
enum ParsedAndTreeReadings {
    /// The reading of `bytes` as `T` from the text, checked against the reading from the tree.
    /// Returns both.
    @discardableResult
    static func agree<T>(
        _ type: T.Type, _ bytes: [UInt8], codec: ReadableCodec, writer: ReadableCodec, context: String,
        sourceLocation: SourceLocation
    ) -> (parsed: Result<T, SerializationError>, tree: Result<T, SerializationError>) {
        let parsed = reading { try codec.decode(T.self, from: bytes) }
        let tree = reading { try codec.decode(T.self, from: ReadableJSON.decode(bytes)) }
        switch (parsed, tree) {
        case (.success(let one), .success(let other)):
            #expect(
                (try? writer.encode(one)) == (try? writer.encode(other)), "\(context)", sourceLocation: sourceLocation)
        case (.failure(let one), .failure(let other)):
            #expect("\(one)" == "\(other)", "\(context)", sourceLocation: sourceLocation)
            #expect(one.path == other.path, "\(context)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(context): parsed \(parsed), tree \(tree)", sourceLocation: sourceLocation)
        }
        return (parsed, tree)
    }

    /// What `body` returns, or the `SerializationError` it throws (any other error is a failure).
    static func reading<T>(_ body: () throws -> T) -> Result<T, SerializationError> {
        do {
            return .success(try body())
        } catch let error as SerializationError {
            return .failure(error)
        } catch {
            Issue.record("not a SerializationError: \(error)")
            return .failure(SerializationError(.invalidValue, expected: "a SerializationError", found: "\(error)"))
        }
    }
}
