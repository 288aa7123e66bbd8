import KryoCore
import Synchronization

/// How the class descriptions of keyed archives resolved with one registry, kept between
/// decodes by the codec that made it: archives of the same model name the same classes, and
/// reading and resolving a description (its names made as strings, then looked up by hash) is
/// a large part of a small archive's decode.
///
/// A description is found by the bytes of its names where they lie in the file
/// (``ArchiveObjects/classKey(of:)``). The cache holds at most ``capacity`` descriptions, so
/// that archives naming ever new classes do not grow it without bound, and it is emptied when
/// it is asked about another registry than the one its resolutions were made with.
final class ArchiveClassCache: Sendable {
    /// The most descriptions kept.
    static let capacity = 256

    private struct State {
        var registry: Registry?
        var resolved: [ArchiveClassKey: KeyedArchiveReader.ResolvedClass] = [:]
    }

    private let state = Mutex(State())

    /// How the description whose key is `key` resolved with `registry`, if it was kept.
    func resolved(_ key: ArchiveClassKey, with registry: Registry) -> KeyedArchiveReader.ResolvedClass? {
        state.withLock { state in
            guard state.registry === registry else { return nil }
            return state.resolved[key]
        }
    }

    /// Keeps how the description whose key is `key` resolved with `registry`.
    func keep(_ resolved: KeyedArchiveReader.ResolvedClass, for key: ArchiveClassKey, with registry: Registry) {
        state.withLock { state in
            if state.registry !== registry {
                state.registry = registry
                state.resolved = [:]
            }
            guard state.resolved.count < ArchiveClassCache.capacity else { return }
            state.resolved[key] = resolved
        }
    }
}

/// The bytes that name a class description (``ArchiveObjects/classKey(of:)``), hashed as one run
/// of bytes (an array of bytes hashes each byte on its own).
struct ArchiveClassKey: Hashable, Sendable {
    var bytes: [UInt8] = []

    init() {
        // A class, its superclass and NSObject, with their lengths, and Java names as hints.
        bytes.reserveCapacity(256)
    }

    /// The same bytes, compared eight at a time (an array of bytes compares each on its own).
    static func == (left: ArchiveClassKey, right: ArchiveClassKey) -> Bool {
        left.bytes.count == right.bytes.count
            && left.bytes.withUnsafeBytes { left in
                right.bytes.withUnsafeBytes { right in
                    var offset = 0
                    while offset + 8 <= left.count {
                        guard
                            left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                                == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        else { return false }
                        offset += 8
                    }
                    return left[offset...].elementsEqual(right[offset...])
                }
            }
    }

    /// Appends a length or a count, as four bytes.
    mutating func append(count: Int) {
        let value = UInt32(truncatingIfNeeded: count)
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    /// Feeds the hasher one word that mixes the bytes eight at a time: a seeded pass over every
    /// byte cost more than the look-up it serves. (The cache it keys holds at most
    /// ``ArchiveClassCache/capacity`` descriptions, so colliding keys cost little.)
    func hash(into hasher: inout Hasher) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let mixed = bytes.withUnsafeBytes { raw in
            var mixed = UInt64(truncatingIfNeeded: raw.count) &* multiplier
            var offset = 0
            while offset + 8 <= raw.count {
                mixed = (mixed ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
                mixed ^= mixed >> 29
                offset += 8
            }
            while offset < raw.count {
                mixed = (mixed ^ UInt64(raw[offset])) &* multiplier
                offset += 1
            }
            return mixed
        }
        hasher.combine(mixed)
    }
}
