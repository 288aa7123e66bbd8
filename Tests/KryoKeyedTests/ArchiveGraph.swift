import Foundation
import KryoPlist
import SwiftKryo

/// Walks and compares decoded keyed-archive graphs, which may hold cycles through
/// ``UnknownObject``s.
enum ArchiveGraph {
    /// Every distinct unknown object reachable from `root`.
    static func unknownObjects(in root: Any?) -> [UnknownObject] {
        var seen: Set<ObjectIdentifier> = []
        var found: [UnknownObject] = []
        var pending: [Any?] = [root]
        while let next = pending.popLast() {
            guard let value = ValueConversion.flatten(next) else { continue }
            if let object = value as? UnknownObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                found.append(object)
                pending.append(contentsOf: object.fields.values)
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
    static func objects(named name: String, in root: Any?) -> [UnknownObject] {
        unknownObjects(in: root).filter { $0.archiveClass.name == name }
    }

    /// Every dictionary value stored under `key` in a map reachable from `root`.
    static func mapValues(forKey key: String, in root: Any?) -> [Any?] {
        var result: [Any?] = []
        var seen: Set<ObjectIdentifier> = []
        var pending: [Any?] = [root]
        while let next = pending.popLast() {
            guard let value = ValueConversion.flatten(next) else { continue }
            if let object = value as? UnknownObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                pending.append(contentsOf: object.fields.values)
            } else if let map = value as? [AnyHashable: Any?] {
                if let found = map[key] { result.append(found) }
                pending.append(contentsOf: map.values)
            } else if let list = value as? any AnyElementsExposing {
                pending.append(contentsOf: list.anyElements)
            }
        }
        return result
    }

    /// Whether two decoded graphs are equal: same classes, keys and values, with cycles matched.
    static func equal(_ lhs: Any?, _ rhs: Any?, widening: Bool = false) -> Bool {
        difference(lhs, rhs, widening: widening) == nil
    }

    /// Where two decoded graphs first differ (a key path and the two values), or `nil` when they
    /// are equal.
    ///
    /// Sharing counts: an object met twice on one side is one object met twice on the other.
    /// With `keyOrder` false, an object's keys may come in another order (a keyed archive's
    /// reader looks them up by name; Apple's writers order them by hash). With `widening`, a
    /// `Float` of `lhs` (a 4-byte real) matches its value as a `Double` in `rhs`: an XML plist has
    /// one kind of real.
    static func difference(_ lhs: Any?, _ rhs: Any?, keyOrder: Bool = true, widening: Bool = false) -> String? {
        var comparison = Comparison(keyOrder: keyOrder, widening: widening)
        return comparison.equal(lhs, rhs) ? nil : comparison.mismatch
    }

    private struct Comparison {
        let keyOrder: Bool
        let widening: Bool
        var assumed: Set<[ObjectIdentifier]> = []
        /// The object each object of one side stands for on the other.
        var leftToRight: [ObjectIdentifier: ObjectIdentifier] = [:]
        var rightToLeft: [ObjectIdentifier: ObjectIdentifier] = [:]
        var path: [String] = []
        var mismatch: String?

        mutating func differ(_ what: String) -> Bool {
            if mismatch == nil { mismatch = "at \(path.isEmpty ? "root" : path.joined(separator: ".")): \(what)" }
            return false
        }

        mutating func equal(_ lhs: Any?, _ rhs: Any?, at component: String) -> Bool {
            path.append(component)
            defer { path.removeLast() }
            return equal(lhs, rhs)
        }

        mutating func equal(_ lhs: Any?, _ rhs: Any?) -> Bool {
            let lhs = ValueConversion.flatten(lhs)
            let rhs = ValueConversion.flatten(rhs)
            guard let lhs, let rhs else {
                return lhs == nil && rhs == nil
                    ? true : differ("\(String(describing: lhs)) vs \(String(describing: rhs))")
            }
            switch (lhs, rhs) {
            case (let l as UnknownObject, let r as UnknownObject):
                let (left, right) = (ObjectIdentifier(l), ObjectIdentifier(r))
                guard leftToRight[left, default: right] == right, rightToLeft[right, default: left] == left else {
                    return differ("\(l.className) shared on one side only")
                }
                (leftToRight[left], rightToLeft[right]) = (right, left)
                guard assumed.insert([left, right]).inserted else { return true }
                guard l.archiveClass == r.archiveClass else { return differ("\(l.archiveClass) vs \(r.archiveClass)") }
                let sameKeys =
                    keyOrder
                    ? Array(l.fields.keys) == Array(r.fields.keys) : Set(l.fields.keys) == Set(r.fields.keys)
                guard sameKeys else {
                    return differ("keys \(Array(l.fields.keys)) vs \(Array(r.fields.keys))")
                }
                guard l.inlineKeys == r.inlineKeys else {
                    return differ("inline keys \(l.inlineKeys.sorted()) vs \(r.inlineKeys.sorted())")
                }
                guard l.inlineElementKeys == r.inlineElementKeys else {
                    return differ(
                        "lists with elements in line \(l.inlineElementKeys.sorted()) vs \(r.inlineElementKeys.sorted())"
                    )
                }
                for (key, value) in l.fields where !equal(value, r.fields[key] ?? nil, at: key) { return false }
                return true
            case (let l as ArchiveTopLevel, let r as ArchiveTopLevel):
                guard l.archiver == r.archiver else { return differ("archiver \(l.archiver) vs \(r.archiver)") }
                guard l.inlineKeys == r.inlineKeys else {
                    return differ("$top keys in line \(l.inlineKeys.sorted()) vs \(r.inlineKeys.sorted())")
                }
                guard Array(l.values.keys) == Array(r.values.keys) else {
                    return differ("$top keys \(Array(l.values.keys)) vs \(Array(r.values.keys))")
                }
                for (key, value) in l.values where !equal(value, r.values[key] ?? nil, at: key) { return false }
                return true
            case (let l as NSMutableString, let r as NSMutableString):
                return (l as String) == (r as String) ? true : differ("\(l) vs \(r)")
            case (let l as NSMutableData, let r as NSMutableData):
                return (l as Data) == (r as Data) ? true : differ("\(l) vs \(r)")
            case (is NSNull, is NSNull): return true
            case (let l as Double, let r as Double): return l.bitPattern == r.bitPattern ? true : differ("\(l) vs \(r)")
            case (let l as Float, let r as Double) where widening:
                return Double(l).bitPattern == r.bitPattern ? true : differ("\(l) vs \(r)")
            case (let l as [Any?], let r as [Any?]):
                guard l.count == r.count else { return differ("\(l.count) elements vs \(r.count)") }
                for index in l.indices where !equal(l[index], r[index], at: String(index)) { return false }
                return true
            case (let l as Set<AnyHashable>, let r as Set<AnyHashable>):
                // Elements may be objects compared by identity: match them structurally.
                guard l.count == r.count else { return differ("\(l.count) elements vs \(r.count)") }
                var unmatched = Array(r)
                for element in l {
                    var probe = self
                    guard let index = unmatched.firstIndex(where: { probe.equal(element, $0) }) else {
                        return differ("no match for \(element)")
                    }
                    _ = equal(element, unmatched[index])
                    unmatched.remove(at: index)
                }
                return true
            case (let l as [AnyHashable: Any?], let r as [AnyHashable: Any?]):
                guard Set(l.keys) == Set(r.keys) else { return differ("keys \(l.keys) vs \(r.keys)") }
                for (key, value) in l where !equal(value, r[key] ?? nil, at: "\(key)") { return false }
                return true
            case (let l as AttributedText, let r as AttributedText):
                // Untranslated attribute values and kept keys may be unknown objects, equal only by
                // identity: compared part by part, as graphs.
                if l == r { return true }
                guard l.string == r.string, l.runs.count == r.runs.count else { return differ("\(l) vs \(r)") }
                for (index, (left, right)) in zip(l.runs, r.runs).enumerated() {
                    guard left.length == right.length else { return differ("run \(index): \(left) vs \(right)") }
                    guard equal(left.attributes, right.attributes, at: "runs.\(index)") else { return false }
                }
                return true
            default:
                guard type(of: lhs) == type(of: rhs) else { return differ("\(type(of: lhs)) vs \(type(of: rhs))") }
                if let l = lhs as? any Equatable, ArchiveGraph.equatable(l, rhs) { return true }
                // A model that holds unknown objects (equal by identity only, as a paragraph
                // style's kept keys may): compared part by part, as graphs.
                return structurallyEqual(lhs, rhs) ? true : differ("\(lhs) vs \(rhs)")
            }
        }

        /// Whether two values of one struct or enum type have equal parts, each compared with
        /// ``equal(_:_:at:)`` (dictionaries by key).
        mutating func structurallyEqual(_ lhs: Any, _ rhs: Any) -> Bool {
            let left = Mirror(reflecting: lhs)
            let right = Mirror(reflecting: rhs)
            guard left.displayStyle == right.displayStyle, left.children.count == right.children.count else {
                return false
            }
            switch left.displayStyle {
            case .struct?, .enum?, .tuple?, .optional?, .collection?, .set?:
                if left.displayStyle == .set { return false }
                // The identity a value was read with tells copies apart, not values.
                for (index, (l, r)) in zip(left.children, right.children).enumerated()
                where l.label != "readIdentity" && !equal(l.value, r.value, at: l.label ?? String(index)) {
                    return false
                }
                return true
            case .dictionary?:
                func entries(_ mirror: Mirror) -> [String: Any] {
                    var result: [String: Any] = [:]
                    for child in mirror.children {
                        let pair = Array(Mirror(reflecting: child.value).children)
                        guard pair.count == 2 else { continue }
                        result["\(pair[0].value)"] = pair[1].value
                    }
                    return result
                }
                let (l, r) = (entries(left), entries(right))
                guard Set(l.keys) == Set(r.keys) else { return false }
                for (key, value) in l where !equal(value, r[key], at: key) { return false }
                return true
            default:
                return false
            }
        }
    }

    private static func equatable<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }
}
