import CBlockFixtures
import SwiftKryo

/// The layouts of the C fixtures' structs, declared from Swift with key paths.
enum FixtureLayouts {
    /// Every layout, each with its scalars declared (so that the other byte order reads them).
    static func all() throws -> BlockLayouts {
        try BlockLayouts([listNode(), dlistNode(), treeNode(), branch(), leaf()])
    }

    /// The same layouts without scalar declarations.
    static func withoutScalars() throws -> BlockLayouts {
        try BlockLayouts(
            all().all.map {
                try BlockLayout(name: $0.name, size: $0.size, alignment: $0.alignment, pointers: $0.pointers)
            })
    }

    static func listNode() throws -> BlockLayout {
        try BlockLayout(ListNode.self) { node in
            try node.pointer(\.next)
            try node.scalar(\.value)
        }
    }

    static func dlistNode() throws -> BlockLayout {
        try BlockLayout(DListNode.self) { node in
            try node.pointer(\.prev)
            try node.pointer(\.next)
            try node.scalar(\.id)
            try node.scalar(\.flags)
        }
    }

    static func treeNode() throws -> BlockLayout {
        try BlockLayout(TreeNode.self) { node in
            try node.pointer(\.left)
            try node.pointer(\.right)
            try node.pointer(\.parent)
            try node.scalar(\.key)
            try node.scalar(\.depth)
            try node.scalar(\.color)
        }
    }

    static func branch() throws -> BlockLayout {
        try BlockLayout(Branch.self) { branch in
            try branch.pointer(\.next)
            try branch.pointers(\.children, count: 2, to: "Branch")
            try branch.pointer(\.leaf)
            try branch.pointer(\.spare)
            try branch.scalar(\.id)
        }
    }

    static func leaf() throws -> BlockLayout {
        try BlockLayout(Leaf.self) { leaf in
            try leaf.scalar(\.id)
            try leaf.scalar(\.weight)
        }
    }

    /// A registry with the block graph registrations of `layouts`.
    static func registry(_ layouts: BlockLayouts, byteOrder: BlockByteOrder = .native) throws -> Registry {
        try Registry { layouts.registrations(firstID: 60, byteOrder: byteOrder) }
    }
}

/// The formats every round trip runs in.
enum Formats {
    static let all: [SerializationFormat] = [
        .kryo(.v2), .keyedArchive(.binary), .keyedArchive(.xml), .readable(.json),
        .readable(.propertyList(.binary)),
    ]
}
