import KryoCore
import KryoKeyed

/// A text shadow. The offset is stored as archives store it: AppKit's, with the vertical axis
/// pointing up (UIKit's `NSShadow` negates its height when it archives, and again when it reads).
public struct Shadow: Sendable, Hashable {
    /// Horizontal offset, in points (positive: to the right).
    public var horizontalOffset: Double
    /// Vertical offset, in points (positive: up, as AppKit and the archive have it).
    public var verticalOffset: Double
    /// The blur radius, in points.
    public var blurRadius: Double
    /// The shadow's color; `nil` for the platform's default (black at one third opacity).
    public var color: Color?

    /// Creates a shadow.
    public init(horizontalOffset: Double = 0, verticalOffset: Double = 0, blurRadius: Double = 0, color: Color? = nil) {
        self.horizontalOffset = horizontalOffset
        self.verticalOffset = verticalOffset
        self.blurRadius = blurRadius
        self.color = color
    }

    /// Creates a shadow from UIKit's offset, whose vertical axis points down.
    public init(uiKitOffset width: Double, _ height: Double, blurRadius: Double = 0, color: Color? = nil) {
        self.init(horizontalOffset: width, verticalOffset: -height, blurRadius: blurRadius, color: color)
    }

    /// The offset as UIKit's `NSShadow.shadowOffset` has it (vertical axis down).
    public var uiKitOffset: (width: Double, height: Double) { (horizontalOffset, -verticalOffset) }
}

/// Reads and writes ``Shadow``: `NSShadow` (`NSShadowHoriz`, `NSShadowVert`,
/// `NSShadowBlurRadius`, each omitted when 0, and `NSShadowColor`) in keyed archives.
public struct ShadowSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    private static let colorType = DeclaredType(Color.self, finality: .final)

    /// The keys of the offset, blur radius and color: Apple's in keyed archives, Swift names elsewhere.
    private static func keys(keyed: Bool) -> (String, String, String, String) {
        keyed
            ? ("NSShadowHoriz", "NSShadowVert", "NSShadowBlurRadius", "NSShadowColor")
            : ("horizontalOffset", "verticalOffset", "blurRadius", "color")
    }

    public func write(_ shadow: Shadow, to writer: any ValueWriter) throws {
        let keyed = writer.formatFamily == .keyedArchive
        let keys = Self.keys(keyed: keyed)
        if writer.isPositional {
            try writer.writeDouble(shadow.horizontalOffset, forKey: keys.0)
            try writer.writeDouble(shadow.verticalOffset, forKey: keys.1)
            try writer.writeDouble(shadow.blurRadius, forKey: keys.2)
            try writer.writeObject(shadow.color, as: Self.colorType, forKey: keys.3)
            return
        }
        if shadow.horizontalOffset != 0 { try writer.writeDouble(shadow.horizontalOffset, forKey: keys.0) }
        if shadow.verticalOffset != 0 { try writer.writeDouble(shadow.verticalOffset, forKey: keys.1) }
        if shadow.blurRadius != 0 { try writer.writeDouble(shadow.blurRadius, forKey: keys.2) }
        if let color = shadow.color { try writer.writeObject(color, forKey: keys.3) }
    }

    public func read(from reader: any ValueReader) throws -> Shadow {
        if reader.isPositional {
            return Shadow(
                horizontalOffset: try reader.readDouble(forKey: "horizontalOffset"),
                verticalOffset: try reader.readDouble(forKey: "verticalOffset"),
                blurRadius: try reader.readDouble(forKey: "blurRadius"),
                color: try reader.readObject(Color?.self, as: Self.colorType, forKey: "color"))
        }
        let keyed = reader.formatFamily == .keyedArchive
        let keys = Self.keys(keyed: keyed)
        if !keyed { try reader.refuseUnknownKeys([keys.0, keys.1, keys.2, keys.3], in: "Shadow") }
        var color: Color?
        if reader.containsValue(forKey: keys.3) {
            color = try reader.readObject(Color?.self, as: DeclaredType(Color.self), forKey: keys.3)
        }
        return Shadow(
            horizontalOffset: try reader.optionalDouble(forKey: keys.0) ?? 0,
            verticalOffset: try reader.optionalDouble(forKey: keys.1) ?? 0,
            blurRadius: try reader.optionalDouble(forKey: keys.2) ?? 0, color: color)
    }
}
