import KryoCore

/// The layouts of the blocks a graph may hold, by name: what a ``BlockGraphSerializer`` walks a
/// graph and checks an archive with.
///
/// ```swift
/// let layouts = try BlockLayouts([
///     BlockLayout(TreeNode.self) { node in
///         try node.pointer(\.left)
///         try node.pointer(\.right)
///         try node.pointer(\.parent)
///         try node.pointer(\.leaf)       // a block of another layout
///     },
///     BlockLayout(Leaf.self),
/// ])
/// ```
public struct BlockLayouts: Sendable {
    /// The layouts, in the order given.
    public let all: [BlockLayout]
    private let byName: [String: BlockLayout]

    /// Collects layouts.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` (`.invalidValue`) when two layouts share a name
    ///   or a pointer names a layout that is not in the list.
    public init(_ layouts: [BlockLayout]) throws {
        var byName: [String: BlockLayout] = [:]
        for layout in layouts {
            guard byName.updateValue(layout, forKey: layout.name) == nil else {
                throw SerializationError(
                    .invalidValue, expected: "each layout name once", found: "\(layout.name) twice")
            }
        }
        for layout in layouts {
            for pointer in layout.pointers where byName[pointer.target] == nil {
                throw SerializationError(
                    .invalidValue, expected: "a pointer to one of the layouts \(layouts.map(\.name))",
                    found: "a pointer to \(pointer.target) at offset \(pointer.offset) in layout \(layout.name)")
            }
        }
        all = layouts
        self.byName = byName
    }

    /// The layout named `name`.
    public subscript(name: String) -> BlockLayout? { byName[name] }

    /// The registry entries that archive graphs of these layouts: ``BlockGraph`` (with a
    /// ``BlockGraphSerializer``), and the blocks and layout records it holds. A registry holds one
    /// set of layouts; put every layout the program archives in it.
    ///
    /// ```swift
    /// let registry = try Registry {
    ///     Register(SampleBean.self, id: 20)
    ///     layouts.registrations(firstID: 40)     // ids 40, 41, 42
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - firstID: The binary format's id of ``BlockGraph``; blocks take the next id and layout
    ///     records the one after. `nil` registers the three by name only.
    ///   - byteOrder: The byte order archives are written in; the machine's own by default. Another
    ///     order needs every layout to declare its scalars.
    public func registrations(firstID: Int? = nil, byteOrder: BlockByteOrder = .native) -> [Register] {
        [
            Register(
                BlockGraph.self, id: firstID, javaName: BlockGraphNames.graph,
                serializer: BlockGraphSerializer(layouts: self, byteOrder: byteOrder), isFinal: true),
            Register(
                BlockBox.self, id: firstID.map { $0 + 1 }, javaName: BlockGraphNames.block,
                serializer: BlockBoxSerializer(),
                isFinal: true),
            Register(
                BlockLayout.self, id: firstID.map { $0 + 2 }, javaName: BlockGraphNames.layout,
                serializer: BlockLayoutSerializer(), isFinal: true),
        ]
    }
}

/// The class names block graphs are archived under (Java name, archive class and readable `$class`).
enum BlockGraphNames {
    static let graph = "swiftkryo.BlockGraph"
    static let block = "swiftkryo.Block"
    static let layout = "swiftkryo.BlockLayout"
}
