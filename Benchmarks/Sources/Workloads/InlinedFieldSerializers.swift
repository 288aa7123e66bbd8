import SwiftKryo

// Serializers that write exactly what the schemas' field serializer writes (Java's field order,
// the same calls on the writer and reader, the same slots), with the fields read and written in
// line rather than through the schema's stored closures: what a serializer generated per type
// would do. The rows `media.inlined.*` measure how much such generated code would gain; the
// workload checks that the bytes equal the field serializer's, references off and on.

private let publicField = JavaFieldOptions(isPublicField: true)
/// Whether a `String` field of a public Java class may be nil (it may, and Swift's non-optional
/// field then rejects nil on reading, as `Field` does).
private let stringCanBeNull = DeclaredType.of(String.self, java: publicField).canBeNull
private let optionalStringCanBeNull = DeclaredType.of(String?.self, java: publicField).canBeNull
private let personsSlot = ObjectSlot<[String]>(
    DeclaredType.of([String].self, java: publicField),
    specialized: CollectionSerializer<[String], String>())
private let playerSlot = ObjectSlot<Player>(
    DeclaredType.of(Player.self, java: publicField), specialized: EnumSerializer<Player>())
private let imageSizeSlot = ObjectSlot<ImageSize>(
    DeclaredType.of(ImageSize.self, java: publicField), specialized: EnumSerializer<ImageSize>())
private let mediaFieldSlot = ObjectSlot<Media>(DeclaredType.of(Media.self, java: publicField))
private let imagesSlot = ObjectSlot<[Image]>(
    DeclaredType.of([Image].self, java: publicField),
    specialized: CollectionSerializer<[Image], Image>())

/// Reads a `String` field that Swift never holds nil in.
private func requiredString(_ reader: any ValueReader, forKey key: String) throws -> String {
    guard let value = try reader.readStringObject(canBeNull: stringCanBeNull, forKey: key) else {
        throw reader.error(.typeMismatch, expected: "a String", found: "nil")
    }
    return value
}

struct InlinedMediaSerializer: Serializer {
    func write(_ media: Media, to writer: any ValueWriter) throws {
        try writer.writeInt32(media.bitrate, forKey: "bitrate", encoding: .zigzag)
        try writer.writeStringObject(media.copyright, canBeNull: optionalStringCanBeNull, forKey: "copyright")
        try writer.writeInt64(media.duration, forKey: "duration", encoding: .zigzag)
        try writer.writeStringObject(media.format, canBeNull: stringCanBeNull, forKey: "format")
        try writer.writeBool(media.hasBitrate, forKey: "hasBitrate")
        try writer.writeInt32(media.height, forKey: "height", encoding: .zigzag)
        try personsSlot.write(media.persons, to: writer, forKey: "persons")
        try playerSlot.write(media.player, to: writer, forKey: "player")
        try writer.writeInt64(media.size, forKey: "size", encoding: .zigzag)
        try writer.writeStringObject(media.title, canBeNull: optionalStringCanBeNull, forKey: "title")
        try writer.writeStringObject(media.uri, canBeNull: stringCanBeNull, forKey: "uri")
        try writer.writeInt32(media.width, forKey: "width", encoding: .zigzag)
    }

    func read(from reader: any ValueReader) throws -> Media {
        let media = Media()
        reader.reference(media)
        media.bitrate = try reader.readInt32(forKey: "bitrate", encoding: .zigzag)
        media.copyright = try reader.readStringObject(canBeNull: optionalStringCanBeNull, forKey: "copyright")
        media.duration = try reader.readInt64(forKey: "duration", encoding: .zigzag)
        media.format = try requiredString(reader, forKey: "format")
        media.hasBitrate = try reader.readBool(forKey: "hasBitrate")
        media.height = try reader.readInt32(forKey: "height", encoding: .zigzag)
        media.persons = try personsSlot.readRequired(from: reader, forKey: "persons")
        media.player = try playerSlot.readRequired(from: reader, forKey: "player")
        media.size = try reader.readInt64(forKey: "size", encoding: .zigzag)
        media.title = try reader.readStringObject(canBeNull: optionalStringCanBeNull, forKey: "title")
        media.uri = try requiredString(reader, forKey: "uri")
        media.width = try reader.readInt32(forKey: "width", encoding: .zigzag)
        return media
    }
}

struct InlinedImageSerializer: Serializer {
    func write(_ image: Image, to writer: any ValueWriter) throws {
        try writer.writeInt32(image.height, forKey: "height", encoding: .zigzag)
        try imageSizeSlot.write(image.size, to: writer, forKey: "size")
        try writer.writeStringObject(image.title, canBeNull: optionalStringCanBeNull, forKey: "title")
        try writer.writeStringObject(image.uri, canBeNull: stringCanBeNull, forKey: "uri")
        try writer.writeInt32(image.width, forKey: "width", encoding: .zigzag)
    }

    func read(from reader: any ValueReader) throws -> Image {
        let image = Image()
        reader.reference(image)
        image.height = try reader.readInt32(forKey: "height", encoding: .zigzag)
        image.size = try imageSizeSlot.readRequired(from: reader, forKey: "size")
        image.title = try reader.readStringObject(canBeNull: optionalStringCanBeNull, forKey: "title")
        image.uri = try requiredString(reader, forKey: "uri")
        image.width = try reader.readInt32(forKey: "width", encoding: .zigzag)
        return image
    }
}

struct InlinedMediaContentSerializer: Serializer {
    func write(_ content: MediaContent, to writer: any ValueWriter) throws {
        try imagesSlot.write(content.images, to: writer, forKey: "images")
        try mediaFieldSlot.write(content.media, to: writer, forKey: "media")
    }

    func read(from reader: any ValueReader) throws -> MediaContent {
        let content = MediaContent()
        reader.reference(content)
        content.images = try imagesSlot.readRequired(from: reader, forKey: "images")
        content.media = try mediaFieldSlot.readRequired(from: reader, forKey: "media")
        return content
    }
}

/// ``benchmarkRegistry()``'s MediaContent classes, same ids, with the in-line serializers.
public func inlinedRegistry() throws -> Registry {
    try Registry {
        Register([Any?].self, id: 10)
        Register(MediaContent.self, id: 11, serializer: InlinedMediaContentSerializer())
        Register(Player.self, id: 12)
        Register(Media.self, id: 13, serializer: InlinedMediaSerializer())
        Register(ImageSize.self, id: 14)
        Register(Image.self, id: 15, serializer: InlinedImageSerializer())
    }
}
