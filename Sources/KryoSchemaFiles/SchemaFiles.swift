import Foundation
import KryoCore

/// Schema files: YAML or JSON descriptions of Java classes, loaded into the core's ``/KryoCore/SchemaSet``.
///
/// A schema file lists classes with their registration ids and fields, the way Java declares them:
///
/// ```yaml
/// # yaml-language-server: $schema=kryo-schema.json
/// package: test
/// classes:
///   - class: SampleBean
///     id: 20
///     fields:
///       key: int
///       name: String
///   - class: java.util.ArrayList
///     id: 23
/// ```
///
/// ```swift
/// let schemas = try SchemaFiles.load(URL(fileURLWithPath: "Schemas/kryococoa.yaml"))
/// print(SchemaFiles.yaml(schemas))          // the canonical form of the same file
/// ```
///
/// Every problem — a syntax error, an unknown key, a class nobody declared, an id given twice —
/// is a ``SchemaFileError`` that names the file, line and column. Loading never traps: input is
/// bounded by ``maximumFileSize`` and nesting by the YAML parser's limit.
///
/// Schemas/README.md documents the format.
public enum SchemaFiles {
    /// The largest file the loader reads, in bytes (1 MiB).
    public static let maximumFileSize = 1 << 20

    /// Loads one schema file, `.yaml`, `.yml` or `.json` by its extension.
    ///
    /// Errors name the file by its `relativePath`.
    ///
    /// - Throws: ``SchemaFileError`` when the file cannot be read or is not a sound schema.
    public static func load(_ url: URL) throws(SchemaFileError) -> SchemaSet {
        try load([url])
    }

    /// Loads several schema files resolved together: a class in one file may refer to a class
    /// declared in another, and no class or id may be declared twice across them.
    ///
    /// The classes keep the order of the files, then the order within each file. Each setting
    /// (`dialect`, `references`, `registrationRequired`) comes from the files that set it; two
    /// files that set it to different values are an error. A setting no file sets keeps Kryo
    /// 2.20's default.
    ///
    /// - Throws: ``SchemaFileError`` for the first problem found.
    public static func load(_ urls: [URL]) throws(SchemaFileError) -> SchemaSet {
        var texts: [SchemaFileText] = []
        for url in urls { texts.append(try SchemaFileText(contentsOf: url)) }
        return try parse(texts)
    }

    /// Parses the texts of several schema files resolved together, as `load` resolves files: for
    /// schema text that comes from elsewhere (standard input, a bundle resource).
    ///
    /// - Throws: ``SchemaFileError`` for the first problem found.
    public static func parse(_ texts: [SchemaFileText]) throws(SchemaFileError) -> SchemaSet {
        var files: [SchemaFileSyntax.File] = []
        for text in texts {
            files.append(try SchemaFileSyntax.parse(text.text, fileName: text.fileName, format: text.format))
        }
        return try SchemaResolver(files: files).resolve()
    }

    /// Parses the text of one schema file.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - fileName: The name errors give; its extension chooses the syntax when `format` is
    ///     `nil`.
    ///   - format: The syntax, or `nil` to take it from `fileName`'s extension.
    /// - Throws: ``SchemaFileError`` for the first problem found.
    public static func parse(
        _ text: String, fileName: String, format: SchemaFileFormat? = nil
    ) throws(SchemaFileError) -> SchemaSet {
        let fileExtension = SchemaFileFormat.fileExtension(of: fileName)
        guard let format = format ?? SchemaFileFormat(fileExtension: fileExtension) else {
            throw SchemaFileError(
                file: fileName,
                message: "unknown file extension \"\(fileExtension)\" (expected .yaml, .yml or .json)")
        }
        let file = try SchemaFileSyntax.parse(text, fileName: fileName, format: format)
        return try SchemaResolver(files: [file]).resolve()
    }

    /// The canonical YAML file of a schema set: full class names, every setting, fields in
    /// declaration order (superclass fields flattened in). It loads back to an equal set.
    public static func yaml(_ set: SchemaSet) -> String {
        SchemaFileWriter(set: set).yaml()
    }

    /// The canonical JSON file of a schema set, with the same content as ``yaml(_:)``.
    public static func json(_ set: SchemaSet) -> String {
        SchemaFileWriter(set: set).json()
    }

}

/// The text of one schema file with the name its errors give and its syntax: what
/// ``SchemaFiles/parse(_:)`` reads.
///
/// ```swift
/// let piped = try SchemaFileText(data: FileHandle.standardInput.readDataToEndOfFile(), fileName: "<stdin>")
/// let set = try SchemaFiles.parse([piped, try SchemaFileText(contentsOf: baseURL)])
/// ```
public struct SchemaFileText: Sendable, Hashable {
    /// The file's contents.
    public var text: String
    /// The name errors give.
    public var fileName: String
    /// The syntax.
    public var format: SchemaFileFormat

    /// Creates a file's text.
    public init(_ text: String, fileName: String, format: SchemaFileFormat) {
        self.text = text
        self.fileName = fileName
        self.format = format
    }

    /// Reads a schema file, `.yaml`, `.yml` or `.json` by its extension; errors name it by its
    /// `relativePath`.
    ///
    /// - Throws: ``SchemaFileError`` when the file is missing, a directory, larger than
    ///   ``SchemaFiles/maximumFileSize``, not UTF-8, or has another extension.
    public init(contentsOf url: URL) throws(SchemaFileError) {
        let name = url.relativePath
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        guard !isDirectory.boolValue else {
            throw SchemaFileError(file: name, message: "is a directory, expected a file")
        }
        guard let format = SchemaFileFormat(fileExtension: url.pathExtension) else {
            throw SchemaFileError(
                file: name, message: "unknown file extension \"\(url.pathExtension)\" (expected .yaml, .yml or .json)")
        }
        guard exists else { throw SchemaFileError(file: name, message: "no such file") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: SchemaFiles.maximumFileSize + 1) ?? Data()
        } catch {
            throw SchemaFileError(file: name, message: "cannot read the file")
        }
        try self.init(data: data, fileName: name, format: format)
    }

    /// The text of schema-file bytes from anywhere (standard input, a download).
    ///
    /// - Parameters:
    ///   - data: The bytes, UTF-8.
    ///   - fileName: The name errors give (`<stdin>`).
    ///   - format: The syntax, or `nil` to tell it by the content (``SchemaFileFormat/init(content:)``).
    /// - Throws: ``SchemaFileError`` when `data` is larger than ``SchemaFiles/maximumFileSize`` or
    ///   not UTF-8.
    public init(data: Data, fileName: String, format: SchemaFileFormat? = nil) throws(SchemaFileError) {
        guard data.count <= SchemaFiles.maximumFileSize else {
            throw SchemaFileError(
                file: fileName, message: "the file is larger than \(SchemaFiles.maximumFileSize) bytes")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SchemaFileError(file: fileName, message: "the file is not UTF-8 text")
        }
        self.init(text, fileName: fileName, format: format ?? SchemaFileFormat(content: text))
    }
}

/// The syntax of a schema file.
public enum SchemaFileFormat: String, Sendable, Hashable, CaseIterable {
    /// YAML 1.2 (`.yaml`, `.yml`).
    case yaml
    /// JSON (`.json`): strict RFC 8259 JSON, checked before it is read with the same rules as YAML.
    case json

    /// The format a file extension stands for (`yaml`, `yml`, `json`, any case), or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        default: return nil
        }
    }

    /// The format of a schema file's text without a name to tell it: JSON when its first
    /// character other than white space (or a byte order mark) is `{`, else YAML.
    public init(content text: String) {
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        self = first == "{" ? .json : .yaml
    }

    /// The extension of the last path component of `name` (empty without one).
    static func fileExtension(of name: String) -> String {
        let lastComponent = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = lastComponent.lastIndex(of: "."), dot != lastComponent.startIndex else { return "" }
        return String(lastComponent[lastComponent.index(after: dot)...])
    }
}

/// A problem in a schema file, with where it is.
///
/// Its description is one line in the form compilers use:
/// `kryococoa.yaml:12:7: unknown field key "tga" (expected type, tag, deprecated, annexed, since, nullable, public, final, transient, erasure, name, elementsCanBeNull, keysCanBeNull, valuesCanBeNull, elementsFinal, keysFinal, valuesFinal)`.
public struct SchemaFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as the caller named it (a URL's `relativePath`, or the `fileName` given to
    /// ``SchemaFiles/parse(_:fileName:format:)``).
    public var file: String
    /// The 1-based line, or 0 when the problem concerns the whole file (it is missing, say).
    public var line: Int
    /// The 1-based column in Unicode scalars, or 0 with ``line``.
    public var column: Int
    /// What is wrong, in one line.
    public var message: String

    /// Creates an error; line breaks in `message` become spaces.
    public init(file: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = String(message.map { $0.isNewline ? " " : $0 })
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
