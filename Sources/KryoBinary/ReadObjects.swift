import KryoCore

/// The objects a reader has numbered, in the order of their "new object" markers: each one's
/// value, or none while it is being read, and the registration it was read with. Its owner calls
/// ``free()``.
///
/// The objects lie in blocks of ``blockSize``, each in memory of its own: the table grows by a
/// block, never by a copy of what it holds, so a graph of a million objects neither copies its
/// values from array to larger array nor holds the old array and the new one at once, and no
/// block is large enough (40 KiB) that freeing it makes malloc gather its free lists. Each entry
/// is the value, initialized only once stored, and one word: the registration the object was read
/// with (its address; zero for an object numbered once read) with the lowest bit set once the
/// value is stored (a registration's address is aligned), so that numbering an object costs one
/// word and a count rather than an optional existential copied in and out of an array.
package struct ReadObjects {
    /// Where an entry lies: `index >> blockShift` is its block, `index & blockMask` its place.
    package static let blockShift = 10
    /// Objects in a block.
    package static let blockSize = 1 << blockShift
    private static let blockMask = blockSize - 1
    /// A block holds `blockSize` values, then `blockSize` tags.
    private static let tagsOffset = blockSize * MemoryLayout<Any>.stride
    private static let blockBytes = tagsOffset + blockSize * MemoryLayout<UInt>.stride
    private static let storedBit: UInt = 1

    /// The blocks, in order; `blockCount` of `blockCapacity` are allocated.
    private var blocks: UnsafeMutablePointer<UnsafeMutableRawPointer>
    private var blockCapacity: Int
    package private(set) var blockCount = 0
    /// The number of objects numbered.
    package private(set) var count = 0

    /// An empty table; its first block is allocated when the first object is numbered.
    package init() {
        blocks = .allocate(capacity: 4)
        blockCapacity = 4
    }

    @inline(__always)
    private func values(_ index: Int) -> UnsafeMutablePointer<Any> {
        blocks[index >> Self.blockShift].assumingMemoryBound(to: Any.self) + (index & Self.blockMask)
    }

    @inline(__always)
    private func tag(_ index: Int) -> UnsafeMutablePointer<UInt> {
        (blocks[index >> Self.blockShift] + Self.tagsOffset).assumingMemoryBound(to: UInt.self)
            + (index & Self.blockMask)
    }

    /// Makes room for one more object and numbers it with `tag`; returns its number.
    @inline(__always)
    private mutating func number(tag newTag: UInt) -> Int {
        let index = count
        if index & Self.blockMask == 0, index >> Self.blockShift == blockCount { addBlock() }
        tag(index).pointee = newTag
        count = index + 1
        return index
    }

    /// Numbers an object whose value is not read yet, to be read with `registration`; returns its
    /// number.
    @inline(__always)
    package mutating func appendPending(readAs registration: Registration) -> Int {
        number(tag: UInt(bitPattern: ObjectIdentifier(registration)))
    }

    /// Numbers an object already read. The value is taken over, not copied: a `String` boxed
    /// for the call moves into the table without a copy of the box and its release.
    @inline(__always)
    package mutating func append(_ value: consuming Any) {
        let index = number(tag: Self.storedBit)
        values(index).initialize(to: value)
    }

    /// Stores the value of object `index`, one of those numbered.
    @inline(__always)
    package mutating func store(_ value: consuming Any, at index: Int) {
        let tag = tag(index)
        if tag.pointee & Self.storedBit != 0 {
            values(index).pointee = value
        } else {
            values(index).initialize(to: value)
            tag.pointee |= Self.storedBit
        }
    }

    /// The value of object `index`, one of those numbered, once it is read.
    package func value(at index: Int) -> Any? {
        isRead(at: index) ? values(index).pointee : nil
    }

    /// Whether object `index`, one of those numbered, is read.
    @inline(__always)
    package func isRead(at index: Int) -> Bool { tag(index).pointee & Self.storedBit != 0 }

    /// Whether object `index`, one of those numbered, was read with `registration`.
    @inline(__always)
    package func wasRead(at index: Int, as registration: Registration) -> Bool {
        tag(index).pointee & ~Self.storedBit == UInt(bitPattern: ObjectIdentifier(registration))
    }

    /// The value of object `index`, one of those numbered and read (``isRead(at:)``).
    @inline(__always)
    package func readValue(at index: Int) -> Any { values(index).pointee }

    /// Forgets every object, letting go of the values; gives back the blocks past the first
    /// `limit` objects.
    package mutating func removeAll(keepingAtMost limit: Int) {
        clear()
        let kept = max(1, limit >> Self.blockShift)
        guard blockCount > kept else { return }
        for block in kept..<blockCount { blocks[block].deallocate() }
        blockCount = kept
    }

    /// Forgets the last `k` objects numbered, letting go of their values.
    package mutating func removeLast(_ k: Int) {
        guard k > 0 else { return }
        let newCount = count - Swift.min(k, count)
        for index in newCount..<count where tag(index).pointee & Self.storedBit != 0 {
            values(index).deinitialize(count: 1)
        }
        count = newCount
    }

    /// Lets go of the values of every object numbered, block by block.
    private mutating func clear() {
        var start = 0
        while start < count {
            let end = min(start + Self.blockSize, count)
            let values = values(start)
            let tags = tag(start)
            for place in 0..<(end - start) where tags[place] & Self.storedBit != 0 {
                (values + place).deinitialize(count: 1)
            }
            start = end
        }
        count = 0
    }

    /// Lets go of every value and gives back the table's memory.
    package mutating func free() {
        clear()
        for block in 0..<blockCount { blocks[block].deallocate() }
        blockCount = 0
        blocks.deallocate()
    }

    private mutating func addBlock() {
        if blockCount == blockCapacity {
            let larger = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: blockCapacity * 2)
            larger.moveInitialize(from: blocks, count: blockCount)
            blocks.deallocate()
            blocks = larger
            blockCapacity *= 2
        }
        let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockBytes, alignment: 16)
        block.bindMemory(to: Any.self, capacity: Self.blockSize)
        (block + Self.tagsOffset).bindMemory(to: UInt.self, capacity: Self.blockSize)
        (blocks + blockCount).initialize(to: block)
        blockCount += 1
    }
}
