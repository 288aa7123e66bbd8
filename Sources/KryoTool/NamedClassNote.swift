import SwiftKryo

/// A Kryo stream that names a class the schema gives an id: Java writes a class by name when the
/// program did not register it (registration not required), and what the tool writes back names
/// it by the schema's id, which that program cannot read ("Encountered unregistered class ID").
/// Reading works either way, so only a note can tell.
enum NamedClassNote {
    /// The note for `bytes` read with `codec`; `nil` when no class the stream names has an id,
    /// or registration is required (every class then has one), or the stream is over a megabyte
    /// (the check reads it again, traced).
    static func note(for bytes: [UInt8], codec: KryoCodec, javaClass: String?) -> String? {
        guard !codec.options.registrationRequired, bytes.count <= 1 << 20 else { return nil }
        var named: [String] = []
        for entry in codec.inspect(bytes, javaClass: javaClass).entries where entry.role == .classTag {
            guard let marker = entry.text.range(of: " (by name, name id ") else { continue }
            // `meta: java.util.LinkedHashMap (by name, name id 1)`: the slot's key, then the class.
            guard let name = entry.text[..<marker.lowerBound].split(separator: " ").last.map(String.init) else {
                continue
            }
            if codec.registry.registration(forJavaName: name)?.id != nil, !named.contains(name) { named.append(name) }
        }
        guard let first = named.first else { return nil }
        let classes = named.count == 1 ? first : "\(first) and \(named.count - 1) more"
        return "note: the stream names \(classes) by name, where the schema gives an id: written as Kryo, such a "
            + "class is written by its id, which the program that wrote the stream reads only if it registers the "
            + "class with that id; if it does not, give the schema `ids: false` (or leave the ids out)"
    }
}
