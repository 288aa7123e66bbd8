import KryoCore

/// What the records of a JSON Lines stream share, as the records of a Kryo stream that Java wrote
/// with `setAutoReset(false)` and references on do: an object of an earlier record appears in a
/// later one as an alias to it, `{"$alias": "$record2.owner"}` (records numbered from 1, as
/// `kryo convert --records` numbers them; `$record2` alone is that record's root), and reads back
/// as the same instance, which a Kryo stream of one numbering writes as a reference again.
///
/// One memory serves one direction of one stream: the writer's (objects written, and where) or
/// the reader's (the objects that later records' aliases name, found by ``noteAliases(in:)``
/// before the records are read).
package final class ReadableStreamMemory {
    /// Objects written in earlier records, numbered as ``writtenPaths`` lists their paths.
    private var written = IdentityTable()
    /// The alias path of each object of ``written`` (`$record1.owner`).
    private var writtenPaths: [String] = []
    /// The key paths within each record (by number) that aliases of later records name.
    private var targets: [Int: Set<[String]>] = [:]
    /// The objects those paths hold, by alias path components (`["$record1", "owner"]`).
    private var read: [[String]: Any] = [:]

    package init() {}

    /// The first key of an alias path to record `number`.
    static func recordKey(_ number: Int) -> String { "$record\(number)" }

    /// The record number an alias path's first key names (`$record2` → 2), if it names one.
    static func recordNumber(_ first: String) -> Int? {
        guard first.hasPrefix("$record"), let number = Int(first.dropFirst(7)), number >= 1,
            first == recordKey(number)
        else { return nil }
        return number
    }

    // MARK: Writing

    /// The alias to `object` when an earlier record holds it.
    func writtenAlias(of object: AnyObject) -> String? {
        written.number(of: object).map { writtenPaths[$0] }
    }

    /// Keeps `object`, written in record `record` at the key path `components`, for the aliases
    /// of later records.
    func keep(_ object: AnyObject, record: Int, at components: [String]) {
        guard written.number(of: object, elseInsert: writtenPaths.count) == nil else { return }
        writtenPaths.append(ReadableKeys.path([Self.recordKey(record)] + components))
    }

    // MARK: Reading

    /// Notes the aliases to earlier records in the JSON document `line` (record `number`), so
    /// that reading those records keeps what they name. A line that does not parse is left to
    /// its reading, which reports it.
    package func noteAliases(in line: [UInt8], record number: Int) {
        guard Self.mentionsRecordKey(line), let document = try? ReadableJSON.decode(line) else { return }
        func visit(_ node: ReadableValue) {
            switch node {
            case .array(let elements): elements.forEach(visit)
            case .dictionary(let entries):
                if case .string(let text)? = entries[ReadableKeys.alias],
                    let components = ReadableKeys.components(of: text),
                    let first = components.first, let record = Self.recordNumber(first), record < number
                {
                    targets[record, default: []].insert(Array(components.dropFirst()))
                }
                entries.values.forEach(visit)
            default: return
            }
        }
        visit(document)
    }

    /// Whether `bytes` hold the text `$record` (so may hold an alias to an earlier record).
    private static func mentionsRecordKey(_ bytes: [UInt8]) -> Bool {
        let key = Array("$record".utf8)
        guard bytes.count >= key.count else { return false }
        for start in 0...(bytes.count - key.count) where bytes[start] == key[0] {
            if bytes[start..<start + key.count].elementsEqual(key) { return true }
        }
        return false
    }

    /// The key paths within record `number` that later records' aliases name.
    func targets(ofRecord number: Int) -> Set<[String]> { targets[number] ?? [] }

    /// Keeps `value`, read in record `record` at the key path `components`, for later aliases.
    func keepRead(_ value: Any, record: Int, at components: [String]) {
        read[[Self.recordKey(record)] + components] = value
    }

    /// The object an alias to an earlier record names (its path's components), if one was kept.
    func readValue(at components: [String]) -> Any? {
        read[components]
    }
}
