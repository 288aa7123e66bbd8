/// The escaping the keyed and readable formats share for keys: keys that start with `$` are the
/// format's own (`$class`, `$0`…), so a key of the serializer's or the user's that starts with `$`
/// is stored with one more `$` in front.
package enum DollarKeys {
    /// `key` as stored. Inlinable: the readable reader escapes every key it looks up.
    @inlinable @inline(__always)
    package static func escape(_ key: String) -> String {
        startsWithDollar(key) ? "$" + key : key
    }

    /// Whether `key`'s first byte is `$`: from its contiguous bytes (every native string's, a
    /// short one's copied to the stack), which costs less than the UTF-8 view's first element.
    @inlinable @inline(__always)
    static func startsWithDollar(_ key: String) -> Bool {
        key.utf8.withContiguousStorageIfAvailable { $0.first == UInt8(ascii: "$") }
            ?? (key.utf8.first == UInt8(ascii: "$"))
    }

    /// The key a stored key was escaped from; `nil` for the format's own keys, and for an empty
    /// stored key, which no key escapes to (an empty key is written under a generic key, `$0`…),
    /// so that a reader never lists a key it cannot read back by that name.
    package static func unescape(_ stored: String) -> String? {
        guard !stored.isEmpty else { return nil }
        guard stored.utf8.first == UInt8(ascii: "$") else { return stored }
        let rest = stored.dropFirst()
        return rest.utf8.first == UInt8(ascii: "$") ? String(rest) : nil
    }
}
