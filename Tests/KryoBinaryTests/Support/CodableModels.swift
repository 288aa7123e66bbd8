import Foundation
import SwiftKryo

// Codable models for the Codable bridge tests and the Java peer's `codable` cases.

/// A stop on a ``Trip``: a Codable struct nobody registers, so it travels as a plain HashMap.
struct Waypoint: Codable, Equatable {
    var name: String
    var lat: Double
    var visits: Int32
}

/// A Codable struct registered in the peer's `codable` configuration (id 50), holding a schema
/// class (``Inner``, id 10) and unregistered Codable structs.
struct Trip: Codable, Equatable {
    var title: String
    var days: Int32
    var distance: Int64
    var rating: Float?
    var notes: String?
    var tags: [String]
    var stops: [Waypoint]
    var guide: Inner

    static func sample() -> Trip {
        Trip(
            title: "Alps", days: 5, distance: 1_234_567_890_123, rating: 4.5, notes: nil, tags: ["snow", "é日"],
            stops: [
                Waypoint(name: "Zermatt", lat: 46.02, visits: 2), Waypoint(name: "Chamonix", lat: 45.92, visits: 1),
            ],
            guide: Inner(7, "guide"))
    }
}

/// A Codable struct with one property, so that Java's HashMap writes its entries in Swift's order.
struct Labels: Codable, Equatable {
    var tags: [String]
}

extension Inner: RegistryCodable {}
extension PeerColor: RegistryCodable {}

/// Java: `peer.CodableHolder { String name; Object payload; }`; the payload is a ``Trip``, which
/// Java sees as a HashMap.
final class CodableHolder: Schematized, Equatable, CustomStringConvertible {
    var name: String?
    var payload: Trip?
    init() {}
    init(_ name: String?, _ payload: Trip?) {
        self.name = name
        self.payload = payload
    }
    static let schema = Schema<CodableHolder>(java: "peer.CodableHolder") {
        Field("name", \.name)
        Field("payload", \.payload)
    }
    static func == (lhs: CodableHolder, rhs: CodableHolder) -> Bool {
        lhs.name == rhs.name && lhs.payload == rhs.payload
    }
    var description: String { "CodableHolder(\(name ?? "nil"), \(payload.map { "\($0)" } ?? "nil"))" }
}

extension PeerConfig {
    /// The `codable` configuration: Java registers `HashMap` under Trip's id 50 (so it reads a
    /// Trip as a HashMap), then again under 53 for the maps it writes itself.
    static func codableRegistry() throws -> Registry {
        try Registry {
            Register(Inner.self, id: 10)
            Register(PeerColor.self, id: 16)
            Register(Trip.self, id: 50)
            Register(CodableHolder.self, id: 51)
            Register([Any?].self, id: 52)
            Register([AnyHashable: Any?].self, id: 53)
            Register(Labels.self, id: 54)
        }
    }
}
