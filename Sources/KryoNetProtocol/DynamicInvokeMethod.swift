import KryoBinary
import KryoCore

/// ``KryoNetRMI/InvokeMethod`` on the dynamic path: calls of the interfaces a schema declares
/// (`methods:` in schema files, ``/KryoCore/JavaClassSchema/Layout/interface(_:)``), read and
/// written as ``/KryoCore/DynamicObject``s of the class `ObjectSpace$InvokeMethod` with these
/// fields:
///
/// - `objectID` (`Int32`): the called object's id;
/// - `interface` (`String`): the Java name of the interface that declares the method;
/// - `method` (`String`): its signature, `add(int, int)` (``/KryoCore/JavaMethodSchema/description``);
/// - `arguments` (`[Any?]`): one per parameter;
/// - `responseData` (`Int8`): the response wanted (``KryoNetRMI/InvokeMethod/responseData``).
///
/// In Kryo streams it has `ObjectSpace`'s bytes (``InvokeMethodSerializer``'s); in the other
/// formats those fields, so that a capture converts to a readable document and back.
enum DynamicInvokeMethod {
    /// The registration of `ObjectSpace$InvokeMethod` for the dynamic path, with the id `id`.
    static func registration(id: Int?) -> Registration {
        Registration(
            swiftType: DynamicObject.self, id: id, javaName: KryoNetRMI.InvokeMethod.javaClassName,
            serializer: AnySerializer(
                SerializerByFormat(FieldsForm(), forms: [.kryoBinary: WireForm()])),
            isFinal: true, tracksReferences: true)
    }

    /// The call's fields, checked.
    struct Call {
        var objectID: Int32
        var interface: String
        var method: String
        var arguments: [Any?]
        var responseData: Int8

        init(_ object: DynamicObject) throws {
            func field<T>(_ name: String, _ type: T.Type, _ what: String) throws -> T {
                guard let value = object[name], let typed = ValueConversion.exactly(value, as: T.self) ?? value as? T
                else {
                    throw SerializationError(
                        .invalidValue, expected: "\(what) in the field \(name) of an InvokeMethod",
                        found: object[name].map { ValueConversion.describeType(of: $0) } ?? "nothing")
                }
                return typed
            }
            objectID = try field("objectID", Int32.self, "an int")
            interface = try field("interface", String.self, "an interface name")
            method = try field("method", String.self, "a method signature")
            arguments = try field("arguments", [Any?].self, "a list of arguments")
            responseData = try field("responseData", Int8.self, "a byte")
        }

    }

    /// The readable form: the call's fields by name.
    struct FieldsForm: Serializer {
        private static let arguments = DeclaredType.of([Any?].self)

        func write(_ value: DynamicObject, to writer: any ValueWriter) throws {
            let call = try Call(value)
            try writer.writeInt32(call.objectID, forKey: "objectID", encoding: .positive)
            try writer.writeString(call.interface, forKey: "interface")
            try writer.writeString(call.method, forKey: "method")
            try writer.writeObject(call.arguments, as: Self.arguments, forKey: "arguments")
            try writer.writeInt8(call.responseData, forKey: "responseData")
        }

        func read(from reader: any ValueReader) throws -> DynamicObject {
            let objectID = try reader.readInt32(forKey: "objectID", encoding: .positive)
            guard let interface = try reader.readString(forKey: "interface") else {
                throw reader.error(.invalidValue, expected: "the name of an interface", found: "null")
            }
            guard let method = try reader.readString(forKey: "method") else {
                throw reader.error(.invalidValue, expected: "a method signature", found: "null")
            }
            let arguments = try reader.readObject(as: Self.arguments, forKey: "arguments")
            guard let list = arguments as? [Any?] else {
                throw reader.error(
                    .typeMismatch, expected: "a list of arguments",
                    found: arguments.map { ValueConversion.describeType(of: $0) } ?? "null")
            }
            let responseData = try reader.readInt8(forKey: "responseData")
            let object = DynamicObject(javaClass: KryoNetRMI.InvokeMethod.javaClassName)
            object.fields = [
                "objectID": objectID, "interface": interface, "method": method,
                "arguments": try Self.typed(list, interface: interface, method: method, reader),
                "responseData": responseData,
            ]
            return object
        }

        /// The arguments as the method's parameters declare them, where a document cannot tell
        /// (a JSON number is an `int` argument of an `int` parameter); unchanged when the registry
        /// does not know the method (a conversion between documents).
        private static func typed(_ arguments: [Any?], interface: String, method: String, _ reader: any ValueReader)
            throws -> [Any?]
        {
            guard let described = reader.registry.registration(forJavaName: interface)?.javaInterface,
                let index = try? described.index(of: method),
                described.methods[index].parameters.count == arguments.count
            else { return arguments }
            let found = described.methods[index]
            return try zip(found.parameters, arguments).enumerated().map { index, pair in
                let (declared, argument) = pair
                guard let argument = ValueConversion.flatten(argument), reader.registry.isFinal(declared),
                    type(of: argument) != declared.swiftType
                else { return argument }
                // A `char` as the character a person writes (`"é"`), one UTF-16 unit.
                if declared.swiftType == UInt16.self, let text = argument as? String, text.utf16.count == 1,
                    let unit = text.utf16.first
                {
                    return unit
                }
                func convert<T>(_: T.Type) -> Any? {
                    guard let javaClass = declared.javaName else {
                        return ValueConversion.convert(argument, to: T.self)
                    }
                    return ValueConversion.convert(argument, to: T.self, javaClass: javaClass)
                }
                guard let converted = convert(declared.swiftType) else {
                    throw reader.error(
                        .typeMismatch,
                        expected:
                            "\(declared.javaName ?? "\(declared.swiftType)") for argument \(index + 1) of \(method)",
                        found: ValueConversion.describeType(of: argument))
                }
                return converted
            }
        }
    }

    /// `ObjectSpace`'s bytes: the ids, the method's index among the interface's, each argument as
    /// its parameter's type says, the response byte.
    struct WireForm: Serializer {
        func write(_ value: DynamicObject, to writer: any ValueWriter) throws {
            let call = try Call(value)
            guard let registration = writer.registry.registration(forJavaName: call.interface),
                let interface = registration.javaInterface
            else {
                throw SerializationError(
                    .unregisteredType, expected: "an interface the schema declares with its methods",
                    found: call.interface)
            }
            guard let id = registration.id, let classID = Int32(exactly: id) else {
                throw SerializationError(
                    .unregisteredType, expected: "\(call.interface) registered with an id", found: "no id")
            }
            let index = try interface.index(of: call.method)
            guard index <= Int8.max else {
                throw SerializationError(
                    .unsupported, expected: "a method index that fits in a byte", found: "\(index) (\(call.method))")
            }
            let method = interface.methods[index]
            guard call.arguments.count == method.parameters.count else {
                throw SerializationError(
                    .invalidValue, expected: "\(method.parameters.count) arguments for \(call.method)",
                    found: "\(call.arguments.count)")
            }
            try InvokeMethodWire.writeCallee(objectID: call.objectID, classID: classID, index: index, to: writer)
            for (declared, argument) in zip(method.parameters, call.arguments) {
                try writer.writeObject(argument, as: declared, forKey: "argument")
            }
            try writer.writeInt8(call.responseData, forKey: "responseData")
        }

        func read(from reader: any ValueReader) throws -> DynamicObject {
            let (objectID, registration) = try InvokeMethodWire.readCallee(from: reader)
            guard let interface = registration.javaInterface else {
                throw reader.error(
                    .typeMismatch, expected: "the class id of an interface the schema declares with its methods",
                    found: "\(registration.id ?? -1), \(registration.javaName)")
            }
            let index = try InvokeMethodWire.readIndex(
                from: reader, below: interface.methods.count, of: interface.javaName)
            let method = interface.methods[index]
            var arguments: [Any?] = []
            arguments.reserveCapacity(method.parameters.count)
            for declared in method.parameters {
                arguments.append(try reader.readObject(as: declared, forKey: "argument"))
            }
            let responseData = try reader.readInt8(forKey: "responseData")
            let object = DynamicObject(javaClass: KryoNetRMI.InvokeMethod.javaClassName)
            object.fields = [
                "objectID": objectID, "interface": interface.javaName, "method": method.schema.signature,
                "arguments": arguments, "responseData": responseData,
            ]
            return object
        }
    }
}

extension JavaInterfaceDescription {
    /// The index of the method `text` names (``/KryoCore/JavaMethodSchema/isNamed(by:)``).
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when no method, or more than one, has that name
    ///   and those parameter types.
    func index(of text: String) throws -> Int {
        let found = methods.indices.filter { methods[$0].schema.isNamed(by: text) }
        guard found.count == 1, let index = found.first else {
            let listed = (found.isEmpty ? Array(methods.indices) : found).map { methods[$0].schema.signature }
            throw SerializationError(
                .invalidValue,
                expected: found.isEmpty
                    ? "a method of \(javaName)" : "one method of \(javaName) (give the parameter types' packages)",
                found: "\(text); \(found.isEmpty ? "its methods are" : "it names") " + listed.joined(separator: ", "))
        }
        return index
    }
}
