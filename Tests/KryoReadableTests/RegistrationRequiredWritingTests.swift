import Foundation
import SwiftKryo
import Testing

/// A writer that requires registration asks the registry about every object it writes (a table
/// of the registrations found by their archive class name): registered types pass, however
/// many the registry holds, and a type the registry only resolved is refused.
@Suite struct RegistrationRequiredWritingTests {
    private let required = SerializationOptions(registrationRequired: true)

    @Test(arguments: [ReadableFormat.json, .propertyList(.xml)])
    func registeredTypesAreWritten(format: ReadableFormat) throws {
        let codec = ReadableCodec(registry: try readableRegistry(), format: format, options: required)
        let bytes = try codec.encode(sampleList())
        let list = try codec.decode(TodoList.self, from: bytes)
        #expect(list.items.count == 2)
        #expect(list.owner?.name == "Ann")
    }

    @Test(arguments: [ReadableFormat.json, .propertyList(.xml)])
    func aTypeResolvedButNotRegisteredIsRefused(format: ReadableFormat) throws {
        let registry = try Registry {
            Register(TodoList.self, id: 50, readableName: "TodoList")
            Register(TodoItem.self, id: 51, readableName: "TodoItem")
            Register(Priority.self, id: 56)
        }
        let codec = ReadableCodec(registry: registry, format: format, options: required)
        let error = #expect(throws: SerializationError.self) { try codec.encode(sampleList()) }
        #expect(error?.kind == .unregisteredType)
        #expect(error?.expected == "a registration for Person (registration is required)")
        #expect(error?.path.isEmpty == false)
        // Without the requirement, the same registry writes it.
        let lenient = ReadableCodec(registry: registry, format: format)
        #expect(try lenient.encode(sampleList()).isEmpty == false)
    }
}
