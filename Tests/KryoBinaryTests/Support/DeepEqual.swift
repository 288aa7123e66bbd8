import Foundation
import SwiftKryo

/// Structural equality for decoded values: same Swift types, floats compared bit for bit (so NaN
/// equals NaN and -0.0 differs from 0.0), collections element by element.
func deepEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
    let lhs = ValueConversion.flatten(lhs)
    let rhs = ValueConversion.flatten(rhs)
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    guard type(of: lhs) == type(of: rhs) else { return false }
    switch (lhs, rhs) {
    case (let l as Float, let r as Float): return l.bitPattern == r.bitPattern
    case (let l as Double, let r as Double): return l.bitPattern == r.bitPattern
    case (let l as [Float], let r as [Float]): return l.map(\.bitPattern) == r.map(\.bitPattern)
    case (let l as [Double], let r as [Double]): return l.map(\.bitPattern) == r.map(\.bitPattern)
    default: break
    }
    // Objects of the dynamic path (equal only to themselves): their printed form shows every
    // field, and cycles as `@n`.
    if let l = lhs as? DynamicObject, let r = rhs as? DynamicObject { return l.description == r.description }
    if let l = lhs as? any Equatable { return equatableEqual(l, rhs) }
    if let l = lhs as? any AnyEntriesExposing, let r = rhs as? any AnyEntriesExposing {
        let left = l.anyEntries
        let right = r.anyEntries
        guard left.count == right.count else { return false }
        return left.allSatisfy { entry in
            right.contains { deepEqual($0.key, entry.key) && deepEqual($0.value, entry.value) }
        }
    }
    if let l = lhs as? any AnyElementsExposing, let r = rhs as? any AnyElementsExposing {
        let left = l.anyElements
        let right = r.anyElements
        return left.count == right.count && zip(left, right).allSatisfy { deepEqual($0, $1) }
    }
    return false
}

private func equatableEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
}

func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined(separator: " ") }

/// The error decoding `bytes` untyped throws, or nil when it decodes (or throws something else).
func decodeError(_ codec: KryoCodec, _ bytes: [UInt8]) -> SerializationError? {
    do {
        _ = try codec.decode(Any?.self, from: bytes)
        return nil
    } catch let error as SerializationError {
        return error
    } catch {
        return nil
    }
}

/// The error decoding `bytes` as a `T` gives, or nil when it decodes.
func decodeError<T>(_ codec: KryoCodec, _ bytes: [UInt8], as type: T.Type) -> SerializationError? {
    do {
        _ = try codec.decode(T.self, from: bytes)
        return nil
    } catch let error as SerializationError {
        return error
    } catch {
        return nil
    }
}
