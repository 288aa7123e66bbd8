import Foundation
import SwiftKryo
import Testing

/// `EnumSet`s of the JDK's own enums (`EnumSet<DayOfWeek>`, `EnumSet<Month>`), which a
/// schema file need not declare, as it need not declare the enums for their constants.
/// Tests/JDKEnumSetPeer on every release, both ways.
@Suite struct JDKEnumSetPeerTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - {class: java.util.EnumSet, id: 20}
              - {class: java.time.DayOfWeek, id: 21}
              - {class: java.time.Month, id: 22}
              - class: JDKEnumSetPeer$Week
                id: 23
                fields:
                  days: EnumSet<java.time.DayOfWeek>
                  months: EnumSet<java.time.Month>
                  first: java.time.DayOfWeek
            """

    static let document = #"""
        {"$class": "JDKEnumSetPeer$Week",
         "days": {"$class": "java.util.RegularEnumSet", "elementClass": "java.time.DayOfWeek",
                  "elements": ["SUNDAY", "MONDAY", "SATURDAY"]},
         "months": {"$class": "java.util.RegularEnumSet", "elementClass": "java.time.Month", "elements": ["MARCH"]},
         "first": {"$class": "java.time.DayOfWeek", "name": "MONDAY"}}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "JDKEnumSetPeer/JDKEnumSetPeer.java",
        mainClass: "JDKEnumSetPeer", versions: versions)
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let week = try Self.program.checkBothWays(Self.runs, version, name)
        let days = try #require(week.fields["days"] as? DynamicEnumSet)
        #expect(days.elements.map(\.name) == ["MONDAY", "SATURDAY", "SUNDAY"])
        #expect((week.fields["months"] as? DynamicEnumSet)?.elements.map(\.name) == ["MARCH"])
    }
}
