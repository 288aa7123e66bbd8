import KryoCore
import KryoReadable

/// AppKit's `NSColorSpace` object, as newer archives store it under a color's
/// `NSCustomColorSpace`: a numbered space (`NSID`, `NSSpaceID`), its model and, in some
/// archives, an ICC profile, kept as read.
public struct ColorSpaceDescription: Sendable, Equatable {
    /// `NSID`: 7 sRGB, 9 gray gamma 2.2, 2 generic gray…
    public var id: Int?
    /// `NSSpaceID`, for newer spaces: 12 Display P3, 14 extended sRGB…
    public var spaceID: Int?
    /// `NSModel`: 0 gray, 1 RGB, 2 CMYK.
    public var model: Int?
    /// Other keys (`NSICC`…), kept as read.
    public var preserved = PreservedKeys()
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<ColorSpaceDescription>?

    /// Creates a description.
    public init(id: Int? = nil, spaceID: Int? = nil, model: Int? = nil) {
        self.id = id
        self.spaceID = spaceID
        self.model = model
    }

    /// The description of `space`, or `nil` for the legacy calibrated and device spaces.
    init?(_ space: ColorSpace, gray: Bool) {
        switch space {
        case .calibrated, .device: return nil
        case .sRGB: self.init(id: 7, model: 1)
        case .extendedSRGB: self.init(spaceID: 14, model: 1)
        case .displayP3: self.init(spaceID: 12, model: 1)
        case .grayGamma22: self.init(id: 9, model: 0)
        }
        if gray { model = 0 }
    }

    /// The space it names, when the model knows it.
    var space: ColorSpace? {
        switch (id, spaceID) {
        case (7, _): return .sRGB
        case (9, _): return .grayGamma22
        case (_, 12): return .displayP3
        case (_, 14): return .extendedSRGB
        default: return nil
        }
    }

    public static func == (lhs: ColorSpaceDescription, rhs: ColorSpaceDescription) -> Bool {
        lhs.id == rhs.id && lhs.spaceID == rhs.spaceID && lhs.model == rhs.model
    }
}

/// Reads and writes ``ColorSpaceDescription`` (keyed archives: `NSColorSpace`).
struct ColorSpaceDescriptionSerializer: Serializer {
    static let archiveClass = ArchiveClass("NSColorSpace")
    private static let keys: Set<String> = ["NSID", "NSSpaceID", "NSModel"]

    func write(_ value: ColorSpaceDescription, to writer: any ValueWriter) throws {
        if writer.isPositional {
            try writer.writeInt32(Int32(clamping: value.id ?? -1), forKey: "NSID", encoding: .zigzag)
            try writer.writeInt32(Int32(clamping: value.spaceID ?? -1), forKey: "NSSpaceID", encoding: .zigzag)
            try writer.writeInt32(Int32(clamping: value.model ?? -1), forKey: "NSModel", encoding: .zigzag)
            return
        }
        if let id = value.id { try writer.writeInt64(Int64(id), forKey: "NSID", encoding: .zigzag) }
        if let spaceID = value.spaceID { try writer.writeInt64(Int64(spaceID), forKey: "NSSpaceID", encoding: .zigzag) }
        if let model = value.model { try writer.writeInt64(Int64(model), forKey: "NSModel", encoding: .zigzag) }
        try value.preserved.write(to: writer, except: Self.keys, owner: "NSColorSpace")
        try value.preserved.writeReadable(
            archiveClass: nil, translatedClass: Self.archiveClass, owner: "ColorSpace", to: writer)
    }

    func read(from reader: any ValueReader) throws -> ColorSpaceDescription {
        if reader.isPositional {
            func optional(_ key: String) throws -> Int? {
                let number = try reader.readInt32(forKey: key, encoding: .zigzag)
                return number < 0 ? nil : Int(number)
            }
            return ColorSpaceDescription(
                id: try optional("NSID"), spaceID: try optional("NSSpaceID"), model: try optional("NSModel"))
        }
        func optional(_ key: String) throws -> Int? {
            guard reader.containsValue(forKey: key) else { return nil }
            return Int(try reader.readInt64(forKey: key, encoding: .zigzag))
        }
        var description = ColorSpaceDescription(
            id: try optional("NSID"), spaceID: try optional("NSSpaceID"), model: try optional("NSModel"))
        if reader.formatFamily == .readable {
            description.preserved = try PreservedKeys.readReadable(from: reader, owner: "ColorSpace").keys
        } else {
            description.preserved = try PreservedKeys.read(from: reader, except: Self.keys, owner: "NSColorSpace")
        }
        return description.identified()
    }
}

extension ColorSpaceDescription: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}
