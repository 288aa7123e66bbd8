import Foundation
import KryoCore
import KryoSchemaFiles
import Testing

/// One Java domain read from three kinds of streams, declared once.
private let shopYAML = """
    package: shop
    settings: {dialect: kryo2, references: true}
    profiles:
      unregistered:
        ids: false
        references: false
      flink:
        dialect: kryo5
        registrationRequired: true
        variableLengthEncoding: false
        call: writeObject
        type: Order
    classes:
      - class: Order
        id: 20
        fields: {id: long, lines: List<String>}
      - class: java.util.ArrayList
        id: 21
    """

/// The same content in JSON.
private let shopJSON = """
    {"package": "shop", "settings": {"dialect": "kryo2", "references": true},
     "profiles": {
       "unregistered": {"ids": false, "references": false},
       "flink": {"dialect": "kryo5", "registrationRequired": true, "variableLengthEncoding": false,
                 "call": "writeObject", "type": "Order"}},
     "classes": [{"class": "Order", "id": 20, "fields": {"id": "long", "lines": "List<String>"}},
                 {"class": "java.util.ArrayList", "id": 21}]}
    """

/// What both describe.
private let expectedProfiles: [String: StreamProfile] = {
    var flink = StreamSettings(dialect: .kryo5, references: true, registrationRequired: true)
    flink.variableLengthEncoding = false
    return [
        "unregistered": StreamProfile(
            settings: StreamSettings(dialect: .kryo2, references: false, registrationRequired: false), usesIDs: false),
        "flink": StreamProfile(settings: flink, call: .writeObject(.named("shop.Order"))),
    ]
}()

/// The one-line description of the error that parsing `text` throws, or `nil` when it loads.
private func failure(_ text: String, fileName: String = "t.yaml") -> String? {
    do {
        _ = try SchemaFiles.parse(text, fileName: fileName)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct SchemaProfileTests {
    @Test func profilesLoadFromYAMLAndJSON() throws {
        let yaml = try SchemaFiles.parse(shopYAML, fileName: "shop.yaml")
        let json = try SchemaFiles.parse(shopJSON, fileName: "shop.json")
        #expect(yaml.profiles == expectedProfiles)
        #expect(json == yaml)
        // The default profile is `settings`, as before.
        #expect(yaml.settings == StreamSettings(dialect: .kryo2, references: true, registrationRequired: false))
        #expect(yaml.classes.map(\.id) == [20, 21])
    }

    @Test func keysAProfileLeavesOutComeFromSettingsElseFromItsDialect() throws {
        let set = try SchemaFiles.parse(
            """
            settings: {dialect: kryo4, streams: fast, registrationRequired: false}
            profiles:
              same: {}
              five: {dialect: kryo5}
              byName: {dialect: kryo5, ids: false}
            """, fileName: "t.yaml")
        var same = StreamSettings(dialect: .kryo4)
        same.streams = .fast
        #expect(set.profiles["same"] == StreamProfile(settings: same))
        // References are not stated: Kryo 5's `new Kryo()` has them off. Registration is stated.
        var five = StreamSettings(dialect: .kryo5, references: false, registrationRequired: false)
        five.streams = .fast
        #expect(set.profiles["five"]?.settings == five)
        // A stream that writes classes by name does not require registration unless stated.
        let byName = try SchemaFiles.parse("profiles:\n  n: {dialect: kryo5, ids: false}\n", fileName: "t.yaml")
        #expect(
            byName.profiles["n"]
                == StreamProfile(
                    settings: StreamSettings(dialect: .kryo5, references: false, registrationRequired: false),
                    usesIDs: false))
    }

    @Test func applyingAProfileGivesTheSetItsStreamsUse() throws {
        let set = try SchemaFiles.parse(shopYAML, fileName: "shop.yaml")
        let unregistered = try #require(set.applyingProfile(named: "unregistered"))
        #expect(unregistered.classes.map(\.id) == [nil, nil])
        #expect(unregistered.classes.map(\.javaName) == ["shop.Order", "java.util.ArrayList"])
        #expect(unregistered.settings == expectedProfiles["unregistered"]?.settings)
        #expect(unregistered.profiles == set.profiles)
        let flink = try #require(set.applyingProfile(named: "flink"))
        #expect(flink.classes.map(\.id) == [20, 21])
        #expect(flink.settings.dialect == .kryo5)
        #expect(set.profiles["flink"]?.call.rootType == .named("shop.Order"))
        #expect(set.applyingProfile(named: "spark") == nil)
        let options = flink.settings.serializationOptions
        #expect(options.references && options.registrationRequired)
        #expect(options.settings[VariableLengthFieldsSetting.self] == false)
        _ = try Registry(schemas: unregistered)
    }

    @Test func theModelRefusesAProfileThatWritesNamesButRequiresRegistration() {
        let set = SchemaSet(profiles: [
            "n": StreamProfile(
                settings: StreamSettings(dialect: .kryo5, references: false, registrationRequired: true), usesIDs: false
            )
        ])
        #expect(
            set.problems == ["profile n writes classes by name (ids: false), which registrationRequired: true refuses"])
    }

    @Test func profileErrorsNameFileLineAndColumn() {
        #expect(
            failure("profiles:\n  p:\n    refs: false\n")
                == "t.yaml:3:5: unknown profile key \"refs\" (expected dialect, references, registrationRequired, "
                + "streams, autoReset, optimizedGenerics, variableLengthEncoding, fieldsCanBeNull, fixedFieldTypes, compatibleFields, taggedFields, ids, call, type)"
        )
        #expect(
            failure(#"{"profiles": {"p": {"ids": false, "refs": false}}}"#, fileName: "t.json")
                == "t.json:1:36: unknown profile key \"refs\" (expected dialect, references, registrationRequired, "
                + "streams, autoReset, optimizedGenerics, variableLengthEncoding, fieldsCanBeNull, fixedFieldTypes, compatibleFields, taggedFields, ids, call, type)"
        )
        #expect(failure("profiles:\n  p:\n    ids: no\n") == "t.yaml:3:10: expected true or false, found \"no\"")
        #expect(
            failure("profiles:\n  p:\n    references: \"false\"\n")
                == "t.yaml:3:17: expected true or false, found \"false\"")
        #expect(
            failure("profiles:\n  p:\n    dialect: kryo3\n")
                == "t.yaml:3:14: unknown dialect \"kryo3\" (expected kryo2, kryo4 or kryo5)")
        #expect(
            failure("profiles:\n  p:\n    call: writeObj\n")
                == "t.yaml:3:11: unknown call \"writeObj\" (expected writeClassAndObject, writeObject or writeObjectOrNull)"
        )
        #expect(
            failure("profiles:\n  p:\n    call: writeObject\n")
                == "t.yaml:3:11: call: writeObject needs the root class: add type: CLASS")
        #expect(
            failure("profiles:\n  p:\n    call: writeClassAndObject\n    type: String\n")
                == "t.yaml:4:11: a writeClassAndObject stream names its root class itself: type goes with call: "
                + "writeObject")
        #expect(
            failure("package: a\nprofiles:\n  p:\n    call: writeObject\n    type: Missing\n")
                == "t.yaml:5:11: unknown class a.Missing: declare it in a schema file, or write the full name of a "
                + "class the library knows (java.util.TreeMap; inner classes as a.Outer$Inner)")
        #expect(
            failure("profiles:\n  p:\n    type: int\n")
                == "t.yaml:3:11: the root class of writeObject is a class, not int")
        #expect(
            failure("profiles:\n  p:\n    ids: false\n    registrationRequired: true\n")
                == "t.yaml:4:27: profile p writes classes by name (ids: false), which registrationRequired: true "
                + "refuses")
        #expect(
            failure("settings:\n  registrationRequired: true\nprofiles:\n  p:\n    ids: false\n")
                == "t.yaml:5:10: profile p writes classes by name (ids: false), which registrationRequired: true "
                + "refuses; add registrationRequired: false to the profile")
        #expect(
            failure("profiles: [a]\n") == "t.yaml:1:11: expected a mapping of profile names to settings, found a list")
        #expect(failure("profiles:\n  p: true\n") == "t.yaml:2:6: expected a mapping for profile \"p\", found \"true\"")
        #expect(failure("profiles:\n  \"\": {}\n") == "t.yaml:2:4: a profile needs a name")
        #expect(
            failure("profiles:\n  p: {}\n  p: {ids: false}\n")
                == "t.yaml:2:3: key \"p\" appears more than once in this mapping")
    }

    @Test func aProfileInSeveralFilesMustMeanTheSame() throws {
        func text(_ text: String, _ name: String) -> SchemaFileText {
            SchemaFileText(text, fileName: name, format: .yaml)
        }
        let equal = try SchemaFiles.parse([
            text("profiles:\n  u: {ids: false}\nclasses: []\n", "a.yaml"),
            text("profiles:\n  u:\n    ids: false\n    references: true\n  v: {}\n", "b.yaml"),
        ])
        #expect(equal.profiles.keys.sorted() == ["u", "v"])
        #expect(
            throws: SchemaFileError(
                file: "b.yaml", line: 3, column: 3, message: "profile u is declared differently in a.yaml:2")
        ) {
            try SchemaFiles.parse([
                text("profiles:\n  u: {ids: false}\n", "a.yaml"),
                text("classes: []\nprofiles:\n  u: {ids: false, references: false}\n", "b.yaml"),
            ])
        }
    }

    @Test func profilesWriteBackInBothSyntaxes() throws {
        let set = try SchemaFiles.parse(shopYAML, fileName: "shop.yaml")
        #expect(
            SchemaFiles.yaml(set) == """
                settings:
                  dialect: kryo2
                  references: true
                  registrationRequired: false
                profiles:
                  flink:
                    dialect: kryo5
                    registrationRequired: true
                    variableLengthEncoding: false
                    call: writeObject
                    type: shop.Order
                  unregistered:
                    references: false
                    ids: false
                classes:
                  - class: shop.Order
                    id: 20
                    fields:
                      id: long
                      lines: List<String>
                  - class: java.util.ArrayList
                    id: 21

                """)
        #expect(try SchemaFiles.parse(SchemaFiles.yaml(set), fileName: "out.yaml") == set)
        #expect(try SchemaFiles.parse(SchemaFiles.json(set), fileName: "out.json") == set)
        let same = SchemaSet(profiles: [
            "same": StreamProfile(), "array": StreamProfile(call: .writeObject(.array(.primitive(.int)))),
        ])
        #expect(SchemaFiles.json(same).contains(#""same": {}"#))
        #expect(try SchemaFiles.parse(SchemaFiles.yaml(same), fileName: "out.yaml") == same)
        #expect(try SchemaFiles.parse(SchemaFiles.json(same), fileName: "out.json") == same)
    }
}
