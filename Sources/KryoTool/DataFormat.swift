import ArgumentParser
import SwiftKryo

/// The formats `kryo convert` and `kryo inspect` read and write.
enum DataFormat: String, CaseIterable, ExpressibleByArgument {
    case kryo2
    case kryo4
    case kryo5
    case keyedBinary = "keyed-binary"
    case keyedXML = "keyed-xml"
    case json
    case plistXML = "plist-xml"
    case plistBinary = "plist-binary"

    /// Reads one value with the dynamic registry.
    ///
    /// - Parameter javaClass: For Kryo, the class Java's `readObject` was given (no class tag
    ///   before the value); `nil` for what `writeClassAndObject` writes.
    func decode(_ bytes: [UInt8], with context: ConversionContext, javaClass: String?) throws -> Any? {
        switch self {
        case .kryo2, .kryo4, .kryo5:
            let codec = try kryoCodec(context, javaClass: javaClass)
            do {
                if let javaClass { return try codec.decode(javaClass: javaClass, from: bytes) }
                return try codec.decode(Any?.self, from: bytes)
            } catch let error as SerializationError {
                // Which release the bytes were read as: the first thing to check when they were
                // written by another.
                throw ToolError("\(error) (read as \(rawValue), \(codec.dialect))")
            }
        case .keyedBinary, .keyedXML:
            // The whole archive: a nib's `IB.objectdata`, a color list's several keys, a subclass
            // archiver's name are kept.
            return try KeyedArchiveCodec(registry: context.registry, options: context.options).decodeArchive(
                from: bytes)
        case .json, .plistXML, .plistBinary:
            return try ReadableCodec(registry: context.registry, options: context.options).decode(
                Any?.self, from: bytes)
        }
    }

    /// Writes one value with the dynamic registry.
    func encode(_ value: Any?, with context: ConversionContext, javaClass: String?) throws -> [UInt8] {
        switch self {
        case .kryo2, .kryo4, .kryo5:
            let codec = try kryoCodec(context, javaClass: javaClass)
            if let javaClass { return try codec.encode(value, javaClass: javaClass) }
            return try codec.encode(value)
        case .keyedBinary, .keyedXML:
            // Java's data goes back to Kryo byte for byte: values keep their Java classes.
            var codec = KeyedArchiveCodec(
                registry: context.registry, format: self == .keyedXML ? .xml : .binary, options: context.options)
            codec.keepsJavaClasses = true
            return try codec.encode(value)
        case .json:
            return try ReadableCodec(registry: context.registry, format: .prettyJSON, options: context.options)
                .encode(value)
        case .plistXML:
            return try ReadableCodec(registry: context.registry, format: .propertyList(.xml), options: context.options)
                .encode(value)
        case .plistBinary:
            return try ReadableCodec(
                registry: context.registry, format: .propertyList(.binary), options: context.options
            ).encode(value)
        }
    }

    /// The Kryo dialect of a Kryo format; `nil` for the other formats.
    var dialect: KryoDialect? {
        switch self {
        case .kryo2: .v2
        case .kryo4: .v4
        case .kryo5: .v5
        default: nil
        }
    }

    /// The codec of a Kryo format, with the stream settings for its dialect.
    private func kryoCodec(_ context: ConversionContext, javaClass: String?) throws -> KryoCodec {
        guard let release = self.dialect else { throw ToolError("\(rawValue) is not a Kryo format") }
        // The schema files' `streams` (Kryo 4's fast and unsafe Output classes).
        let dialect = release.using(context.schemas.settings.streams)
        return KryoCodec(
            registry: context.registry, dialect: dialect, framing: javaClass == nil ? .classAndObject : .object,
            options: context.options(for: dialect))
    }
}
