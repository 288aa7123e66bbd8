import KryoCore

/// The formats the conformance suite (Tests/Conformance) runs on here: the debugging tree, a
/// backend written only for the tests (DebugTree/).
let conformanceFormats: [SerializationFormat] = [.debugTree]
