/// A walk over a value a Kryo stream read and every value it holds (the fields of objects, the
/// elements of collections, through `Mirror`), each class instance once, up to
/// ``valueLimit`` values: how the tool judges a reading of bytes it was not sure how to read.
enum ReadValueWalk {
    /// The most values looked at: a large graph is judged by its first part.
    static let valueLimit = 100_000

    /// What to do after a value.
    enum Step {
        /// Look inside it.
        case descend
        /// Go on with the next value, not inside this one.
        case skip
        /// End the walk.
        case stop
    }

    /// Calls `visit` with `value` and the values it holds, depth first, until it says stop.
    static func walk(_ value: Any, _ visit: (Any) -> Step) {
        var pending: [Any] = [value]
        var seen: Set<ObjectIdentifier> = []
        var looked = 0
        while let next = pending.popLast(), looked < valueLimit {
            looked += 1
            switch visit(next) {
            case .stop: return
            case .skip: continue
            case .descend: break
            }
            let mirror = Mirror(reflecting: next)
            if mirror.displayStyle == .class {
                guard seen.insert(ObjectIdentifier(next as AnyObject)).inserted else { continue }
            }
            // No more values are kept than the walk may look at (a large array's first ones).
            for child in mirror.children {
                guard pending.count < valueLimit else { break }
                pending.append(child.value)
            }
            if let superMirror = mirror.superclassMirror {
                for child in superMirror.children {
                    guard pending.count < valueLimit else { break }
                    pending.append(child.value)
                }
            }
        }
    }
}
