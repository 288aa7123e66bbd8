import SwiftKryo

/// The formats the conformance suite (Tests/Conformance) runs on here: binary and XML archives.
let conformanceFormats: [SerializationFormat] = SerializationFormat.keyedArchiveFormats
