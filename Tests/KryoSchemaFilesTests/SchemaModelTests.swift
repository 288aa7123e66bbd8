import KryoCore
import Testing

@Suite struct JavaTypeParsingTests {
    @Test func shortNamesResolveToJavaClasses() throws {
        let type = try JavaType(parsing: "Map<Integer, List<SampleBean>>") { "test." + $0 }
        #expect(
            type
                == .object(
                    "java.util.Map",
                    arguments: [
                        .named("java.lang.Integer"),
                        .object("java.util.List", arguments: [.named("test.SampleBean")]),
                    ]))
        #expect(type.sourceName == "java.util.Map<java.lang.Integer, java.util.List<test.SampleBean>>")
        #expect(type.shortName == "Map<Integer, List<test.SampleBean>>")
    }

    @Test func arraysNameTheirJavaDescriptor() throws {
        #expect(try JavaType(parsing: "int[]").className == "[I")
        #expect(try JavaType(parsing: "String[][]").className == "[[Ljava.lang.String;")
        #expect(try JavaType(parsing: "long").isPrimitive)
    }

    @Test func badTypesNameTheColumn() {
        #expect(throws: JavaTypeSyntaxError(text: "List<String", column: 12, expected: "\",\" or \">\"")) {
            try JavaType(parsing: "List<String")
        }
        #expect(throws: JavaTypeSyntaxError(text: "int[", column: 5, expected: "\"]\"")) {
            try JavaType(parsing: "int[")
        }
        #expect(throws: JavaTypeSyntaxError(text: "", column: 1, expected: "a type name")) {
            try JavaType(parsing: "")
        }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "List<", count: 40) + "String" + String(repeating: ">", count: 40)
        #expect(throws: JavaTypeSyntaxError.self) { try JavaType(parsing: deep) }
    }
}

@Suite struct SchemaSetProblemTests {
    @Test func duplicateClassesIdsFieldsAndTagsAreReported() {
        let set = SchemaSet(classes: [
            JavaClassSchema(javaName: "a.A", id: 20, layout: .fields(.field, [])),
            JavaClassSchema(javaName: "a.A", id: 20, layout: .library),
            JavaClassSchema(
                javaName: "a.T",
                layout: .fields(
                    .tagged,
                    [
                        JavaFieldSchema(name: "x", type: .primitive(.int), tag: 1),
                        JavaFieldSchema(name: "x", type: .primitive(.int), tag: 1),
                    ])),
            JavaClassSchema(javaName: "a.E", layout: .enumeration([])),
        ])
        #expect(
            set.problems == [
                "class a.A is declared twice", "id 20 is given to both a.A and a.A",
                "field x of a.T is declared twice", "tag 1 is used twice in a.T", "enum a.E has no constants",
            ])
    }

    @Test func fieldsSortInJavaOrder() {
        let schema = JavaClassSchema(
            javaName: "a.B",
            layout: .fields(
                .field,
                ["name", "Zed", "age", "_x"].map { JavaFieldSchema(name: $0, type: .string) }))
        #expect(schema.fieldsInJavaOrder.map(\.name) == ["Zed", "_x", "age", "name"])
    }
}
