import KryoCore

/// The class names of a stream written with Java's `Kryo.setAutoReset(false)`: Kryo then numbers
/// the classes it writes by name once for the whole stream, each name given in the first value
/// that holds its class and only its id in the values after. A ``KryoStreamReader`` or
/// ``KryoStreamWriter`` made with `autoReset: false` keeps one between its values.
///
/// References are Kryo's other table that `reset()` forgets; a stream that keeps it too (references
/// on) is not read or written this way.
package final class KryoClassNameMemory {
    /// The classes read by name, by name id.
    package var read: [Int: Registration] = [:]
    /// The names read that the registry does not know, by name id.
    package var readUnknown: [Int: String] = [:]
    /// The name id of each class written by name.
    package var written: [String: Int] = [:]

    package init() {}

    /// What the memory holds after reading: for a read that must start over from here.
    package struct ReadState {
        fileprivate let read: [Int: Registration]
        fileprivate let readUnknown: [Int: String]
    }

    /// The names read so far.
    package var readState: ReadState { ReadState(read: read, readUnknown: readUnknown) }

    /// Forgets the names read after `state` was taken.
    package func restore(_ state: ReadState) {
        read = state.read
        readUnknown = state.readUnknown
    }
}
