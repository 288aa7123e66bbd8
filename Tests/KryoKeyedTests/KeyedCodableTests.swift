import Foundation
import KryoPlist
import SwiftKryo
import Testing

struct Waypoint: Codable, Equatable {
    var name: String
    var latitude: Double
    var altitude: Int32?
    var visits: [Date]
}

struct Route: Codable, Equatable {
    var title: String
    var stops: [Waypoint]
    var tags: Set<String>
}

/// Codable types archive as objects whose keys are their property names.
@Suite struct KeyedCodableTests {
    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(
            registry: try Registry {
                Register(Route.self, archiveClass: ArchiveClass("Maps.Route"))
                Register(Waypoint.self, archiveClass: ArchiveClass("Maps.Waypoint"))
            })
    }

    static let route = Route(
        title: "Coast",
        stops: [
            Waypoint(name: "Harbor", latitude: 43.25, altitude: nil, visits: [Date(timeIntervalSinceReferenceDate: 5)]),
            Waypoint(name: "Light", latitude: -1.5, altitude: 30, visits: []),
        ], tags: ["sea", "walk"])

    @Test func aCodableValueIsAnObjectWithItsPropertyNames() throws {
        let archive = try codec.archive(Self.route)
        guard case .uid(let uid)? = archive.top["root"], case .dictionary(let root) = archive.objects[Int(uid)] else {
            Issue.record("no root object")
            return
        }
        #expect(Set(root.keys) == ["$class", "title", "stops", "tags"])
        let back = try codec.decode(Route.self, from: archive)
        #expect(back == Self.route)
    }
}
