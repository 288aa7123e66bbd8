/// The diagnostics a Swift compiler writes with `-serialize-diagnostics` (clang's `.dia` format, an
/// LLVM bitstream): each diagnostic with its location and its notes, each note with its fix-its as
/// byte ranges of the source and their replacement texts. The textual output of the compiler
/// prints fix-its for a person; this is the form that says exactly what each one edits.
struct SerializedDiagnostics {
    struct Location: Equatable, Sendable {
        var file: String
        var line: Int
        var column: Int
        /// The 0-based byte offset in the file.
        var offset: Int
    }

    struct FixIt: Equatable, Sendable {
        var start: Location
        var end: Location
        var text: String
    }

    enum Severity: Int, Sendable {
        case ignored = 0
        case note = 1
        case warning = 2
        case error = 3
        case fatal = 4
        case remark = 10
    }

    struct Diagnostic: Sendable {
        var severity: Severity
        var location: Location
        var message: String
        var fixIts: [FixIt] = []
        var notes: [Diagnostic] = []
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The top-level diagnostics of `bytes`, in the order the compiler reported them.
    static func parse(_ bytes: [UInt8]) throws -> [Diagnostic] {
        guard bytes.count >= 4, bytes[0..<4].elementsEqual("DIAG".utf8) else {
            throw Malformed(description: "not a serialized diagnostics file")
        }
        var reader = Bitstream(bytes: bytes, position: 32)
        var parser = Parser()
        return try parser.readBlock(&reader, blockID: nil, abbreviationWidth: 2)
    }

    // MARK: - The records of the format (clang's SerializedDiagnostics.h)

    private enum Block {
        static let blockInfo: UInt64 = 0
        static let diagnostic: UInt64 = 9
    }

    private enum Record {
        static let diagnostic: UInt64 = 2
        static let fileName: UInt64 = 6
        static let fixIt: UInt64 = 7
    }

    /// One record: its code, its fields and its blob, if it has one.
    private struct Fields {
        var code: UInt64
        var values: [UInt64]
        var blob: [UInt8]?
    }

    private indirect enum Operand {
        case literal(UInt64)
        case fixed(Int)
        case vbr(Int)
        case array(Operand)
        case char6
        case blob
    }

    private struct Parser {
        var fileNames: [UInt64: String] = [:]
        /// The abbreviations BLOCKINFO declares for each block ID.
        var blockInfoAbbreviations: [UInt64: [[Operand]]] = [:]

        /// Reads the records and sub-blocks of a block up to its end (or the end of the stream at
        /// the top level), and returns the diagnostics it holds: a diagnostic block's own, with the
        /// diagnostic blocks nested in it as its notes; any other block's nested ones.
        mutating func readBlock(_ reader: inout Bitstream, blockID: UInt64?, abbreviationWidth: Int) throws
            -> [Diagnostic]
        {
            var abbreviations = blockID.flatMap { blockInfoAbbreviations[$0] } ?? []
            var currentInfoBlock: UInt64?
            var current: Diagnostic?
            var nested: [Diagnostic] = []
            while !reader.atEnd {
                let id = try reader.fixed(abbreviationWidth)
                switch id {
                case 0:  // END_BLOCK
                    reader.alignTo32()
                    guard blockID == Block.diagnostic else { return nested }
                    guard var diagnostic = current else { return [] }
                    diagnostic.notes = nested
                    return [diagnostic]
                case 1:  // ENTER_SUBBLOCK
                    let child = try reader.vbr(8)
                    let width = Int(try reader.vbr(4))
                    reader.alignTo32()
                    _ = try reader.fixed(32)
                    nested += try readBlock(&reader, blockID: child, abbreviationWidth: width)
                case 2:  // DEFINE_ABBREV
                    let abbreviation = try Self.readAbbreviation(&reader)
                    if blockID == Block.blockInfo {
                        guard let target = currentInfoBlock else {
                            throw Malformed(description: "an abbreviation in BLOCKINFO before SETBID")
                        }
                        blockInfoAbbreviations[target, default: []].append(abbreviation)
                    } else {
                        abbreviations.append(abbreviation)
                    }
                case 3:  // UNABBREV_RECORD
                    let code = try reader.vbr(6)
                    let count = try reader.vbr(6)
                    var values: [UInt64] = []
                    for _ in 0..<count { values.append(try reader.vbr(6)) }
                    try handle(Fields(code: code, values: values, blob: nil), blockID, &currentInfoBlock, &current)
                default:
                    let index = Int(id) - 4
                    guard abbreviations.indices.contains(index) else {
                        throw Malformed(description: "abbreviation \(id) is not defined")
                    }
                    let fields = try Self.readRecord(&reader, abbreviations[index])
                    try handle(fields, blockID, &currentInfoBlock, &current)
                }
            }
            if blockID != nil { throw Malformed(description: "the stream ends inside a block") }
            return nested
        }

        mutating func handle(
            _ fields: Fields, _ blockID: UInt64?, _ currentInfoBlock: inout UInt64?, _ current: inout Diagnostic?
        ) throws {
            if blockID == Block.blockInfo {
                if fields.code == 1, let target = fields.values.first { currentInfoBlock = target }  // SETBID
                return
            }
            guard blockID == Block.diagnostic else { return }
            let text = fields.blob.map { String(decoding: $0, as: UTF8.self) } ?? ""
            switch fields.code {
            case Record.fileName:
                guard let id = fields.values.first else { throw Malformed(description: "a file name without an ID") }
                fileNames[id] = text
            case Record.diagnostic:
                guard fields.values.count >= 5, let severity = Severity(rawValue: Int(fields.values[0])) else {
                    throw Malformed(description: "a diagnostic record of \(fields.values.count) fields")
                }
                current = Diagnostic(
                    severity: severity, location: location(fields.values[1...4]), message: text)
            case Record.fixIt:
                guard fields.values.count >= 8 else {
                    throw Malformed(description: "a fix-it record of \(fields.values.count) fields")
                }
                current?.fixIts.append(
                    FixIt(start: location(fields.values[0...3]), end: location(fields.values[4...7]), text: text))
            default:
                break
            }
        }

        func location(_ values: ArraySlice<UInt64>) -> Location {
            let values = Array(values)
            return Location(
                file: fileNames[values[0]] ?? "", line: Int(values[1]), column: Int(values[2]), offset: Int(values[3]))
        }

        static func readAbbreviation(_ reader: inout Bitstream) throws -> [Operand] {
            let count = Int(try reader.vbr(5))
            var operands: [Operand] = []
            var index = 0
            while index < count {
                operands.append(try readOperand(&reader, &index, count))
            }
            return operands
        }

        static func readOperand(_ reader: inout Bitstream, _ index: inout Int, _ count: Int) throws -> Operand {
            index += 1
            if try reader.fixed(1) == 1 { return .literal(try reader.vbr(8)) }
            switch try reader.fixed(3) {
            case 1: return .fixed(Int(try reader.vbr(5)))
            case 2: return .vbr(Int(try reader.vbr(5)))
            case 3:
                guard index < count else { throw Malformed(description: "an array without its element") }
                return .array(try readOperand(&reader, &index, count))
            case 4: return .char6
            case 5: return .blob
            case let encoding: throw Malformed(description: "operand encoding \(encoding)")
            }
        }

        static func readScalar(_ reader: inout Bitstream, _ operand: Operand) throws -> UInt64 {
            switch operand {
            case .literal(let value): return value
            case .fixed(let width): return try reader.fixed(width)
            case .vbr(let width): return try reader.vbr(width)
            case .char6: return try reader.fixed(6)
            case .array, .blob: throw Malformed(description: "an array or a blob where a scalar is expected")
            }
        }

        static func readRecord(_ reader: inout Bitstream, _ abbreviation: [Operand]) throws -> Fields {
            guard let first = abbreviation.first else { throw Malformed(description: "an empty abbreviation") }
            var fields = Fields(code: try readScalar(&reader, first), values: [], blob: nil)
            for operand in abbreviation.dropFirst() {
                switch operand {
                case .array(let element):
                    let count = try reader.vbr(6)
                    for _ in 0..<count { fields.values.append(try readScalar(&reader, element)) }
                case .blob:
                    let count = Int(try reader.vbr(6))
                    reader.alignTo32()
                    fields.blob = try reader.bytes(count)
                    reader.alignTo32()
                default:
                    fields.values.append(try readScalar(&reader, operand))
                }
            }
            return fields
        }
    }

    /// Bits read least significant first, as LLVM writes them.
    private struct Bitstream {
        let bytes: [UInt8]
        var position: Int

        var atEnd: Bool { position >= bytes.count * 8 }

        mutating func fixed(_ width: Int) throws -> UInt64 {
            guard position + width <= bytes.count * 8 else { throw Malformed(description: "the stream ends early") }
            var value: UInt64 = 0
            for bit in 0..<width {
                let at = position + bit
                if bytes[at / 8] & (1 << UInt8(at % 8)) != 0 { value |= 1 << UInt64(bit) }
            }
            position += width
            return value
        }

        mutating func vbr(_ width: Int) throws -> UInt64 {
            guard width > 1 else { return try fixed(width) }
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let chunk = try fixed(width)
                value |= (chunk & ((1 << UInt64(width - 1)) - 1)) << shift
                if chunk & (1 << UInt64(width - 1)) == 0 { return value }
                shift += UInt64(width - 1)
                guard shift < 64 else { throw Malformed(description: "a variable-width number over 64 bits") }
            }
        }

        mutating func alignTo32() {
            position = (position + 31) / 32 * 32
        }

        mutating func bytes(_ count: Int) throws -> [UInt8] {
            let start = position / 8
            guard position % 8 == 0, start + count <= bytes.count else {
                throw Malformed(description: "a blob past the end of the stream")
            }
            position += count * 8
            return Array(bytes[start..<start + count])
        }
    }
}
