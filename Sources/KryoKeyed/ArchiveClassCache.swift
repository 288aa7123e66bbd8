import KryoCore
import KryoPlist
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
///
/// It also keeps, by UID, the description last resolved at each place of `$objects`
/// (``lastResolved(with:)``): archives of one model put their class descriptions at the same
/// UIDs, and comparing a description's bytes with that one key where they lie costs less than
/// building its key and looking it up. What is at that UID is always compared, never trusted.
final class ArchiveClassCache: Sendable {
    /// The most descriptions kept; descriptions are remembered by UID below it.
    static let capacity = 256

    private struct State {
        var registry: Registry?
        var resolved: [ArchiveClassKey: KeyedArchiveReader.ResolvedClass] = [:]
        /// By UID, below ``ArchiveClassCache/capacity``: an array look-up, not a hash.
        var byUID: [Entry?] = []
    }

    /// A description met at a UID: its key and how it resolved, shared rather than copied (one
    /// reference to retain, not each of its names).
    final class Entry: Sendable {
        let key: ArchiveClassKey
        let resolved: KeyedArchiveReader.ResolvedClass

        init(key: ArchiveClassKey, resolved: KeyedArchiveReader.ResolvedClass) {
            self.key = key
            self.resolved = resolved
        }
    }

    private let state = Mutex(State())

    /// How the description whose key is `key` resolved with `registry`, if it was kept.
    func resolved(_ key: ArchiveClassKey, with registry: Registry) -> KeyedArchiveReader.ResolvedClass? {
        state.withLock { state in
            guard state.registry === registry else { return nil }
            return state.resolved[key]
        }
    }

    /// The descriptions last met at each UID with `registry`, by UID (empty when none is kept):
    /// candidates, each to be compared with the description now at its UID
    /// (``ArchiveObjects/classKey(of:matches:)``) before it is used. A reader takes them once,
    /// when it starts.
    func lastResolved(with registry: Registry) -> [Entry?] {
        state.withLock { state in state.registry === registry ? state.byUID : [] }
    }

    /// Keeps how the description whose key is `key`, met at `uid`, resolved with `registry`.
    func keep(
        _ resolved: KeyedArchiveReader.ResolvedClass, for key: ArchiveClassKey, at uid: Int, with registry: Registry
    ) {
        state.withLock { state in
            if state.registry !== registry {
                state.registry = registry
                state.resolved = [:]
                state.byUID = []
            }
            if uid >= 0, uid < ArchiveClassCache.capacity {
                if state.byUID.count <= uid { state.byUID += repeatElement(nil, count: uid + 1 - state.byUID.count) }
                state.byUID[uid] = Entry(key: key, resolved: resolved)
            }
            guard state.resolved.count < ArchiveClassCache.capacity else { return }
            state.resolved[key] = resolved
        }
    }
}

/// Where the walk over a class description's names (``ArchiveClassKey``'s bytes) puts what it
/// reads: a key being built, or a key being compared.
protocol ArchiveClassKeySink {
    /// Takes a length or a count; `false` to stop the walk.
    mutating func take(count: Int) -> Bool
    /// Takes the bytes of a name; `false` to stop the walk.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool
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
            && left.bytes.withUnsafeBytes { left in right.bytes.withUnsafeBytes { WordwiseBytes.equal(left, $0) } }
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
        hasher.combine(bytes.withUnsafeBytes { WordwiseBytes.hash($0) })
    }
}

extension ArchiveClassKey: ArchiveClassKeySink {
    /// Appends `count` (``append(count:)``).
    mutating func take(count: Int) -> Bool {
        append(count: count)
        return true
    }

    /// Appends `bytes`.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        self.bytes.append(contentsOf: bytes)
        return true
    }
}

/// Compares what the walk over a class description's names reads with a key, from its start,
/// without building another: the walk stops at the first byte that differs.
struct ArchiveClassKeyMatcher: ArchiveClassKeySink {
    private let expected: [UInt8]
    /// How many bytes of `expected` matched so far.
    private var offset = 0

    init(_ expected: ArchiveClassKey) {
        self.expected = expected.bytes
    }

    /// Whether every byte of the key was matched (the walk read no fewer bytes than it has).
    var isComplete: Bool { offset == expected.count }

    /// Whether the next four bytes of the key are `count`, as ``ArchiveClassKey/append(count:)``
    /// writes it.
    mutating func take(count: Int) -> Bool {
        guard expected.count - offset >= 4 else { return false }
        let value = UInt32(truncatingIfNeeded: count)
        let stored = expected.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        guard UInt32(littleEndian: stored) == value else { return false }
        offset += 4
        return true
    }

    /// Whether the next bytes of the key are `bytes`.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard expected.count - offset >= bytes.count else { return false }
        let start = offset
        let same = expected.withUnsafeBytes { whole in
            WordwiseBytes.equal(UnsafeRawBufferPointer(rebasing: whole[start..<start + bytes.count]), bytes)
        }
        guard same else { return false }
        offset += bytes.count
        return true
    }
}
