import Foundation
import SwiftKryo

/// An order-insensitive canonical description of any decoded value, for comparing what went
/// through a round trip: dictionaries and sets are sorted (their order is the hash order, which
/// differs between two equal values), objects are described by type and stored properties (through
/// `Mirror`), and a reference back to an object on the current path is written as its distance.
/// A graph whose description would pass `budget` steps (shared objects are described at every use)
/// gives `nil`: it is not compared.
enum ValueDescription {
    struct OverBudget: Error {}

    static func of(_ value: Any?, budget: Int = 200_000) -> String? {
        var walk = Walk(budget: budget)
        return try? walk.describe(value)
    }

    private struct Walk {
        var budget: Int
        var path: [ObjectIdentifier] = []

        mutating func describe(_ value: Any?) throws(OverBudget) -> String {
            budget -= 1
            guard budget > 0 else { throw OverBudget() }
            guard let value else { return "nil" }
            switch value {
            case let hashable as AnyHashable where type(of: value) == AnyHashable.self:
                return try describe(hashable.base)
            case let data as Data: return "Data\([UInt8](data))"
            case let bytes as [UInt8]: return "Bytes\(bytes)"
            case let string as String: return string.debugDescription
            case let number as Double: return "Double(\(number.bitPattern))"
            case let number as Float: return "Float(\(number.bitPattern))"
            case let date as Date: return "Date(\(date.timeIntervalSinceReferenceDate.bitPattern))"
            case let url as URL: return "URL(\(url.absoluteString.debugDescription))"
            default: break
            }
            let mirror = Mirror(reflecting: value)
            let typeName = String(reflecting: type(of: value))
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first?.value else { return "nil" }
                return try describe(wrapped)
            case .collection, .tuple:
                var parts: [String] = []
                for child in mirror.children { parts.append(try describe(child.value)) }
                return "[" + parts.joined(separator: ",") + "]"
            case .dictionary, .set:
                var parts: [String] = []
                for child in mirror.children { parts.append(try describe(child.value)) }
                return "{" + parts.sorted().joined(separator: ",") + "}"
            case .class:
                let identity = ObjectIdentifier(value as AnyObject)
                if let index = path.lastIndex(of: identity) { return "^\(path.count - index)" }
                path.append(identity)
                defer { path.removeLast() }
                return typeName + "(" + (try fields(mirror)) + ")"
            case .struct, .enum:
                if mirror.children.isEmpty { return typeName + ":" + String(reflecting: value) }
                return typeName + "(" + (try fields(mirror)) + ")"
            default:
                return typeName + ":" + String(reflecting: value)
            }
        }

        mutating func fields(_ mirror: Mirror) throws(OverBudget) -> String {
            var parts: [String] = []
            var current: Mirror? = mirror
            while let level = current {
                for child in level.children { parts.append("\(child.label ?? "_")=" + (try describe(child.value))) }
                current = level.superclassMirror
            }
            return parts.joined(separator: ",")
        }
    }
}

/// Requires two decoded values to have the same canonical description (see `ValueDescription`).
func requireSameValues(_ first: Any?, _ second: Any?, _ what: String) throws {
    guard let firstDescription = ValueDescription.of(first), let secondDescription = ValueDescription.of(second)
    else { return }
    try requireEqual(firstDescription, secondDescription, what)
}

/// Requires `first == second`, or, where `==` says no, the same canonical description: a NaN is
/// not equal to itself, but a NaN read back with the bits it was written with is no finding.
func requireEquivalent<T: Equatable>(_ first: T, _ second: T, _ what: String) throws {
    guard first != second else { return }
    guard let firstDescription = ValueDescription.of(first), let secondDescription = ValueDescription.of(second)
    else { return try requireEqual(first, second, what) }
    try requireEqual(firstDescription, secondDescription, what)
}
