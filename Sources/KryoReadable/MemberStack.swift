/// The members of the containers a parse has under way, on one stack of `Int32`s in memory of
/// its own (``ParsedJSON/Builder``): a push checks the capacity and nothing else, where an
/// array's append also checks that its buffer is not shared, and a closed container's members
/// are handed out where they lie and dropped by moving the top.
///
/// It grows by doubling, as the parse pushes what it read (two entries per object member, one
/// per array element), so what it holds is bounded by the input read so far.
final class MemberStack {
    private var base: UnsafeMutablePointer<Int32>
    private var capacity: Int
    /// How many entries it holds.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Entry `index`, below ``count``.
    @inline(__always)
    subscript(index: Int) -> Int32 {
        precondition(index >= 0 && index < count, "MemberStack index out of range")
        return base[index]
    }

    /// Pushes `value`.
    @inline(__always)
    func push(_ value: Int32) {
        if count == capacity { grow() }
        base[count] = value
        count &+= 1
    }

    /// Pushes `first`, then `second`.
    @inline(__always)
    func push(_ first: Int32, _ second: Int32) {
        if count &+ 2 > capacity { grow() }
        base[count] = first
        base[count &+ 1] = second
        count &+= 2
    }

    /// Replaces the top entry (there is one) with `value`.
    @inline(__always)
    func replaceTop(with value: Int32) {
        precondition(count > 0, "MemberStack is empty")
        base[count &- 1] = value
    }

    /// The entries from `start` (at most ``count``) to the top, as they lie: valid until the
    /// next push.
    @inline(__always)
    func entries(from start: Int) -> UnsafeBufferPointer<Int32> {
        precondition(start >= 0 && start <= count, "MemberStack start out of range")
        return UnsafeBufferPointer(start: base + start, count: count &- start)
    }

    /// Drops the entries from `start` (at most ``count``) to the top.
    @inline(__always)
    func drop(from start: Int) {
        precondition(start >= 0 && start <= count, "MemberStack start out of range")
        count = start
    }

    /// Doubles the capacity.
    @inline(never)
    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
