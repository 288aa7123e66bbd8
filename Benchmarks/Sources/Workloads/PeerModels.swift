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

    public static func standard() -> CodableMediaContent {
        CodableMediaContent(
            media: Media(
                uri: "http://javaone.com/keynote.mpg", title: "Javaone Keynote", width: 640, height: 480,
                format: "video/mpg4", duration: 18_000_000, size: 58_982_400, bitrate: 262_144, hasBitrate: true,
                persons: ["Bill Gates", "Steve Jobs\u{C2A4}"], player: 0, copyright: nil),
            images: [
                Image(
                    uri: "http://javaone.com/keynote_large.jpg", title: "Javaone Keynote", width: 1024, height: 768,
                    size: 1),
                Image(
                    uri: "http://javaone.com/keynote_small.jpg", title: "Javaone Keynote", width: 320, height: 240,
                    size: 0),
            ])
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

    public static func standard() -> ArchivedMediaContent {
        let media = ArchivedMedia()
        media.uri = "http://javaone.com/keynote.mpg"
        media.title = "Javaone Keynote"
        media.width = 640
        media.height = 480
        media.format = "video/mpg4"
        media.duration = 18_000_000
        media.size = 58_982_400
        media.bitrate = 262_144
        media.hasBitrate = true
        media.persons = ["Bill Gates", "Steve Jobs\u{C2A4}"]
        let content = ArchivedMediaContent()
        content.media = media
        content.images = [
            ArchivedImage(
                uri: "http://javaone.com/keynote_large.jpg", title: "Javaone Keynote", width: 1024, height: 768, size: 1
            ),
            ArchivedImage(
                uri: "http://javaone.com/keynote_small.jpg", title: "Javaone Keynote", width: 320, height: 240, size: 0),
        ]
        return content
    }
}

/// The swift-protobuf message of the standard value.
public func protobufMediaContent() -> Media_MediaContent {
    var media = Media_Media()
    media.uri = "http://javaone.com/keynote.mpg"
    media.title = "Javaone Keynote"
    media.width = 640
    media.height = 480
    media.format = "video/mpg4"
    media.duration = 18_000_000
    media.size = 58_982_400
    media.bitrate = 262_144
    media.hasBitrate_p = true
    media.persons = ["Bill Gates", "Steve Jobs\u{C2A4}"]
    media.player = .java
    var large = Media_Image()
    large.uri = "http://javaone.com/keynote_large.jpg"
    large.title = "Javaone Keynote"
    large.width = 1024
    large.height = 768
    large.size = .large
    var small = Media_Image()
    small.uri = "http://javaone.com/keynote_small.jpg"
    small.title = "Javaone Keynote"
    small.width = 320
    small.height = 240
    small.size = .small
    var content = Media_MediaContent()
    content.media = media
    content.images = [large, small]
    return content
}
