import KryoCore
import Synchronization

/// Which platform's classes and keys a keyed archive of rich text is written with.
public enum ArchiveFlavor: Sendable, Hashable {
    /// AppKit's: `NSFont` (`NSName`, `NSSize`, `NSfFlags`) and `NSColor` (`NSColorSpace` with
    /// `NSRGB`, `NSWhite`, `NSCMYK` or a catalog name, a trailing NUL after the components).
    case appKit
    /// UIKit's: `UIFont` and `UIColor` keys, plus the `NS…` keys and the `$classhints` Apple
    /// writes so that a Mac reads them too.
    case uiKit

    /// The flavour of a class read from an archive: UIKit's for `UIColor`, `UIFont` and the
    /// classes that derive from them, else AppKit's.
    init(of archiveClass: ArchiveClass) {
        self = archiveClass.chain.contains { $0.hasPrefix("UI") } ? .uiKit : .appKit
    }
}

/// What happens to what cannot be translated: attributes the model has no property for, and keys
/// of fonts, colors and paragraph styles that it does not model.
public enum TranslationFidelity: Sendable, Hashable {
    /// Keep them as they were read (opaque values) and write them back unchanged.
    case lossless
    /// Drop them, and record each one in the report of the call (``RichTextOptions/report``).
    case lossy
}

/// The per-call options of the rich-text serializers, in ``KryoCore/SerializationOptions/richText``.
///
/// ```swift
/// var options = SerializationOptions()
/// options.richText = RichTextOptions(flavor: .uiKit, fidelity: .lossy, report: report)
/// let archive = try registry.encode(text, as: .keyedArchive(.binary), options: options)
/// print(report.dropped)
/// ```
public struct RichTextOptions: Sendable, Hashable {
    /// The platform form keyed archives are written in. Reading accepts either.
    ///
    /// `nil` (the default) writes each value as it was read: a `UIColor` stays a `UIColor` and
    /// an `NSTextStorage` an `NSTextStorage`; values made in Swift or read from other formats
    /// without an archive form get AppKit's. A flavour given here applies to every value.
    public var flavor: ArchiveFlavor?
    /// Whether untranslatable attributes and keys are kept or dropped.
    public var fidelity: TranslationFidelity
    /// Where dropped attributes and keys are recorded (``TranslationFidelity/lossy``).
    public var report: TranslationReport?

    /// Creates options: by default each value in the flavour it was read in (AppKit's for new
    /// values), lossless.
    public init(
        flavor: ArchiveFlavor? = nil, fidelity: TranslationFidelity = .lossless, report: TranslationReport? = nil
    ) {
        self.flavor = flavor
        self.fidelity = fidelity
        self.report = report
    }

    /// Whether untranslatable values are kept.
    var isLossless: Bool { fidelity == .lossless }

    /// The flavour and class to write a value as that was read as `read` (`nil`: not read from
    /// a keyed archive): the class it was read as while the flavour is the one it was read in,
    /// else the flavour's own class.
    func archiveForm(read: ArchiveClass?, appKit: ArchiveClass, uiKit: ArchiveClass) -> (
        flavor: ArchiveFlavor, archiveClass: ArchiveClass
    ) {
        let chosen = flavor ?? read.map(ArchiveFlavor.init(of:)) ?? .appKit
        if let read, ArchiveFlavor(of: read) == chosen { return (chosen, read) }
        return (chosen, chosen == .appKit ? appKit : uiKit)
    }

    /// Records a dropped value when a report was given.
    func drop(_ name: String, in owner: String, range: Range<Int>? = nil) {
        report?.record(DroppedValue(owner: owner, name: name, range: range))
    }
}

/// The key of ``RichTextOptions`` in ``/KryoCore/SerializationSettings``.
public enum RichTextSetting: SerializationSetting {
    public static let defaultValue = RichTextOptions()
}

extension SerializationOptions {
    /// The options of the rich-text serializers for this call.
    public var richText: RichTextOptions {
        get { settings[RichTextSetting.self] }
        set { settings[RichTextSetting.self] = newValue }
    }
}

/// Something a lossy call dropped.
public struct DroppedValue: Sendable, Hashable, CustomStringConvertible {
    /// What held it: `"attributes"` for an attribute of attributed text, else the class whose key
    /// it was (`"UIFont"`, `"NSColor"`…).
    public var owner: String
    /// The attribute name or the key.
    public var name: String
    /// For an attribute, the UTF-16 range of the text it covered.
    public var range: Range<Int>?

    /// Creates a record.
    public init(owner: String, name: String, range: Range<Int>? = nil) {
        self.owner = owner
        self.name = name
        self.range = range
    }

    public var description: String {
        guard let range else { return "\(owner).\(name)" }
        return "\(owner).\(name) over \(range.lowerBound)..<\(range.upperBound)"
    }
}

/// The values lossy calls dropped, in the order they were dropped. Safe to share between
/// threads; compare reports by identity.
public final class TranslationReport: Sendable, Hashable {
    private let values = Mutex<[DroppedValue]>([])

    /// Creates an empty report.
    public init() {}

    /// What was dropped so far.
    public var dropped: [DroppedValue] { values.withLock { $0 } }

    /// Forgets what was recorded.
    public func removeAll() { values.withLock { $0.removeAll() } }

    func record(_ value: DroppedValue) { values.withLock { $0.append(value) } }

    public static func == (lhs: TranslationReport, rhs: TranslationReport) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
