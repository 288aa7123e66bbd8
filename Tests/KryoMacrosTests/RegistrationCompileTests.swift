import Testing

/// What the compiler refuses in a registration, so that it does not compile and then throw when
/// the registry is built: a custom serializer for a type that declares no Java class needs
/// `javaName:`. Type-checked by the real compiler against the built SwiftKryo, as a user's code is.
@Suite struct RegistrationCompileTests {
    static let serializer = MacroCase(
        "PointSerializer",
        """
        struct Point { var x: Int32 }
        struct PointSerializer: Serializer {
            func write(_ value: Point, to writer: any ValueWriter) throws {
                try writer.writeInt32(value.x, forKey: "x")
            }
            func read(from reader: any ValueReader) throws -> Point { Point(x: try reader.readInt32(forKey: "x")) }
        }
        @JavaClass("geo.Place")
        struct Place { var name: String? }
        struct PlaceSerializer: Serializer {
            func write(_ value: Place, to writer: any ValueWriter) throws {
                try writer.writeString(value.name, forKey: "name")
            }
            func read(from reader: any ValueReader) throws -> Place { Place(name: try reader.readString(forKey: "name")) }
        }
        """)

    static let withoutJavaName = MacroCase(
        "WithoutJavaName",
        """
        func withoutJavaName() throws -> Registry {
            try Registry {
                Register(Point.self, id: 20, serializer: PointSerializer())
            }
        }
        """)

    static let withJavaName = MacroCase(
        "WithJavaName",
        """
        func withJavaName() throws -> Registry {
            try Registry {
                Register(Point.self, id: 20, javaName: "geo.Point", serializer: PointSerializer())
            }
        }
        """)

    static let declaredJavaName = MacroCase(
        "DeclaredJavaName",
        """
        func declaredJavaName() throws -> Registry {
            try Registry {
                Register(Place.self, id: 21, serializer: PlaceSerializer())
            }
        }
        """)

    @Test func aCustomSerializerNeedsTheJavaNameTheTypeDoesNotDeclare() throws {
        let compilation = try MacroCompiler.compile([
            Self.serializer, Self.withoutJavaName, Self.withJavaName, Self.declaredJavaName,
        ])
        let refused = compilation.diagnostics(in: Self.withoutJavaName).filter { $0.severity == .error }
        #expect(!refused.isEmpty, "\(compilation.output)")
        #expect(refused.allSatisfy { $0.location.line == 3 }, "\(refused.map(\.message))")
        #expect(refused.contains { $0.message.contains("conform to 'JavaRepresentable'") }, "\(refused.map(\.message))")
        for accepted in [Self.serializer, Self.withJavaName, Self.declaredJavaName] {
            #expect(compilation.diagnostics(in: accepted).isEmpty, "\(accepted.name): \(compilation.output)")
        }
    }
}
