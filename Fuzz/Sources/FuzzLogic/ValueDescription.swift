import Foundation
import SwiftKryo

/// An order-insensitive canonical description of any decoded value, for comparing what went
/// through a round trip: dictionaries and sets are sorted (their order is the hash order, which
/// differs between two equal values), objects are described by type and stored properties (through
/// `Mirror`), and a reference back to an object on the current path is written as its distance.
/// Property lists and readable document trees keep their dictionaries' order, which is theirs,
/// not the hash order. A graph whose description would pass `budget` steps (shared objects are
/// described at every use) gives `nil`: it is not compared.
enum ValueDescription {
    struct OverBudget: Error {}

    /// - Parameters:
    ///   - datesToTheSecond: Whether dates compare to the second below (an XML plist writes a
    ///     plist date so, as Apple's writer does).
    ///   - integersByValue: Whether integers compare by value whatever their Swift type (a keyed
    ///     archive's `NSNumber` keeps none: an untyped slot reads an `Int`, yet the same archived
    ///     number shared with a typed `Int64` slot reads as the `Int64` decoded there first).
    ///   - nanPayloads: Whether a NaN compares by its bits; `false` for a layout that writes any
    ///     NaN as the text `nan` (XML property lists), which reads back as the one NaN.
    static func of(
        _ value: Any?, budget: Int = 50_000, datesToTheSecond: Bool = false, integersByValue: Bool = false,
        nanPayloads: Bool = true
    ) -> String? {
        var walk = Walk(
            budget: budget, datesToTheSecond: datesToTheSecond, integersByValue: integersByValue,
            nanPayloads: nanPayloads)
        var output = ""
        do {
            try walk.describe(value, into: &output)
        } catch {
            return nil
        }
        return output
    }

    /// Describes into one output string, so that the cost is linear in the description's length
    /// (a child's description is copied once more only where children are sorted); property-list
    /// and readable document trees, which hold no classes, are described by their cases, without
    /// `Mirror` (whose cost made a 14 KB property list holding a NaN take 150 ms under
    /// AddressSanitizer and time out a loaded fuzzer). An object met again is described again, but
    /// from its first description when no cycle passes through it: then nothing it reaches can be
    /// above it on any path, and its description is the same wherever it is met. (An object on a
    /// cycle is described afresh: reusing its text would make the description depend on which of
    /// the cycle's objects a dictionary happened to list first.)
    private struct Walk {
        var budget: Int
        let datesToTheSecond: Bool
        let integersByValue: Bool
        let nanPayloads: Bool
        var path: [ObjectIdentifier] = []
        /// Descriptions of objects already described, which read the same wherever they are met.
        var described: [ObjectIdentifier: String] = [:]
        /// The number of back-references written so far: an object during whose description
        /// none was written lies on no cycle.
        var backReferences = 0

        mutating func step() throws(OverBudget) {
            budget -= 1
            guard budget > 0 else { throw OverBudget() }
        }

        mutating func describe(_ value: Any?, into output: inout String) throws(OverBudget) {
            try step()
            guard let value else {
                output += "nil"
                return
            }
            switch value {
            case let hashable as AnyHashable where type(of: value) == AnyHashable.self:
                return try describe(hashable.base, into: &output)
            case let plist as PropertyListValue: return try describe(plist, into: &output)
            case let document as ReadableValue: return try describe(document, into: &output)
            case let data as Data:
                output += "Data\([UInt8](data))"
                return
            case let bytes as [UInt8]:
                output += "Bytes\(bytes)"
                return
            case let string as String:
                output += string.debugDescription
                return
            case let number as Double:
                output += number.isNaN && !nanPayloads ? "Double(nan)" : "Double(\(number.bitPattern))"
                return
            case let number as Float:
                // As its value: an XML plist has one kind of real, and a 4-byte real of a binary
                // one comes back from it 8 bytes wide (FourByteRealTests keep the width).
                let double = Double(number)
                output += double.isNaN && !nanPayloads ? "Double(nan)" : "Double(\(double.bitPattern))"
                return
            case let date as Date:
                let seconds = date.timeIntervalSinceReferenceDate
                if datesToTheSecond {
                    output += seconds.isNaN ? "Date(nan)" : "Date(\(seconds.rounded(.down)))"
                } else if seconds.isNaN && !nanPayloads {
                    output += "Date(nan)"
                } else {
                    output += "Date(\(seconds.bitPattern))"
                }
                return
            case let url as URL:
                output += "URL(\(url.absoluteString.debugDescription))"
                return
            case let number as any BinaryInteger where integersByValue:
                output += "i\(number)"
                return
            default: break
            }
            let mirror = Mirror(reflecting: value)
            let typeName = String(reflecting: type(of: value))
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first?.value else {
                    output += "nil"
                    return
                }
                try describe(wrapped, into: &output)
            case .collection, .tuple:
                output += "["
                for (index, child) in mirror.children.enumerated() {
                    if index > 0 { output += "," }
                    try describe(child.value, into: &output)
                }
                output += "]"
            case .dictionary, .set:
                var parts: [String] = []
                for child in mirror.children {
                    var part = ""
                    try describe(child.value, into: &part)
                    parts.append(part)
                }
                output += "{" + parts.sorted().joined(separator: ",") + "}"
            case .class:
                let identity = ObjectIdentifier(value as AnyObject)
                if let index = path.lastIndex(of: identity) {
                    output += "^\(path.count - index)"
                    backReferences += 1
                    return
                }
                if let known = described[identity] {
                    // The same text as describing it again; its length counts against the budget.
                    for _ in 0..<(known.utf8.count / 64) { try step() }
                    output += known
                    return
                }
                let start = output.utf8.count
                let backReferencesBefore = backReferences
                path.append(identity)
                output += typeName + "("
                try fields(mirror, into: &output)
                output += ")"
                path.removeLast()
                if backReferences == backReferencesBefore {
                    described[identity] = String(Substring(output.utf8.dropFirst(start)))
                }
            case .struct, .enum:
                if mirror.children.isEmpty {
                    output += typeName + ":" + String(reflecting: value)
                    return
                }
                output += typeName + "("
                try fields(mirror, into: &output)
                output += ")"
            default:
                output += typeName + ":" + String(reflecting: value)
            }
        }

        mutating func fields(_ mirror: Mirror, into output: inout String) throws(OverBudget) {
            var current: Mirror? = mirror
            var first = true
            while let level = current {
                for child in level.children {
                    if !first { output += "," }
                    first = false
                    output += "\(child.label ?? "_")="
                    try describe(child.value, into: &output)
                }
                current = level.superclassMirror
            }
        }

        /// A property list, dictionaries in their order (which `==` compares too).
        mutating func describe(_ value: PropertyListValue, into output: inout String) throws(OverBudget) {
            switch value {
            case .string(let string): output += "plist.string(" + string.debugDescription + ")"
            case .integer(let number): output += "plist.integer(\(number))"
            case .unsignedInteger(let number): output += "plist.unsignedInteger(\(number))"
            case .real(let number): output += "plist.real(\(number.bitPattern))"
            case .float(let number): output += "plist.float(\(number.bitPattern))"
            case .bool(let flag): output += "plist.bool(\(flag))"
            case .date(let seconds): output += "plist.date(\(seconds.bitPattern))"
            case .data(let bytes): output += "plist.data\(bytes)"
            case .uid(let uid): output += "plist.uid(\(uid))"
            case .array(let elements):
                try describeList(elements.map { (nil, $0) }, named: "plist.array", into: &output) {
                    walk, member, text throws(OverBudget) in
                    try walk.describe(member, into: &text)
                }
            case .dictionary(let entries):
                try describeList(entries.map { ($0.key, $0.value) }, named: "plist.dictionary", into: &output) {
                    walk, member, text throws(OverBudget) in
                    try walk.describe(member, into: &text)
                }
            }
        }

        /// A readable document's tree, dictionaries in their order (which `==` compares too).
        mutating func describe(_ value: ReadableValue, into output: inout String) throws(OverBudget) {
            switch value {
            case .null: output += "null"
            case .bool(let flag): output += "bool(\(flag))"
            case .integer(let number): output += "integer(\(number))"
            case .unsignedInteger(let number): output += "unsignedInteger(\(number))"
            case .real(let number): output += "real(\(number.bitPattern))"
            case .string(let string): output += "string(" + string.debugDescription + ")"
            case .data(let bytes): output += "data\(bytes)"
            case .date(let seconds): output += "date(\(seconds.bitPattern))"
            case .array(let elements):
                try describeList(elements.map { (nil, $0) }, named: "array", into: &output) {
                    walk, member, text throws(OverBudget) in
                    try walk.describe(member, into: &text)
                }
            case .dictionary(let entries):
                try describeList(entries.map { ($0.key, $0.value) }, named: "dictionary", into: &output) {
                    walk, member, text throws(OverBudget) in
                    try walk.describe(member, into: &text)
                }
            }
        }

        /// The members of a tree's array (no keys) or dictionary (keys in order), each described
        /// by `describe` after one step of the budget.
        mutating func describeList<Element>(
            _ members: [(key: String?, value: Element)], named name: String, into output: inout String,
            _ describe: (inout Self, Element, inout String) throws(OverBudget) -> Void
        ) throws(OverBudget) {
            output += name + "["
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                if let key = member.key { output += key.debugDescription + ":" }
                try step()
                try describe(&self, member.value, &output)
            }
            output += "]"
        }
    }
}

/// Requires two decoded values to have the same canonical description (see `ValueDescription`);
/// dates to the second below when `datesToTheSecond` (the second was written in an XML plist).
func requireSameValues(
    _ first: Any?, _ second: Any?, _ what: String, nanPayloads: Bool = true, datesToTheSecond: Bool = false
) throws {
    guard
        let firstDescription = ValueDescription.of(first, datesToTheSecond: datesToTheSecond, nanPayloads: nanPayloads),
        let secondDescription = ValueDescription.of(
            second, datesToTheSecond: datesToTheSecond, nanPayloads: nanPayloads)
    else { return }
    try requireEqual(firstDescription, secondDescription, what)
}

/// Requires `first == second`, or, where `==` says no, the same canonical description: a NaN is
/// not equal to itself, but a NaN read back with the bits it was written with is no finding.
func requireEquivalent<T: Equatable>(_ first: T, _ second: T, _ what: String, nanPayloads: Bool = true) throws {
    guard first != second else { return }
    guard let firstDescription = ValueDescription.of(first, nanPayloads: nanPayloads),
        let secondDescription = ValueDescription.of(second, nanPayloads: nanPayloads)
    else { return try requireEqual(first, second, what) }
    try requireEqual(firstDescription, secondDescription, what)
}
