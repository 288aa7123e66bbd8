import SwiftKryo

/// The formats the conformance suite (Tests/Conformance) runs on here: JSON (compact and
/// pretty), XML and binary property lists.
let conformanceFormats: [SerializationFormat] = [.readable(.json)] + SerializationFormat.readableFormats
