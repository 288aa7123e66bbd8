import KryoCore
import SwiftKryo

/// The note for a document whose root has no `$class` going to a Kryo stream: the root becomes a
/// `java.util.HashMap` of its keys, which is rarely what a person who left `$class` out of an
/// object of a schema class meant.
enum RootClassNote {
    /// The note, when `value` (a document's root) is a map whose keys are all fields of one or
    /// more classes of `schemas`; `nil` otherwise (a map meant as one, or no schema to tell).
    static func note(for value: Any?, schemas: SchemaSet) -> String? {
        // A root that an alias names (`{"$alias": "$root"}`) is one shared map.
        let root = (value as? SharedValue)?.value ?? value
        guard let map = root as? any AnyEntriesExposing else { return nil }
        var keys: Set<String> = []
        for (key, _) in map.anyEntries {
            guard let key = key as? String else { return nil }
            keys.insert(key)
        }
        guard !keys.isEmpty else { return nil }
        let matching = schemas.classes.filter { schema in
            !schema.fields.isEmpty && keys.isSubset(of: schema.fields.map(\.name))
        }
        guard !matching.isEmpty else { return nil }
        let names = matching.prefix(3).map(\.javaName).joined(separator: ", ")
        return
            "note: the document's root has no $class and is written as a java.util.HashMap; its keys are fields of \(names): name the root's class with $class or --type"
    }
}
