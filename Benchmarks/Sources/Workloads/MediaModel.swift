import SwiftKryo

// The jvm-serializers MediaContent graph (data.media.*), as Kryo sees it: public classes with
// public fields, so Kryo 2.20 reaches every field through ReflectASM and drops generics.
// The schemas are declared with the macros, which use the accessor form of `Field` (closures
// rather than key paths), the form meant for types on a hot path.

/// `data.media.Media$Player`.
@JavaEnum("data.media.Media$Player")
public enum Player {
    case java, flash
}

/// `data.media.Image$Size`.
@JavaEnum("data.media.Image$Size")
public enum ImageSize {
    case small, large
}

/// `data.media.Media`.
@JavaClass("data.media.Media", publicFields: true)
public final class Media: Equatable {
    public var uri: String = ""
    public var title: String?
    public var width: Int32 = 0
    public var height: Int32 = 0
    public var format: String = ""
    public var duration: Int64 = 0
    public var size: Int64 = 0
    public var bitrate: Int32 = 0
    public var hasBitrate: Bool = false
    public var persons: [String] = []
    public var player: Player = .java
    public var copyright: String?
    public init() {}

    public static func == (lhs: Media, rhs: Media) -> Bool {
        lhs.uri == rhs.uri && lhs.title == rhs.title && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.format == rhs.format && lhs.duration == rhs.duration && lhs.size == rhs.size
            && lhs.bitrate == rhs.bitrate && lhs.hasBitrate == rhs.hasBitrate && lhs.persons == rhs.persons
            && lhs.player == rhs.player && lhs.copyright == rhs.copyright
    }
}

/// `data.media.Image`.
@JavaClass("data.media.Image", publicFields: true)
public final class Image: Equatable {
    public var uri: String = ""
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

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.uri == rhs.uri && lhs.title == rhs.title && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.size == rhs.size
    }
}

/// `data.media.MediaContent`.
@JavaClass("data.media.MediaContent", publicFields: true)
public final class MediaContent: Equatable {
    public var media: Media = Media()
    public var images: [Image] = []
    public init() {}

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
@JavaClass("bench.GraphNode")
public final class GraphNode {
    public var id: Int32 = 0
    public var parent: GraphNode?
    public init() {}

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
