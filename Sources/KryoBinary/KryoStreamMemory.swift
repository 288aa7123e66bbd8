import KryoCore

/// What a stream written with Java's `Kryo.setAutoReset(false)` numbers once for all its values:
/// Kryo then forgets nothing between its top-level calls. The classes it writes by name are named
/// in the first value that holds them and given by id in the values after; with references on,
/// the objects it writes are numbered for the whole stream too, so that a later value may refer
/// back to an object of an earlier one. A ``KryoStreamReader`` or ``KryoStreamWriter`` made with
/// `autoReset: false` keeps one between its values.
package final class KryoStreamMemory {
    /// The classes read by name, by name id.
    package var read: [Int: Registration] = [:]
    /// The names read that the registry does not know, by name id.
    package var readUnknown: [Int: String] = [:]
    /// The name id of each class written by name.
    package var written: [String: Int] = [:]
    /// The objects read so far, by reference number (references on).
    package var readObjects = ReadObjects()
    /// How many references the values read so far made to objects of earlier values: the
    /// sharing that formats holding one value per record cannot keep.
    package var referencesToEarlierValues = 0
    /// The objects written so far and the next reference number (references on).
    package var writtenObjects = KryoWrittenObjects()
    /// Whether a value failed to write after its writer took the objects: the numbering of
    /// what it wrote before failing is lost, so the stream cannot go on.
    package var writeFailed = false

    package init() {}

    deinit { readObjects.free() }

    /// What the memory holds after reading: for a read that must start over from here.
    package struct ReadState {
        fileprivate let read: [Int: Registration]
        fileprivate let readUnknown: [Int: String]
        fileprivate let objectCount: Int
        fileprivate let referencesToEarlierValues: Int
    }

    /// The names and objects read so far.
    package var readState: ReadState {
        ReadState(
            read: read, readUnknown: readUnknown, objectCount: readObjects.count,
            referencesToEarlierValues: referencesToEarlierValues)
    }

    /// Forgets the names and objects read after `state` was taken.
    package func restore(_ state: ReadState) {
        read = state.read
        readUnknown = state.readUnknown
        readObjects.removeLast(readObjects.count - state.objectCount)
        referencesToEarlierValues = state.referencesToEarlierValues
    }
}

/// The objects a writer numbered with references on, which a stream of one numbering
/// (``KryoStreamMemory``) keeps from one value to the next.
package struct KryoWrittenObjects {
    var nextReferenceID = 0
    var instances = IdentityTable()
    var enumConstants: [(constant: KryoBinaryWriter.EnumConstantKey, id: Int)] = []
    var moreEnumConstants: [KryoBinaryWriter.EnumConstantKey: Int] = [:]

    package init() {}
}
