/// The bytes ``JSONWriter`` writes: a growable buffer written through a pointer.
///
/// An `[UInt8]` checks its capacity and its uniqueness on every `append`, and appends a buffer
/// through the generic sequence path; JSON text is written a few bytes at a time, so those checks
/// were a tenth of an encode. Here a write reserves room once and stores through the pointer.
final class JSONBytes {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Room for `extra` more bytes, at the end of what is written: the caller stores into it and
    /// then calls ``advance(_:)`` with how many it wrote.
    @inline(__always)
    func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < extra { grow(extra) }
        return base + count
    }

    /// Counts `written` bytes stored into the room ``reserve(_:)`` gave.
    @inline(__always)
    func advance(_ written: Int) { count &+= written }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
        count &+= 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let target = reserve(bytes.count)
        UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `byte` `times` times.
    func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        reserve(times).initialize(repeating: byte, count: times)
        count &+= times
    }

    @inline(never)
    private func grow(_ extra: Int) {
        let needed = count + extra
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
