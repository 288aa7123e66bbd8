/// The numbers an encoder gave the objects it has written, by object identity: what turns a
/// second occurrence of an object into a back-reference.
///
/// Open addressing with linear probing on the object's address, so that a lookup costs a multiply
/// and a compare or two rather than a hash of the identifier. Every object in the table is kept
/// alive, so that no address is reused by a new object while the table exists.
public struct IdentityTable {
    private var keys: [UInt] = []
    private var numbers: [Int] = []
    private var objects: [AnyObject] = []
    private var shift = 64

    /// Creates an empty table.
    public init() {}

    /// Empties the table, letting go of its objects; keeps its memory for the next graph unless
    /// it grew large (more than 4 096 slots).
    public mutating func removeAll() {
        guard !objects.isEmpty else { return }
        guard keys.count <= 4096 else {
            self = IdentityTable()
            return
        }
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        objects.removeAll(keepingCapacity: true)
    }

    /// The number of objects in the table.
    public var count: Int { objects.count }

    /// The number given to `object`, or `nil` when it is not in the table.
    public func number(of object: AnyObject) -> Int? {
        guard !keys.isEmpty else { return nil }
        let index = position(of: UInt(bitPattern: ObjectIdentifier(object)))
        return keys[index] == 0 ? nil : numbers[index]
    }

    /// The number given to `object`, or `nil` after recording `object` with `number`.
    public mutating func number(of object: AnyObject, elseInsert number: Int) -> Int? {
        if keys.isEmpty { grow() }
        let key = UInt(bitPattern: ObjectIdentifier(object))
        let index = position(of: key)
        if keys[index] == key { return numbers[index] }
        keys[index] = key
        numbers[index] = number
        if objects.isEmpty { objects.reserveCapacity(keys.count / 2) }
        objects.append(object)
        if objects.count * 2 > keys.count { grow() }
        return nil
    }

    /// Where `key` is in the table, or the empty slot where it would go (the table is never full).
    @inline(__always)
    private func position(of key: UInt) -> Int {
        let mask = keys.count - 1
        var index = slot(of: key)
        while keys[index] != key && keys[index] != 0 { index = (index + 1) & mask }
        return index
    }

    @inline(__always)
    private func slot(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldNumbers = numbers
        let capacity = max(16, keys.count * 2)
        // Reserved, then filled: `Array(repeating:count:)` allocates through the standard
        // library's unspecialized entry point, which looks the storage's metadata up at run time
        // (about 500 instructions an array, for every table an encoder starts).
        keys = []
        keys.reserveCapacity(capacity)
        keys.append(contentsOf: repeatElement(0, count: capacity))
        numbers = []
        numbers.reserveCapacity(capacity)
        numbers.append(contentsOf: repeatElement(0, count: capacity))
        shift = 64 - capacity.trailingZeroBitCount
        let mask = capacity - 1
        for (key, number) in zip(oldKeys, oldNumbers) where key != 0 {
            var index = slot(of: key)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            numbers[index] = number
        }
    }
}
