import KryoCore

/// Text with attributes over runs of it, as both platforms archive it: a string and a list of
/// runs that cover it from start to end, their lengths counted in UTF-16 code units.
public struct AttributedText: Sendable, Hashable {
    /// The characters.
    public var string: String
    /// The runs, in order; their lengths add up to the string's UTF-16 length.
    public private(set) var runs: [TextRun]
    /// Keys of the archive this text was read from that the model does not translate
    /// (`NSDelegate` of a text storage…).
    public var preserved = PreservedKeys()
    /// The class the text was archived as (`NSAttributedString`, `NSMutableAttributedString`,
    /// `NSTextStorage`), written back by keyed archives; `nil` writes `NSAttributedString`.
    public var archiveClass: ArchiveClass?
    /// Whether the archive stored the characters as an `NSMutableString` object.
    public var storesMutableString = false
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<AttributedText>?

    /// Text whose characters all have `attributes`.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.string = string
        let length = string.utf16.count
        runs = length == 0 ? [] : [TextRun(length: length, attributes: attributes)]
    }

    /// Text made of `runs`.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when a run is empty or the lengths do not add up
    ///   to the string's UTF-16 length.
    public init(_ string: String, runs: [TextRun]) throws {
        self.string = string
        self.runs = []
        try setRuns(runs)
    }

    /// Replaces the runs.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when a run is empty or the lengths do not add up
    ///   to the string's UTF-16 length.
    public mutating func setRuns(_ runs: [TextRun]) throws {
        var total = 0
        for (index, run) in runs.enumerated() {
            guard run.length > 0 else {
                throw SerializationError(
                    .invalidValue, expected: "runs of positive length", found: "run \(index) of length \(run.length)")
            }
            total += run.length
        }
        guard total == string.utf16.count else {
            throw SerializationError(
                .invalidValue, expected: "runs covering the \(string.utf16.count) UTF-16 code units of the text",
                found: "runs covering \(total)")
        }
        self.runs = Self.merged(runs)
    }

    /// The UTF-16 range of each run.
    public var ranges: [Range<Int>] {
        var start = 0
        return runs.map { run in
            defer { start += run.length }
            return start..<start + run.length
        }
    }

    /// The attributes at UTF-16 offset `offset`, or `nil` past the end.
    public func attributes(at offset: Int) -> TextAttributes? {
        var start = 0
        for run in runs {
            if offset < start + run.length { return offset >= start ? run.attributes : nil }
            start += run.length
        }
        return nil
    }

    /// Adjacent runs with equal attributes, joined; runs whose fonts or colors differ only in
    /// keys kept from an archive (a font with `NSFontUsesAppearanceFontSize` beside one without)
    /// stay apart, so that a lossless call writes each with its own.
    static func merged(_ runs: [TextRun]) -> [TextRun] {
        var result: [TextRun] = []
        for run in runs {
            if let last = result.last, last.attributes.isArchived(like: run.attributes) {
                result[result.count - 1].length += run.length
            } else {
                result.append(run)
            }
        }
        return result
    }

    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.string == rhs.string && lhs.runs == rhs.runs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(runs)
    }
}

/// A run of attributed text: a length in UTF-16 code units and the attributes over it.
public struct TextRun: Sendable, Hashable {
    /// The number of UTF-16 code units the run covers.
    public var length: Int
    /// The attributes of those characters.
    public var attributes: TextAttributes

    /// Creates a run.
    public init(length: Int, attributes: TextAttributes) {
        self.length = length
        self.attributes = attributes
    }
}

extension AttributedText: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}
