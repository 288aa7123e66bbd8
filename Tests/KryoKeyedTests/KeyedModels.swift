import Foundation
import SwiftKryo

/// A bean with every kind of field a keyed archive stores: scalars in the object's dictionary,
/// strings and Foundation values by reference, nested beans, lists, maps and a back-pointer.
final class Note: Schematized {
    var title = ""
    var pages: Int32 = 0
    var rating = 0.0
    var pinned = false
    var created = Date(timeIntervalSinceReferenceDate: 0)
    var link: URL?
    var id = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    var tags: [String] = []
    var counts: [String: Int32] = [:]
    var attachment = Data()
    var parent: Note?
    var children: [Note] = []
    var comment: String?

    init() {}

    static let schema = Schema<Note>(java: "test.Note") {
        Field("title", \.title)
        Field("pages", \.pages)
        Field("rating", \.rating)
        Field("pinned", \.pinned)
        Field("created", \.created)
        Field("link", \.link)
        Field("id", \.id)
        Field("tags", \.tags)
        Field("counts", \.counts)
        Field("attachment", \.attachment)
        Field("parent", \.parent)
        Field("children", \.children)
        Field("comment", \.comment)
    }
}

/// A registry with the keyed models.
func keyedRegistry() throws -> Registry {
    try Registry {
        Register(Note.self, id: 40, archiveClass: ArchiveClass("KryoTests.Note"))
    }
}

/// A small tree of notes whose children point back at their parent.
func sampleNotes() -> Note {
    let root = Note()
    root.title = "Groceries"
    root.pages = 3
    root.rating = 4.5
    root.pinned = true
    root.created = Date(timeIntervalSinceReferenceDate: 700_000_000.25)
    root.link = URL(string: "https://example.org/list?q=1")
    root.tags = ["food", "weekly", "$dollar"]
    root.counts = ["eggs": 12, "milk": 2]
    root.attachment = Data([0, 1, 2, 255])
    for name in ["Bakery", "Dairy"] {
        let child = Note()
        child.title = name
        child.parent = root
        child.comment = "under \(root.title)"
        root.children.append(child)
    }
    return root
}
