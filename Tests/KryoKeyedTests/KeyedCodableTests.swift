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

enum Weather: JavaEnum {
    case sunny, cloudy, stormy
    static let javaClassName = "test.Weather"
}

/// Java enums in a keyed archive: an object whose `ordinal` is the constant's ordinal.
@Suite struct KeyedEnumTests {
    @Test func anEnumStoresItsOrdinal() throws {
        let codec = KeyedArchiveCodec(registry: try Registry { Register(Weather.self, id: 50) })
        let archive = try codec.archive([Weather.stormy, Weather.sunny] as [Any])
        let ordinals = archive.objects.compactMap { entry -> PropertyListValue? in
            guard case .dictionary(let entries) = entry else { return nil }
            return entries["ordinal"]
        }
        #expect(ordinals == [.integer(2), .integer(0)])
        #expect(try codec.decode([Weather].self, from: archive) == [.stormy, .sunny])
        let bad = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["$class": .uid(2), "ordinal": .integer(3)]),
                .dictionary(["$classname": .string("test.Weather"), "$classes": .array([.string("test.Weather")])]),
            ])
        #expect(throws: SerializationError.self) { try codec.decode(Weather.self, from: bad) }
    }
}
