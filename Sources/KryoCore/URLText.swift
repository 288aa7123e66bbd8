import FoundationEssentials

/// A URL from its text as an archive or a document stores it (`NSURL`'s `NS.relative`, a `URL`
/// field), refusing text a URL cannot hold (a space, a non-ASCII letter) rather than
/// percent-encoding it: that would change the text without a word, and Java's `new URL(…)` and
/// Apple's `URLWithString:` refuse it too.
package enum URLText {
    /// The URL `text` names, relative to `base` when given; `nil` when it is no URL's text.
    package static func url(_ text: String, relativeTo base: URL? = nil) -> URL? {
        guard URL(string: text, encodingInvalidCharacters: false) != nil else { return nil }
        return URL(string: text, relativeTo: base)
    }

    /// What an error expects where `url(_:relativeTo:)` found none.
    package static let expected = "a URL (characters it cannot hold, such as a space, percent-encoded: %20)"
}
