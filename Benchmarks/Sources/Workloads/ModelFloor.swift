/// What the MediaContent model costs in Swift with no format at all: the floor under any
/// serializer of this model, as `memcpy` is for the primitive arrays.
///
/// - Encoding has to read every field: the floor loads each one (a `String` getter hands out its
///   storage retained, as for any serializer) and copies each string's UTF-8 bytes and each number
///   into a buffer, fixed width, with no varints, no markers and no checks.
/// - Decoding has to make the model: the floor creates the objects through their only
///   initializer, reserves and fills the two arrays, and makes the strings longer than 15 UTF-8
///   bytes from bytes (`String(decoding:as:)`); strings that fit in a `String`'s in-line form are
///   taken ready-made, at no cost. The previous result is freed when the next replaces it, as in
///   the decode workloads.
public final class ModelFloor {
    /// The strings of the standard value in the order ``decode()`` uses them, as UTF-8.
    private let utf8: [[UInt8]]
    /// The same strings, ready-made (used for those of at most 15 bytes).
    private let ready: [String]
    private let buffer: UnsafeMutableRawPointer
    private let capacity = 4096

    /// A floor for `content`, whose strings ``decode()`` makes again.
    public init(_ content: MediaContent) {
        let media = content.media
        var strings = [media.uri, media.title ?? "", media.format] + media.persons
        for image in content.images { strings += [image.uri, image.title ?? ""] }
        ready = strings
        utf8 = strings.map { Array($0.utf8) }
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Reads every field of `content` and copies its bytes; returns the number of bytes.
    public func encode(_ content: MediaContent) -> Int {
        var offset = 0
        func put(_ string: String?) {
            guard var string else { return }
            string.withUTF8 { bytes in
                guard let base = bytes.baseAddress, offset + bytes.count <= capacity else { return }
                (buffer + offset).copyMemory(from: base, byteCount: bytes.count)
                offset += bytes.count
            }
        }
        func put<T: FixedWidthInteger>(_ value: T) {
            guard offset + MemoryLayout<T>.size <= capacity else { return }
            buffer.storeBytes(of: value, toByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
        }
        let media = content.media
        put(media.uri)
        put(media.title)
        put(media.width)
        put(media.height)
        put(media.format)
        put(media.duration)
        put(media.size)
        put(media.bitrate)
        put(UInt8(media.hasBitrate ? 1 : 0))
        for person in media.persons { put(person) }
        put(UInt8(media.player == .java ? 0 : 1))
        put(media.copyright)
        for image in content.images {
            put(image.uri)
            put(image.title)
            put(image.width)
            put(image.height)
            put(UInt8(image.size == .small ? 0 : 1))
        }
        return offset
    }

    /// Makes the standard value again, as a decoder must.
    public func decode() -> MediaContent {
        var next = 0
        func string() -> String {
            defer { next += 1 }
            let bytes = utf8[next]
            if bytes.count <= 15 { return ready[next] }
            return bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }
        let media = Media()
        media.uri = string()
        media.title = string()
        media.width = 640
        media.height = 480
        media.format = string()
        media.duration = 18_000_000
        media.size = 58_982_400
        media.bitrate = 262_144
        media.hasBitrate = true
        var persons: [String] = []
        persons.reserveCapacity(2)
        persons.append(string())
        persons.append(string())
        media.persons = persons
        let content = MediaContent()
        content.media = media
        var images: [Image] = []
        images.reserveCapacity(2)
        images.append(Image(uri: string(), title: string(), width: 1024, height: 768, size: .large))
        images.append(Image(uri: string(), title: string(), width: 320, height: 240, size: .small))
        content.images = images
        return content
    }
}
