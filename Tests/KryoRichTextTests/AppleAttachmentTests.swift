import Foundation
import KryoRichText
import SwiftKryo
import Testing

/// An attachment Apple archived (here AppKit's `NSTokenAttachment`, as Interface Builder stores a
/// token field's tokens) is written back with its own class and keys, and without SwiftKryo's
/// `SKContents`/`SKFileName`: through a keyed archive and through a readable document.
@Suite struct AppleAttachmentTests {
    static let archive = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>$archiver</key><string>NSKeyedArchiver</string>
        <key>$version</key><integer>100000</integer>
        <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
        <key>$objects</key><array>
        <string>$null</string>
        <dict>
        <key>NSTokenAttachmentRepresentedObject</key><dict><key>CF$UID</key><integer>2</integer></dict>
        <key>$class</key><dict><key>CF$UID</key><integer>3</integer></dict>
        </dict>
        <string>Work</string>
        <dict><key>$classname</key><string>NSTokenAttachment</string>
        <key>$classes</key><array><string>NSTokenAttachment</string><string>NSTextAttachment</string>
        <string>NSObject</string></array></dict>
        </array></dict></plist>
        """.utf8)

    @Test func aTokenAttachmentKeepsItsClassAndKeys() throws {
        let registry = try Registry(RichText.registrations())
        let keyed = KeyedArchiveCodec(registry: registry)
        let attachment = try keyed.decode(TextAttachment.self, from: Self.archive)
        #expect(attachment.archiveClass?.name == "NSTokenAttachment")
        let readable = ReadableCodec(registry: registry)
        for written in [attachment, try readable.decode(TextAttachment.self, from: try readable.encode(attachment))] {
            let back = try #require(
                try KeyedArchiveCodec(registry: try Registry()).decode(Any?.self, from: try keyed.encode(written))
                    as? UnknownObject)
            #expect(back.archiveClass.chain == ["NSTokenAttachment", "NSTextAttachment", "NSObject"])
            #expect(Array(back.fields.keys) == ["NSTokenAttachmentRepresentedObject"])
            #expect(back.field("NSTokenAttachmentRepresentedObject") as? String == "Work")
        }
        // An attachment made in Swift is written in SwiftKryo's form.
        let made = try #require(
            try KeyedArchiveCodec(registry: try Registry()).decode(
                Any?.self, from: try keyed.encode(TextAttachment(contents: [1, 2], fileName: "a.bin")))
                as? UnknownObject)
        #expect(made.archiveClass.name == "NSTextAttachment")
        #expect(made.field("SKFileName") as? String == "a.bin")
    }
}
