import SwiftKryo

// Hand-written serializers for the MediaContent graph, writing exactly what the Java harness's
// hand-written Kryo serializers write (references off, `writeObject` at the top).

private let mediaSlot = ObjectSlot<Media>(DeclaredType(Media.self, finality: .final, canBeNull: false))
private let imageSlot = ObjectSlot<Image>(DeclaredType(Image.self, finality: .final, canBeNull: false))

struct MediaContentSerializer: Serializer {
    func write(_ value: MediaContent, to writer: any ValueWriter) throws {
        try mediaSlot.write(value.media, to: writer, forKey: "media")
        try writer.writeInt32(Int32(value.images.count), forKey: "count", encoding: .positive)
        for image in value.images { try imageSlot.write(image, to: writer, forKey: "image") }
    }

    func read(from reader: any ValueReader) throws -> MediaContent {
        let content = MediaContent()
        guard let media = try mediaSlot.read(from: reader, forKey: "media") else {
            throw reader.error(.invalidValue, expected: "a Media", found: "nil")
        }
        content.media = media
        let count = Int(try reader.readInt32(forKey: "count", encoding: .positive))
        try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "count")
        content.images.reserveCapacity(count)
        for _ in 0..<count {
            guard let image = try imageSlot.read(from: reader, forKey: "image") else {
                throw reader.error(.invalidValue, expected: "an Image", found: "nil")
            }
            content.images.append(image)
        }
        return content
    }
}

struct MediaSerializer: Serializer {
    func write(_ value: Media, to writer: any ValueWriter) throws {
        try writer.writeString(value.uri, forKey: "uri")
        try writer.writeString(value.title, forKey: "title")
        try writer.writeInt32(value.width, forKey: "width", encoding: .positive)
        try writer.writeInt32(value.height, forKey: "height", encoding: .positive)
        try writer.writeString(value.format, forKey: "format")
        try writer.writeInt64(value.duration, forKey: "duration", encoding: .positive)
        try writer.writeInt64(value.size, forKey: "size", encoding: .positive)
        try writer.writeInt32(value.bitrate, forKey: "bitrate", encoding: .positive)
        try writer.writeBool(value.hasBitrate, forKey: "hasBitrate")
        try writer.writeInt32(Int32(value.persons.count), forKey: "persons", encoding: .positive)
        for person in value.persons { try writer.writeString(person, forKey: "person") }
        try writer.writeInt32(value.player == .java ? 0 : 1, forKey: "player", encoding: .positive)
        try writer.writeString(value.copyright, forKey: "copyright")
    }

    func read(from reader: any ValueReader) throws -> Media {
        let media = Media()
        media.uri = try reader.readString(forKey: "uri") ?? ""
        media.title = try reader.readString(forKey: "title")
        media.width = try reader.readInt32(forKey: "width", encoding: .positive)
        media.height = try reader.readInt32(forKey: "height", encoding: .positive)
        media.format = try reader.readString(forKey: "format") ?? ""
        media.duration = try reader.readInt64(forKey: "duration", encoding: .positive)
        media.size = try reader.readInt64(forKey: "size", encoding: .positive)
        media.bitrate = try reader.readInt32(forKey: "bitrate", encoding: .positive)
        media.hasBitrate = try reader.readBool(forKey: "hasBitrate")
        let count = Int(try reader.readInt32(forKey: "persons", encoding: .positive))
        try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "persons")
        // Sized up front, as the Java peer's `new ArrayList<>(n)`.
        var persons: [String] = []
        persons.reserveCapacity(count)
        for _ in 0..<count { persons.append(try reader.readString(forKey: "person") ?? "") }
        media.persons = persons
        let player = Int(try reader.readInt32(forKey: "player", encoding: .positive))
        guard Player.allCases.indices.contains(player) else {
            throw reader.error(.invalidValue, expected: "a Player ordinal", found: "\(player)")
        }
        media.player = Player.allCases[player]
        media.copyright = try reader.readString(forKey: "copyright")
        return media
    }
}

struct ImageSerializer: Serializer {
    func write(_ value: Image, to writer: any ValueWriter) throws {
        try writer.writeString(value.uri, forKey: "uri")
        try writer.writeString(value.title, forKey: "title")
        try writer.writeInt32(value.width, forKey: "width", encoding: .positive)
        try writer.writeInt32(value.height, forKey: "height", encoding: .positive)
        try writer.writeInt32(value.size == .small ? 0 : 1, forKey: "size", encoding: .positive)
    }

    func read(from reader: any ValueReader) throws -> Image {
        let image = Image()
        image.uri = try reader.readString(forKey: "uri") ?? ""
        image.title = try reader.readString(forKey: "title")
        image.width = try reader.readInt32(forKey: "width", encoding: .positive)
        image.height = try reader.readInt32(forKey: "height", encoding: .positive)
        let size = Int(try reader.readInt32(forKey: "size", encoding: .positive))
        guard ImageSize.allCases.indices.contains(size) else {
            throw reader.error(.invalidValue, expected: "an Image.Size ordinal", found: "\(size)")
        }
        image.size = ImageSize.allCases[size]
        return image
    }
}

/// The registry with hand-written serializers, same ids as ``benchmarkRegistry()``.
public func manualRegistry() throws -> Registry {
    try Registry {
        Register([Any?].self, id: 10)
        Register(MediaContent.self, id: 11, serializer: MediaContentSerializer())
        Register(Player.self, id: 12)
        Register(Media.self, id: 13, serializer: MediaSerializer())
        Register(ImageSize.self, id: 14)
        Register(Image.self, id: 15, serializer: ImageSerializer())
    }
}
