import KryoCore
import KryoKeyed

/// A file attached to text (the text holds U+FFFC where it sits): its contents and file name.
///
/// Keyed archives store it as an `NSTextAttachment` whose contents and file name are under the
/// keys `SKContents` and `SKFileName`: SwiftKryo's own form (Apple's file-wrapper form is not
/// modelled; an attachment Apple archived is read with its keys kept, and written back unchanged
/// by a lossless call).
public struct TextAttachment: Sendable, Hashable {
    /// The bytes of the attached file.
    public var contents: [UInt8]
    /// The file's name, when it has one.
    public var fileName: String?
    /// Keys of the archive this attachment was read from that the model does not translate.
    public var preserved = PreservedKeys()
    /// The class the attachment was archived as (`NSTextAttachment`, or a subclass such as
    /// AppKit's `NSTokenAttachment`), written back by keyed archives; `nil` writes
    /// `NSTextAttachment`.
    public var archiveClass: ArchiveClass?
    /// Whether keyed archives and readable documents store ``contents`` and ``fileName``: not for
    /// an attachment Apple archived without SwiftKryo's keys, which is written back without them
    /// while it has no contents and no file name.
    package var storesOwnKeys = true
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<TextAttachment>?

    /// Creates an attachment.
    public init(contents: [UInt8], fileName: String? = nil) {
        self.contents = contents
        self.fileName = fileName
    }

    public static func == (lhs: TextAttachment, rhs: TextAttachment) -> Bool {
        lhs.contents == rhs.contents && lhs.fileName == rhs.fileName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contents)
        hasher.combine(fileName)
    }
}

/// Reads and writes ``TextAttachment``: in Kryo binary a length and the bytes, then the file
/// name; elsewhere the bytes as data (`contents`, in keyed archives `SKContents`) and the file name.
public struct TextAttachmentSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    static let archiveClass = ArchiveClass("NSTextAttachment")
    private static let archiveKeys: Set<String> = ["SKContents", "SKFileName"]

    public func write(_ attachment: TextAttachment, to writer: any ValueWriter) throws {
        if writer.isPositional {
            try writer.writeInt32(Int32(clamping: attachment.contents.count), forKey: "length", encoding: .positive)
        }
        let keyed = writer.formatFamily == .keyedArchive
        if keyed { writer.setArchiveClass(attachment.archiveClass ?? Self.archiveClass) }
        if attachment.storesOwnKeys || !attachment.contents.isEmpty || attachment.fileName != nil {
            try writer.writeBytes(attachment.contents, forKey: keyed ? "SKContents" : "contents")
            try writer.writeString(attachment.fileName, forKey: keyed ? "SKFileName" : "fileName")
        }
        if keyed {
            try attachment.preserved.write(
                to: writer, except: Self.archiveKeys, owner: (attachment.archiveClass ?? Self.archiveClass).name)
        } else {
            try attachment.preserved.writeReadable(
                archiveClass: attachment.archiveClass, translatedClass: Self.archiveClass, owner: "TextAttachment",
                to: writer)
        }
    }

    public func read(from reader: any ValueReader) throws -> TextAttachment {
        if reader.isPositional {
            let count = Int(try reader.readInt32(forKey: "length", encoding: .positive))
            try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "contents")
            let contents = try reader.readBytes(count: count, forKey: "contents")
            return TextAttachment(contents: contents, fileName: try reader.readString(forKey: "fileName"))
        }
        let keyed = reader.formatFamily == .keyedArchive
        try reader.refuseUnknownKeys(["contents", "fileName", PreservedKeys.readableKey], in: "TextAttachment")
        var attachment = TextAttachment(
            contents: try reader.optionalBytes(forKey: keyed ? "SKContents" : "contents") ?? [],
            fileName: try reader.optionalString(forKey: keyed ? "SKFileName" : "fileName"))
        if keyed {
            // An attachment Apple archived (a file wrapper) has none of these keys: all of them are kept.
            attachment.storesOwnKeys =
                reader.containsValue(forKey: "SKContents")
                || reader.containsValue(forKey: "SKFileName")
            attachment.archiveClass = reader.archiveClass
            attachment.preserved = try PreservedKeys.read(
                from: reader, except: Self.archiveKeys, owner: reader.archiveClass?.name ?? "NSTextAttachment")
        } else {
            attachment.storesOwnKeys =
                reader.containsValue(forKey: "contents") || reader.containsValue(forKey: "fileName")
            (attachment.preserved, attachment.archiveClass) = try PreservedKeys.readReadable(
                from: reader, owner: "TextAttachment")
        }
        return attachment.identified()
    }
}

extension TextAttachment: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}
