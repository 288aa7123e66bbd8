import Foundation
import KryoPlist
import SwiftKryo

/// Walks and compares decoded keyed-archive graphs, which may hold cycles through
/// ``UnknownArchivedObject``s.
enum ArchiveGraph {
    /// Every distinct unknown object reachable from `root`.
    static func unknownObjects(in root: Any?) -> [UnknownArchivedObject] {
        var seen: Set<ObjectIdentifier> = []
        var found: [UnknownArchivedObject] = []
        var pending: [Any?] = [root]
        while let next = pending.popLast() {
            guard let value = ValueConversion.flatten(next) else { continue }
            if let object = value as? UnknownArchivedObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                found.append(object)
                for stored in object.values.values { pending.append(contentsOf: values(of: stored)) }
            } else if let map = value as? any AnyEntriesExposing {
                for entry in map.anyEntries {
                    pending.append(entry.key)
                    pending.append(entry.value)
                }
            } else if let list = value as? any AnyElementsExposing {
                pending.append(contentsOf: list.anyElements)
            }
        }
        return found
    }

    /// The unknown objects of class `name` reachable from `root`.
    static func objects(named name: String, in root: Any?) -> [UnknownArchivedObject] {
        unknownObjects(in: root).filter { $0.archiveClass.name == name }
    }

    /// Every dictionary value stored under `key` in a map reachable from `root`.
    static func mapValues(forKey key: String, in root: Any?) -> [Any?] {
        var result: [Any?] = []
        var seen: Set<ObjectIdentifier> = []
        var pending: [Any?] = [root]
        while let next = pending.popLast() {
            guard let value = ValueConversion.flatten(next) else { continue }
            if let object = value as? UnknownArchivedObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                for stored in object.values.values { pending.append(contentsOf: values(of: stored)) }
            } else if let map = value as? [AnyHashable: Any?] {
                if let found = map[key] { result.append(found) }
                pending.append(contentsOf: map.values)
            } else if let list = value as? any AnyElementsExposing {
                pending.append(contentsOf: list.anyElements)
            }
        }
        return result
    }

    private static func values(of stored: ArchivedValue) -> [Any?] {
        switch stored {
        case .plain: return []
        case .object(let object): return [object]
        case .array(let elements): return elements.flatMap(values(of:))
        }
    }

    /// Whether two decoded graphs are equal: same classes, keys and values, with cycles matched.
    static func equal(_ lhs: Any?, _ rhs: Any?) -> Bool {
        var assumed: Set<[ObjectIdentifier]> = []
        return equal(lhs, rhs, &assumed)
    }

    private static func equal(_ lhs: Any?, _ rhs: Any?, _ assumed: inout Set<[ObjectIdentifier]>) -> Bool {
        let lhs = ValueConversion.flatten(lhs)
        let rhs = ValueConversion.flatten(rhs)
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        switch (lhs, rhs) {
        case (let l as UnknownArchivedObject, let r as UnknownArchivedObject):
            guard assumed.insert([ObjectIdentifier(l), ObjectIdentifier(r)]).inserted else { return true }
            guard l.archiveClass == r.archiveClass, Array(l.values.keys) == Array(r.values.keys) else { return false }
            return zip(l.values.values, r.values.values).allSatisfy { equal($0, $1, &assumed) }
        case (let l as NSMutableString, let r as NSMutableString): return (l as String) == (r as String)
        case (let l as NSMutableData, let r as NSMutableData): return (l as Data) == (r as Data)
        case (is NSNull, is NSNull): return true
        case (let l as Double, let r as Double): return l.bitPattern == r.bitPattern
        case (let l as [Any?], let r as [Any?]):
            return l.count == r.count && zip(l, r).allSatisfy { equal($0, $1, &assumed) }
        case (let l as Set<AnyHashable>, let r as Set<AnyHashable>):
            // Elements may be objects compared by identity: match them structurally.
            guard l.count == r.count else { return false }
            var unmatched = Array(r)
            for element in l {
                var probe = assumed
                guard let index = unmatched.firstIndex(where: { equal(element, $0, &probe) }) else { return false }
                _ = equal(element, unmatched[index], &assumed)
                unmatched.remove(at: index)
            }
            return true
        case (let l as [AnyHashable: Any?], let r as [AnyHashable: Any?]):
            return Set(l.keys) == Set(r.keys) && l.allSatisfy { key, value in equal(value, r[key] ?? nil, &assumed) }
        default:
            guard type(of: lhs) == type(of: rhs), let l = lhs as? any Equatable else { return false }
            return equatable(l, rhs)
        }
    }

    private static func equal(_ lhs: ArchivedValue, _ rhs: ArchivedValue, _ assumed: inout Set<[ObjectIdentifier]>)
        -> Bool
    {
        switch (lhs, rhs) {
        case (.plain(let l), .plain(let r)): return l == r
        case (.object(let l), .object(let r)): return equal(l, r, &assumed)
        case (.array(let l), .array(let r)):
            return l.count == r.count && zip(l, r).allSatisfy { equal($0, $1, &assumed) }
        default: return false
        }
    }

    private static func equatable<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }
}
