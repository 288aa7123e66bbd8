import SwiftKryo

/// The formats the conformance suite (Tests/Conformance) runs on here: Kryo 2.20, 4 and 5.
let conformanceFormats: [SerializationFormat] = SerializationFormat.kryoFormats
