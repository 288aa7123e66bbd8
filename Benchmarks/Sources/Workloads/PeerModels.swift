import Foundation
import MediaProto

// The same MediaContent value in the shapes the other serializers want.

/// Codable structs for Foundation's JSONEncoder and PropertyListEncoder.
public struct CodableMediaContent: Codable, Equatable, Sendable {
    public struct Media: Codable, Equatable, Sendable {
        var uri: String
        var title: String?
        var width: Int32
        var height: Int32
        var format: String
        var duration: Int64
        var size: Int64
        var bitrate: Int32
        var hasBitrate: Bool
        var persons: [String]
        var player: Int
        var copyright: String?
    }
    public struct Image: Codable, Equatable, Sendable {
        var uri: String
        var title: String?
        var width: Int32
        var height: Int32
        var size: Int
    }
    var media: Media
    var images: [Image]

    /// The same value as ``MediaContent/standard()``.
    public static func standard() -> CodableMediaContent {
        let content = MediaContent.standard()
        let media = content.media
        return CodableMediaContent(
            media: Media(
                uri: media.uri, title: media.title, width: media.width, height: media.height, format: media.format,
                duration: media.duration, size: media.size, bitrate: media.bitrate, hasBitrate: media.hasBitrate,
                persons: media.persons, player: media.player == .java ? 0 : 1, copyright: media.copyright),
            images: content.images.map {
                Image(uri: $0.uri, title: $0.title, width: $0.width, height: $0.height, size: $0.size == .small ? 0 : 1)
            })
    }
}

/// NSCoding classes for Foundation's NSKeyedArchiver.

public final class ArchivedMedia: NSObject, NSSecureCoding {
    public static var supportsSecureCoding: Bool { true }
    var uri = "", title: String?, format = "", copyright: String?
    var width: Int32 = 0, height: Int32 = 0, bitrate: Int32 = 0, player: Int32 = 0
    var duration: Int64 = 0, size: Int64 = 0
    var hasBitrate = false
    var persons: [String] = []

    override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(uri as NSString, forKey: "uri")
        coder.encode(title.map { $0 as NSString }, forKey: "title")
        coder.encode(width, forKey: "width")
        coder.encode(height, forKey: "height")
        coder.encode(format as NSString, forKey: "format")
        coder.encode(duration, forKey: "duration")
        coder.encode(size, forKey: "size")
        coder.encode(bitrate, forKey: "bitrate")
        coder.encode(hasBitrate, forKey: "hasBitrate")
        coder.encode(persons.map { $0 as NSString } as NSArray, forKey: "persons")
        coder.encode(player, forKey: "player")
        coder.encode(copyright.map { $0 as NSString }, forKey: "copyright")
    }

    public init?(coder: NSCoder) {
        uri = coder.decodeObject(of: NSString.self, forKey: "uri").map { String($0) } ?? ""
        title = coder.decodeObject(of: NSString.self, forKey: "title").map { String($0) }
        width = coder.decodeInt32(forKey: "width")
        height = coder.decodeInt32(forKey: "height")
        format = coder.decodeObject(of: NSString.self, forKey: "format").map { String($0) } ?? ""
        duration = coder.decodeInt64(forKey: "duration")
        size = coder.decodeInt64(forKey: "size")
        bitrate = coder.decodeInt32(forKey: "bitrate")
        hasBitrate = coder.decodeBool(forKey: "hasBitrate")
        persons = (coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "persons") as? [String]) ?? []
        player = coder.decodeInt32(forKey: "player")
        copyright = coder.decodeObject(of: NSString.self, forKey: "copyright").map { String($0) }
    }
}

public final class ArchivedImage: NSObject, NSSecureCoding {
    public static var supportsSecureCoding: Bool { true }
    var uri = "", title: String?
    var width: Int32 = 0, height: Int32 = 0, size: Int32 = 0

    init(uri: String, title: String?, width: Int32, height: Int32, size: Int32) {
        self.uri = uri
        self.title = title
        self.width = width
        self.height = height
        self.size = size
    }

    public func encode(with coder: NSCoder) {
        coder.encode(uri as NSString, forKey: "uri")
        coder.encode(title.map { $0 as NSString }, forKey: "title")
        coder.encode(width, forKey: "width")
        coder.encode(height, forKey: "height")
        coder.encode(size, forKey: "size")
    }

    public init?(coder: NSCoder) {
        uri = coder.decodeObject(of: NSString.self, forKey: "uri").map { String($0) } ?? ""
        title = coder.decodeObject(of: NSString.self, forKey: "title").map { String($0) }
        width = coder.decodeInt32(forKey: "width")
        height = coder.decodeInt32(forKey: "height")
        size = coder.decodeInt32(forKey: "size")
    }
}

public final class ArchivedMediaContent: NSObject, NSSecureCoding {
    public static var supportsSecureCoding: Bool { true }
    var media = ArchivedMedia()
    var images: [ArchivedImage] = []

    override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(media, forKey: "media")
        coder.encode(images as NSArray, forKey: "images")
    }

    public init?(coder: NSCoder) {
        guard let media = coder.decodeObject(of: ArchivedMedia.self, forKey: "media") else { return nil }
        self.media = media
        images =
            (coder.decodeObject(of: [NSArray.self, ArchivedImage.self], forKey: "images") as? [ArchivedImage]) ?? []
    }

    /// The same value as ``MediaContent/standard()``.
    public static func standard() -> ArchivedMediaContent {
        let content = MediaContent.standard()
        let media = ArchivedMedia()
        media.uri = content.media.uri
        media.title = content.media.title
        media.width = content.media.width
        media.height = content.media.height
        media.format = content.media.format
        media.duration = content.media.duration
        media.size = content.media.size
        media.bitrate = content.media.bitrate
        media.hasBitrate = content.media.hasBitrate
        media.persons = content.media.persons
        media.player = content.media.player == .java ? 0 : 1
        media.copyright = content.media.copyright
        let archived = ArchivedMediaContent()
        archived.media = media
        archived.images = content.images.map {
            ArchivedImage(
                uri: $0.uri, title: $0.title, width: $0.width, height: $0.height, size: $0.size == .small ? 0 : 1)
        }
        return archived
    }
}

/// The swift-protobuf message of ``MediaContent/standard()``.
public func protobufMediaContent() -> Media_MediaContent {
    let content = MediaContent.standard()
    var media = Media_Media()
    media.uri = content.media.uri
    if let title = content.media.title { media.title = title }
    media.width = content.media.width
    media.height = content.media.height
    media.format = content.media.format
    media.duration = content.media.duration
    media.size = content.media.size
    media.bitrate = content.media.bitrate
    media.hasBitrate_p = content.media.hasBitrate
    media.persons = content.media.persons
    media.player = content.media.player == .java ? .java : .flash
    if let copyright = content.media.copyright { media.copyright = copyright }
    var message = Media_MediaContent()
    message.media = media
    message.images = content.images.map { image in
        var converted = Media_Image()
        converted.uri = image.uri
        if let title = image.title { converted.title = title }
        converted.width = image.width
        converted.height = image.height
        converted.size = image.size == .small ? .small : .large
        return converted
    }
    return message
}
