import Foundation
import SwiftKryo

/// Breaks the reference cycles of decoded values once a target is done with them, so that what a
/// cycle holds is freed (ARC does not free cycles; LeakSanitizer, on in the fuzzers, would report
/// each one). The walk is iterative and visits each object once.
enum Dismantle {
    static func values(_ roots: Any?...) {
        var pending: [Any] = roots.compactMap { $0 }
        var visited: Set<ObjectIdentifier> = []
        var steps = 0
        while let value = pending.popLast(), steps < 5_000_000 {
            steps += 1
            switch value {
            case let node as FuzzNode:
                guard visited.insert(ObjectIdentifier(node)).inserted else { continue }
                pending += [node.next as Any, node.children as Any, node.extra as Any]
                node.next = nil
                node.children = nil
                node.extra = nil
            case let object as DynamicObject:
                guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
                pending += object.fields.values.compactMap { $0 }
                object.fields = [:]
            case let object as UnknownObject:
                guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
                pending += object.fields.values.compactMap { $0 }
                object.fields = [:]
            case let top as ArchiveTopLevel:
                pending += top.values.values.compactMap { $0 }
            default:
                let mirror = Mirror(reflecting: value)
                switch mirror.displayStyle {
                case .collection?, .dictionary?, .set?, .optional?, .tuple?:
                    pending += mirror.children.map(\.value)
                case .class?:
                    guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { continue }
                    pending += mirror.children.map(\.value)
                default:
                    break
                }
            }
        }
    }
}
