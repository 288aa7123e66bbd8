import KryoCore
import KryoPlist

/// A class dictionary of a keyed archive (`$classname`, `$classes`, `$classhints`) read as an
/// ``/KryoCore/ArchiveClass``: the one reading of it that the reader and the inspector share.
/// Its entries must be strings (never references, so that no cycle can run through them).
enum ArchiveClassDescription {
    /// Why a dictionary is not a class description: what was expected and what was found.
    struct Problem: Error {
        var expected: String
        var found: String
    }

    /// The keys of a class description.
    static let nameKey = "$classname"
    static let chainKey = "$classes"
    static let hintsKey = "$classhints"

    /// The description of `archiveClass`: its name, the chain of it and its superclasses, and its
    /// hints when it has any, in that order.
    static func dictionary(of archiveClass: ArchiveClass) -> PropertyListDictionary {
        var description: PropertyListDictionary = [
            nameKey: .string(archiveClass.name), chainKey: .array(archiveClass.chain.map { .string($0) }),
        ]
        if !archiveClass.hints.isEmpty { description[hintsKey] = .array(archiveClass.hints.map { .string($0) }) }
        return description
    }

    /// The class the dictionary `entries` (object `uid` of `$objects`) describes.
    static func parse(_ entries: PropertyListDictionary, at uid: UInt64) -> Result<ArchiveClass, Problem> {
        parse(at: uid) { entries[$0] }
    }

    /// The class the dictionary of object `uid` of `$objects` describes, whose values `entry`
    /// reads by key.
    static func parse(at uid: UInt64, _ entry: (String) throws -> PropertyListValue?) rethrows -> Result<
        ArchiveClass, Problem
    > {
        let name: String
        switch try entry(nameKey) {
        case .string(let string)?: name = string
        case let other:
            return .failure(
                Problem(
                    expected: "a class dictionary with a $classname string in object \(uid)",
                    found: KeyedArchive.describe(other)))
        }
        let classes = try entry(chainKey)
        let classHints = try entry(hintsKey)
        do {
            let chain = try classNames(classes, in: uid) ?? [name]
            let hints = try classNames(classHints, in: uid) ?? []
            let superclasses = chain.first == name ? Array(chain.dropFirst()) : chain
            return .success(ArchiveClass(name, superclasses: superclasses, hints: hints))
        } catch {
            return .failure(error)
        }
    }

    private static func classNames(_ value: PropertyListValue?, in uid: UInt64) throws(Problem) -> [String]? {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            throw Problem(
                expected: "a list of class names in class dictionary \(uid)", found: KeyedArchive.describe(value))
        }
        var names: [String] = []
        names.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let name) = element else {
                throw Problem(
                    expected: "class names (strings) in class dictionary \(uid)", found: KeyedArchive.describe(element))
            }
            names.append(name)
        }
        return names
    }
}
