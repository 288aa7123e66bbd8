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
    public var flavor: ArchiveFlavor
    /// Whether untranslatable attributes and keys are kept or dropped.
    public var fidelity: TranslationFidelity
    /// Where dropped attributes and keys are recorded (``TranslationFidelity/lossy``).
    public var report: TranslationReport?

    /// Creates options: by default AppKit's flavour, lossless.
    public init(
        flavor: ArchiveFlavor = .appKit, fidelity: TranslationFidelity = .lossless, report: TranslationReport? = nil
    ) {
        self.flavor = flavor
        self.fidelity = fidelity
        self.report = report
    }

    /// Whether untranslatable values are kept.
    var isLossless: Bool { fidelity == .lossless }

    /// Records a dropped value when a report was given.
    func drop(_ name: String, in owner: String, range: Range<Int>? = nil) {
        report?.record(DroppedValue(owner: owner, name: name, range: range))
    }
}

/// The key of ``RichTextOptions`` in ``KryoCore/SerializationSettings``.
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
