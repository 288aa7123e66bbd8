import KryoCore

// The models of the conformance suite (ConformanceSuite.swift), built on KryoCore alone so
// that a backend's tests can run the suite whatever else they link.

/// A Java enum.
enum ConformanceTone: JavaEnum {
    case light, dark
    static let javaClassName = "conformance.Tone"
}

/// One field of every value kind the writer and reader have a primitive for, and the common
/// containers.
final class ConformanceKinds: Schematized {
    var flag = false
    var byte: Int8 = 0
    var short: Int16 = 0
    var char: UInt16 = 0
    var int: Int32 = 0
    var long: Int64 = 0
    var float: Float = 0
    var double: Double = 0
    var text = ""
    var optionalText: String?
    var boxed: Int32?
    var bytes: [Int8] = []
    var numbers: [Int32] = []
    var names: [String] = []
    var byName: [String: Int32] = [:]
    var tone = ConformanceTone.light
    var anything: Any?
    var child: ConformanceNode?
    init() {}

    static let schema = Schema<ConformanceKinds>(java: "conformance.Kinds") {
        Field("flag", \.flag)
        Field("byte", \.byte)
        Field("short", \.short)
        Field("char", \.char)
        Field("int", \.int)
        Field("long", \.long)
        Field("float", \.float)
        Field("double", \.double)
        Field("text", \.text)
        Field("optionalText", \.optionalText)
        Field("boxed", \.boxed)
        Field("bytes", \.bytes)
        Field("numbers", \.numbers)
        Field("names", \.names)
        Field("byName", \.byName)
        Field("tone", \.tone)
        Field("anything", \.anything)
        Field("child", \.child)
    }
}

/// A node of a graph: shared and cyclic references.
final class ConformanceNode: Schematized {
    var name = ""
    var next: ConformanceNode?
    var other: ConformanceNode?
    init() {}
    init(_ name: String) { self.name = name }

    static let schema = Schema<ConformanceNode>(java: "conformance.Node") {
        Field("name", \.name)
        Field("next", \.next)
        Field("other", \.other)
    }
}

/// The first version of an evolving model: `kept`, `dropped` and `label`.
final class ConformanceRecordV1: Schematized {
    var kept: Int32 = 0
    var dropped = ""
    var label = ""
    init() {}
    static let schema = Schema<ConformanceRecordV1>(java: "conformance.Record", serializer: .compatible) {
        Field("kept", \.kept)
        Field("dropped", \.dropped)
        Field("label", \.label)
    }
}

/// The second version: `dropped` is gone, `added` is new.
final class ConformanceRecordV2: Schematized {
    var kept: Int32 = 0
    var added: Int64 = -1
    var label = ""
    init() {}
    static let schema = Schema<ConformanceRecordV2>(java: "conformance.Record", serializer: .compatible) {
        Field("kept", \.kept)
        Field("added", \.added)
        Field("label", \.label)
    }
}

/// A type the reading registry may not know.
final class ConformanceExtra: Schematized {
    var value: Int32 = 0
    init() {}
    static let schema = Schema<ConformanceExtra>(java: "conformance.Extra") { Field("value", \.value) }
}

enum ConformanceRegistries {
    /// Every conformance model, with ids (the Kryo binary's registration-required dialects need them).
    static func full(recordVersion: Int = 1, extra: Bool = true) throws -> Registry {
        try Registry {
            Register(ConformanceKinds.self, id: 40)
            Register(ConformanceNode.self, id: 41)
            Register(ConformanceTone.self, id: 42)
            if recordVersion == 1 {
                Register(ConformanceRecordV1.self, id: 43)
            } else {
                Register(ConformanceRecordV2.self, id: 43)
            }
            if extra { Register(ConformanceExtra.self, id: 44) }
            Register([Int8].self, id: 45)
            Register([Int32].self, id: 46)
            Register([String].self, id: 47)
            Register([String: Int32].self, id: 48)
        }
    }
}
