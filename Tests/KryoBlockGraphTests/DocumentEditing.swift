import Foundation
import SwiftKryo

/// Edits of a readable document's tree by key path (dictionary keys and array indices), to make
/// malformed archives.
extension ReadableValue {
    /// The value at `path`, or `nil`.
    subscript(path: String...) -> ReadableValue? {
        value(at: path[...])
    }

    private func value(at path: ArraySlice<String>) -> ReadableValue? {
        guard let first = path.first else { return self }
        switch self {
        case .dictionary(let entries): return entries[first]?.value(at: path.dropFirst())
        case .array(let elements):
            guard let index = Int(first), elements.indices.contains(index) else { return nil }
            return elements[index].value(at: path.dropFirst())
        default: return nil
        }
    }

    /// Replaces the value at `path` (which must exist) by `change` of it; `nil` removes it.
    mutating func edit(_ path: String..., change: (ReadableValue) -> ReadableValue?) {
        edit(path[...], change)
    }

    private mutating func edit(_ path: ArraySlice<String>, _ change: (ReadableValue) -> ReadableValue?) {
        guard let first = path.first else { return }
        switch self {
        case .dictionary(var entries):
            guard var child = entries[first] else { return }
            if path.count == 1 {
                entries[first] = change(child)
            } else {
                child.edit(path.dropFirst(), change)
                entries[first] = child
            }
            self = .dictionary(entries)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return }
            if path.count == 1 {
                if let changed = change(elements[index]) {
                    elements[index] = changed
                } else {
                    elements.remove(at: index)
                }
            } else {
                elements[index].edit(path.dropFirst(), change)
            }
            self = .array(elements)
        default: return
        }
    }

    /// The bytes of a data node: plist data, or JSON's `{"$class": "NSData", "$data": base64}`.
    var bytes: [UInt8]? {
        if case .data(let bytes) = self { return bytes }
        guard case .string(let base64)? = self["$data"], let data = Data(base64Encoded: base64) else { return nil }
        return [UInt8](data)
    }

    /// JSON's form of data.
    static func jsonData(_ bytes: [UInt8]) -> ReadableValue {
        .dictionary(["$class": .string("NSData"), "$data": .string(Data(bytes).base64EncodedString())])
    }

    /// `{"$alias": path}`.
    static func alias(_ path: String) -> ReadableValue { .dictionary(["$alias": .string(path)]) }

    /// A list of integers.
    static func integers(_ values: [Int64]) -> ReadableValue { .array(values.map { .integer($0) }) }
}
