import SwiftKryo

// The jvm-serializers MediaContent graph (data.media.*), as Kryo sees it: public classes with
// public fields, so Kryo 2.20 reaches every field through ReflectASM and drops generics.
// The schemas use the accessor form of `Field` (closures rather than key paths), the form meant
// for types on a hot path.

/// `data.media.Media$Player`.
public enum Player: JavaEnum {
    case java, flash
    public static let javaClassName = "data.media.Media$Player"
}

/// `data.media.Image$Size`.
public enum ImageSize: JavaEnum {
    case small, large
    public static let javaClassName = "data.media.Image$Size"
}

/// `data.media.Media`.
public final class Media: Schematized, Equatable {
    public var uri = ""
    public var title: String?
    public var width: Int32 = 0
    public var height: Int32 = 0
    public var format = ""
    public var duration: Int64 = 0
    public var size: Int64 = 0
    public var bitrate: Int32 = 0
    public var hasBitrate = false
    public var persons: [String] = []
    public var player: Player = .java
    public var copyright: String?
    public init() {}

    private static let publicField = JavaFieldOptions(isPublicField: true)
    public static let schema = Schema<Media>(java: "data.media.Media") {
        Field("uri", get: { $0.uri }, set: { $0.uri = $1 }, java: publicField)
        Field("title", get: { $0.title }, set: { $0.title = $1 }, java: publicField)
        Field("width", get: { $0.width }, set: { $0.width = $1 })
        Field("height", get: { $0.height }, set: { $0.height = $1 })
        Field("format", get: { $0.format }, set: { $0.format = $1 }, java: publicField)
        Field("duration", get: { $0.duration }, set: { $0.duration = $1 })
        Field("size", get: { $0.size }, set: { $0.size = $1 })
        Field("bitrate", get: { $0.bitrate }, set: { $0.bitrate = $1 })
        Field("hasBitrate", get: { $0.hasBitrate }, set: { $0.hasBitrate = $1 })
        Field("persons", get: { $0.persons }, set: { $0.persons = $1 }, java: publicField)
        Field("player", get: { $0.player }, set: { $0.player = $1 }, java: publicField)
        Field("copyright", get: { $0.copyright }, set: { $0.copyright = $1 }, java: publicField)
    }

    public static func == (lhs: Media, rhs: Media) -> Bool {
        lhs.uri == rhs.uri && lhs.title == rhs.title && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.format == rhs.format && lhs.duration == rhs.duration && lhs.size == rhs.size
            && lhs.bitrate == rhs.bitrate && lhs.hasBitrate == rhs.hasBitrate && lhs.persons == rhs.persons
            && lhs.player == rhs.player && lhs.copyright == rhs.copyright
    }
}

/// `data.media.Image`.
public final class Image: Schematized, Equatable {
    public var uri = ""
    public var title: String?
    public var width: Int32 = 0
    public var height: Int32 = 0
    public var size: ImageSize = .small
    public init() {}

    public init(uri: String, title: String?, width: Int32, height: Int32, size: ImageSize) {
        self.uri = uri
        self.title = title
        self.width = width
        self.height = height
        self.size = size
    }

    private static let publicField = JavaFieldOptions(isPublicField: true)
    public static let schema = Schema<Image>(java: "data.media.Image") {
        Field("uri", get: { $0.uri }, set: { $0.uri = $1 }, java: publicField)
        Field("title", get: { $0.title }, set: { $0.title = $1 }, java: publicField)
        Field("width", get: { $0.width }, set: { $0.width = $1 })
        Field("height", get: { $0.height }, set: { $0.height = $1 })
        Field("size", get: { $0.size }, set: { $0.size = $1 }, java: publicField)
    }

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.uri == rhs.uri && lhs.title == rhs.title && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.size == rhs.size
    }
}

/// `data.media.MediaContent`.
public final class MediaContent: Schematized, Equatable {
    public var media = Media()
    public var images: [Image] = []
    public init() {}

    private static let publicField = JavaFieldOptions(isPublicField: true)
    public static let schema = Schema<MediaContent>(java: "data.media.MediaContent") {
        Field("media", get: { $0.media }, set: { $0.media = $1 }, java: publicField)
        Field("images", get: { $0.images }, set: { $0.images = $1 }, java: publicField)
    }

    public static func == (lhs: MediaContent, rhs: MediaContent) -> Bool {
        lhs.media == rhs.media && lhs.images == rhs.images
    }

    /// The standard value of the benchmark.
    public static func standard() -> MediaContent {
        let media = Media()
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
        media.player = .java
        media.copyright = nil
        let content = MediaContent()
        content.media = media
        content.images = [
            Image(
                uri: "http://javaone.com/keynote_large.jpg", title: "Javaone Keynote", width: 1024, height: 768,
                size: .large),
            Image(
                uri: "http://javaone.com/keynote_small.jpg", title: "Javaone Keynote", width: 320, height: 240,
                size: .small),
        ]
        return content
    }
}

/// `bench.GraphNode { int id; GraphNode parent; }`: node *i*'s parent is node *i / 2*.
public final class GraphNode: Schematized {
    public var id: Int32 = 0
    public var parent: GraphNode?
    public init() {}
    public static let schema = Schema<GraphNode>(java: "bench.GraphNode") {
        Field("id", get: { $0.id }, set: { $0.id = $1 })
        Field("parent", get: { $0.parent }, set: { $0.parent = $1 })
    }

    /// `count` nodes, each pointing at an earlier one (shared references, depth 2).
    public static func graph(_ count: Int) -> [GraphNode] {
        var nodes: [GraphNode] = []
        nodes.reserveCapacity(count)
        for index in 0..<count {
            let node = GraphNode()
            node.id = Int32(index)
            node.parent = index == 0 ? nil : nodes[index / 2]
            nodes.append(node)
        }
        return nodes
    }
}

/// The registry the Java harness mirrors: ArrayList, MediaContent, Media.Player, Media, Image.Size,
/// Image with explicit ids, then the arrays and the graph node.
public func benchmarkRegistry() throws -> Registry {
    try Registry {
        Register([Any?].self, id: 10)
        Register(MediaContent.self, id: 11)
        Register(Player.self, id: 12)
        Register(Media.self, id: 13)
        Register(ImageSize.self, id: 14)
        Register(Image.self, id: 15)
        Register([Int32].self, id: 16)
        Register([Double].self, id: 17)
        Register(GraphNode.self, id: 18)
    }
}
