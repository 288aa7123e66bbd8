import KryoCore
import Synchronization

/// The registrations that the `$class` names of JSON documents resolved to with one registry (and
/// the declared type of the root type last decoded), kept between decodes by the codec that made
/// it: documents of one model name the same classes, and a name longer than a short string would
/// otherwise be made a string (an allocation) and hashed for every object.
///
/// A name is found again by its bytes where they lie in the text (``ParsedJSON/withText(at:_:)``),
/// among at most ``capacity`` names, so that documents naming ever new classes do not grow it
/// without bound. Only names that resolve are kept, and the cache is emptied when it is asked
/// about another registry than the one its names were resolved with.
final class ReadableClassCache: Sendable {
    /// The most names kept.
    static let capacity = 64

    private struct State {
        var registry: Registry?
        var names: [[UInt8]] = []
        var registrations: [Registration] = []
    }

    private let state = Mutex(State())
    /// The root type last decoded and its declared type (``DeclaredType/of(_:)``, which asks the
    /// type's conformances at every call), kept for the next decode of the same type.
    private let root = Mutex<(type: ObjectIdentifier, declared: DeclaredType)?>(nil)

    /// ``DeclaredType/of(_:)`` of `type`, the root type of a decode.
    func declaredType(of type: any Any.Type) -> DeclaredType {
        let key = ObjectIdentifier(type)
        if let known = root.withLock({ $0?.type == key ? $0?.declared : nil }) { return known }
        let declared = DeclaredType.of(type)
        root.withLock { $0 = (key, declared) }
        return declared
    }

    /// The registration the name `name` resolved to with `registry`, if it was kept.
    func registration(named name: UnsafeRawBufferPointer, in registry: Registry) -> Registration? {
        state.withLock { state in
            guard state.registry === registry else { return nil }
            for (index, known) in state.names.enumerated() where known.count == name.count {
                let same = known.withUnsafeBytes { ParsedJSON.equal($0, from: 0, name) }
                if same { return state.registrations[index] }
            }
            return nil
        }
    }

    /// Keeps that the name `name` resolved to `registration` with `registry`.
    func keep(_ registration: Registration, named name: UnsafeRawBufferPointer, in registry: Registry) {
        state.withLock { state in
            if state.registry !== registry {
                state.registry = registry
                state.names = []
                state.registrations = []
            }
            guard state.names.count < ReadableClassCache.capacity else { return }
            state.names.append(Array(name))
            state.registrations.append(registration)
        }
    }
}
