import Foundation
@_exported import KryoBinary
@_exported import KryoBlockGraph
@_exported import KryoCodable
@_exported import KryoCore
@_exported import KryoKeyed
@_exported import KryoPlist
@_exported import KryoReadable
@_exported import KryoRichText
@_exported import KryoSchemaFiles
/// `OrderedDictionary` and `OrderedSet`, Java's `LinkedHashMap` and `LinkedHashSet`.
@_exported import OrderedCollections

extension SerializationFormat {
    /// Every format of the linked backends (Kryo binary, keyed archives, readable documents), in
    /// that order: what the `kryo` tool lists.
    public static let linked: [SerializationFormat] = kryoFormats + keyedArchiveFormats + readableFormats
}

extension Registry {
    /// Encodes `value` in `format`.
    ///
    /// ```swift
    /// let bytes = try registry.encode(bean, as: .kryo(.v2))
    /// let plist = try registry.encode(bean, as: .keyedArchive(.binary))
    /// let json = try registry.encode(bean, as: .readable(.prettyJSON))
    /// ```
    public func encode(_ value: Any?, as format: SerializationFormat, options: SerializationOptions? = nil)
        throws -> Data
    {
        Data(try format.encode(value, with: self, options: options))
    }

    /// Encodes `value` of a known type in `format`: for the Kryo binary, through the typed slot of
    /// `T` (no boxing), specialized where it is called; the same bytes as the untyped call.
    @inlinable
    public func encode<T>(_ value: T, as format: SerializationFormat, options: SerializationOptions? = nil)
        throws -> Data
    {
        guard let kryo = format.codec as? KryoFormatCodec else {
            return try encode(value as Any?, as: format, options: options)
        }
        return Data(try kryo.codec(self, options: options).encode(value, as: T.self))
    }

    /// Decodes a value of type `type` from `data` in `format` (inlinable, so that the Kryo binary's
    /// typed path is specialized where it is called).
    @inlinable
    public func decode<T>(
        _ type: T.Type, from data: Data, as format: SerializationFormat, options: SerializationOptions? = nil
    ) throws -> T {
        guard let kryo = format.codec as? KryoFormatCodec else {
            return try format.decode(T.self, from: [UInt8](data), with: self, options: options)
        }
        return try kryo.codec(self, options: options).decode(T.self, from: [UInt8](data))
    }

    /// Encodes `value` into the file at `url` atomically: a failure leaves any existing file as it was.
    public func encode(
        _ value: Any?, as format: SerializationFormat, to url: URL, options: SerializationOptions? = nil
    ) throws {
        let data = try encode(value, as: format, options: options)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw SerializationError(.io, expected: "to write \(url.path)", found: "\(error)")
        }
    }

    /// Decodes a value of type `type` from the file at `url`.
    public func decode<T>(
        _ type: T.Type, fromFileAt url: URL, as format: SerializationFormat, options: SerializationOptions? = nil
    ) throws -> T {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SerializationError(.io, expected: "to read \(url.path)", found: "\(error)")
        }
        return try decode(T.self, from: data, as: format, options: options)
    }
}

extension KryoStreamWriter {
    /// Creates a stream writer that writes to an open file handle (a file or a pipe).
    public convenience init(codec: KryoCodec, fileHandle: FileHandle) {
        self.init(codec: codec) { bytes in try fileHandle.write(contentsOf: Data(bytes)) }
    }
}

extension KryoStreamReader {
    /// Creates a stream reader that reads from an open file handle (a file or a pipe) in chunks of
    /// up to 64 KiB; a read a signal interrupts is made again.
    public convenience init(codec: KryoCodec, fileHandle: FileHandle) {
        self.init(codec: codec) { try fileHandle.readRetryingInterruptions(upToCount: 64 * 1024) }
    }
}
