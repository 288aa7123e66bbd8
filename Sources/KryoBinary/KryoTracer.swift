import KryoCore

/// What the real reader read, span by span, while a ``KryoCodec`` traces a decode (Java Kryo's
/// `TRACE` idea): each byte range with its offset, the slot it fills and its meaning — class tags,
/// reference markers, null markers, primitives, strings, lengths, field-name headers and chunks.
///
/// The reader holds one only while tracing, and checks a flag before each hook: a decode that is
/// not traced does nothing more than that check.
package final class KryoTracer {
    /// The spans recorded so far, in the order they were read.
    package private(set) var entries: [KryoDumpEntry] = []
    /// The bytes the spans are taken from.
    private let bytes: [UInt8]
    /// Where the reader's input starts in ``bytes``: the reader's offsets count from here, the
    /// entries' from the start of ``bytes``.
    private let origin: Int
    /// The input offset (counted in ``bytes``) where the last span ends.
    package private(set) var end: Int
    /// ``end`` counted as the reader counts.
    package var inputEnd: Int { end - origin }
    /// For each nesting level, how many times each element key (`element`, `key`, `value`) was
    /// read: what numbers the elements of a collection or map.
    private var counters: [[String: Int]] = []
    /// For each nesting level, what object is read there.
    private var levels: [Level] = []

    /// An object being read.
    private struct Level {
        /// The label of its slot.
        var label: String?
        /// Its Java class.
        var javaName = ""
        /// A JDK collection, map or array: its `element`, `key` and `value` reads are numbered,
        /// and its size is shown in its slot.
        var isContainer = false
        /// A wrapper, `String`, enum or `Date`: its one value is shown in its slot, one level up,
        /// as Kryo's primitives are.
        var isValue = false
        var isEnum = false
        var isDate = false
        /// The entry of its size or length, and the number the bytes hold.
        var count: (entry: Int, stored: Int64, key: String, flag: Bool?)?
    }
    /// The label of the object slot being opened: its class tag, reference marker and (for a
    /// string in a final slot) its value are labelled alike.
    package private(set) var slotLabel: String?
    /// The index of the primitive array element being read, which labels it `[i]`.
    package var elementIndex: Int?
    /// The entry of a `TaggedFieldSerializer` tag just read, and its level: the next field read
    /// there names it, `tag 2 (name)`.
    private var pendingTag: (entry: Int, depth: Int)?
    /// Entries recorded before the field they belong to was named (a Kryo 5 field's chunk length
    /// or class, read before its value): the next field read at their level names them.
    private var pendingNames: [(entry: Int, depth: Int, prefix: Bool)] = []
    /// Whether the class tag of the slot being opened belongs to the next field read at its
    /// level (Kryo 5's evolvable fields write a field's class before its value).
    private var slotAwaitsField = false
    /// For each level where a `CompatibleFieldSerializer` object is read, the field names its
    /// header gave and how many of them were read: what names a field the schema lacks.
    private var storedFields: [Int: (names: [String], next: Int)] = [:]
    /// The field names of each compatible class's header, read once per graph.
    private var headers: [ObjectIdentifier: [String]] = [:]
    /// The fields whose chunks are being read, innermost last.
    private var chunks: [(key: String, start: Int, gathered: Bool)] = []
    /// The class name and offset of each numbered object (for back-references).
    private var objects: [Int: (name: String, offset: Int)] = [:]
    /// Runs read from copied bytes (gathered chunks, inflated data) nest here: their offsets are
    /// not the input's, so nothing inside them is recorded; the run is one span.
    private var hiddenRuns = 0

    /// A tracer of a reader whose input is `range` of `bytes`.
    package init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        origin = range.lowerBound
        end = range.lowerBound
    }

    // MARK: Labels

    /// The label of a slot at `depth`: a field's name, `[i]` for the elements of a collection or
    /// array, `key[i]` and `value[i]` for a map's entries, `nil` for the root.
    package func label(for key: String, depth: Int) -> String? {
        while counters.count <= depth + 1 { counters.append([:]) }
        // A slot at this level starts a new value one level down: its elements count from 0.
        if !counters[depth + 1].isEmpty { counters[depth + 1] = [:] }
        let inContainer = depth < levels.count && levels[depth].isContainer
        switch key {
        case "": return nil
        case "$unknown":
            // A field the schema lacks: its name is the next one of the header.
            guard var stored = storedFields[depth], stored.next < stored.names.count else { return nil }
            let name = stored.names[stored.next]
            stored.next += 1
            storedFields[depth] = stored
            nameFields(name, depth: depth)
            return name
        case "element" where inContainer, "key" where inContainer, "value" where inContainer:
            let index = counters[depth][key, default: 0]
            counters[depth][key] = index + 1
            return key == "element" ? "[\(index)]" : "\(key)[\(index)]"
        default:
            if key.hasPrefix("$") { return nil }
            if var stored = storedFields[depth],
                let index = stored.names[min(stored.next, stored.names.count)...].firstIndex(of: key)
            {
                stored.next = index + 1
                storedFields[depth] = stored
            }
            nameFields(key, depth: depth)
            return key
        }
    }

    /// Names what waits for the field `name` at `depth`: a tag (`tag 2 (name)`), a chunk length
    /// (`2 bytes of name`) or a class read before the value (`name: java.lang.String (id 1)`).
    private func nameFields(_ name: String, depth: Int) {
        if let tag = pendingTag, tag.depth == depth, tag.entry < entries.count {
            entries[tag.entry].text += " (\(name))"
            pendingTag = nil
        }
        guard !pendingNames.isEmpty else { return }
        for pending in pendingNames where pending.depth == depth && pending.entry < entries.count {
            let text = entries[pending.entry].text
            entries[pending.entry].text =
                pending.prefix ? name + ": " + text : text.replacingOccurrences(of: Self.unnamedField, with: name)
        }
        pendingNames.removeAll { $0.depth == depth }
        for index in chunks.indices where chunks[index].key == Self.unnamedField { chunks[index].key = name }
        for index in gathered.indices where gathered[index].key == Self.unnamedField { gathered[index].key = name }
    }

    /// The key of a field whose name the reader does not know yet (a Kryo 5 chunked field).
    package static let unnamedField = "$field"

    /// The name a chunked field's `key` stands for at `depth`: itself, or for Kryo 5's chunked
    /// fields (`$field`), the next name of the compatible header; else it stays `$field` until
    /// its value names it.
    package func chunkedFieldName(_ key: String, depth: Int) -> String {
        guard key == Self.unnamedField, let stored = storedFields[depth], stored.next < stored.names.count else {
            return key
        }
        return stored.names[stored.next]
    }

    /// Notes that the entries from `first` wait for the next field read at `depth` to name them.
    package func awaitFieldName(from first: Int, depth: Int, prefix: Bool) {
        for entry in first..<entries.count { pendingNames.append((entry, depth, prefix)) }
    }

    /// The number of entries recorded so far.
    package var entryCount: Int { entries.count }

    /// Notes the field names a compatible object at `depth` is read in (its class's header, read
    /// now or earlier in the graph under `key`).
    package func readsFields(_ names: [String]?, key: ObjectIdentifier, depth: Int) {
        if let names { headers[key] = names }
        storedFields[depth] = headers[key].map { ($0, 0) }
    }

    /// The Java class of the object read at `depth`.
    package func javaName(depth: Int) -> String? {
        depth < levels.count ? levels[depth].javaName : nil
    }

    /// A field's tag just read at the end of the spans that names no field: `(tag 5, its class)`,
    /// the tag the reader found no field for when it failed there.
    package var unnamedTag: (text: String, javaName: String)? {
        guard let tag = pendingTag, tag.entry == entries.count - 1, tag.depth < levels.count else { return nil }
        return (entries[tag.entry].text, levels[tag.depth].javaName)
    }

    /// Records the chunks of a field the schema lacks, skipped from `start` to `stop` (the
    /// reader's offsets): each chunk's length, and its data as raw bytes named by `text`.
    package func recordSkipped(_ start: Int, _ stop: Int, name: String, depth: Int, _ text: String) {
        guard hiddenRuns == 0, gathered.isEmpty, stop > start else {
            record(start, stop, .raw, depth: depth, nil, name + ": " + text)
            return
        }
        var physical = start + origin
        let end = stop + origin
        var first = true
        while physical < end {
            let length = Int(varint(atPhysical: physical))
            let header = physical..<min(physical + varintLength(atPhysical: physical), end)
            let chunkText = length == 0 ? "end of \(name)" : "\(length) byte\(length == 1 ? "" : "s") of \(name)"
            append(header.lowerBound, header.upperBound, .chunk, depth: depth, chunkText)
            guard length > 0, header.upperBound < end else { break }
            let data = header.upperBound..<min(header.upperBound + length, end)
            append(data.lowerBound, data.upperBound, .raw, depth: depth, name + ": " + (first ? text : "(continued)"))
            first = false
            physical = data.upperBound
        }
        if end > self.end { fillGap(upTo: end, depth: depth) }
    }

    /// Notes that the object whose contents are read at `depth` is of the Java class `javaName`.
    package func opened(_ javaName: String, depth: Int, isEnum: Bool) {
        while levels.count <= depth { levels.append(Level()) }
        let isDate = javaName == "java.util.Date"
        storedFields[depth] = nil
        levels[depth] = Level(
            label: slotLabel, javaName: javaName,
            isContainer: javaName.hasPrefix("java.") || javaName.hasPrefix("[") || javaName.hasPrefix("scala.")
                || javaName.hasPrefix("kotlin."),
            isValue: isEnum || isDate || Self.valueClasses.contains(javaName), isEnum: isEnum, isDate: isDate)
    }

    /// The role of a read at `depth`: an enum's ordinal, a `Date`'s time.
    package func role(_ role: KryoDumpEntry.Role, depth: Int) -> KryoDumpEntry.Role {
        guard depth < levels.count else { return role }
        if levels[depth].isEnum, role == .int { return .enumConstant }
        if levels[depth].isDate, role == .long { return .date }
        return role
    }

    /// Names the enum constant whose ordinal the last span holds: `BLUE (ordinal 2)` (the bytes
    /// hold the ordinal + 1).
    package func nameLastConstant(_ name: String, ordinal: Int) {
        guard let last = entries.indices.last, entries[last].role == .enumConstant else { return }
        let text = entries[last].text
        let prefix = text.range(of: "ordinal ").map { text[..<$0.lowerBound] } ?? ""
        entries[last].text = "\(prefix)\(name) (ordinal \(ordinal))"
    }

    /// Notes that the entry just recorded is a field's tag, at `depth`.
    package func noteTag(depth: Int) {
        guard let last = entries.indices.last else { return }
        pendingNames.removeAll { $0.depth == depth }
        pendingTag = (last, depth)
    }

    /// Notes that the entry just recorded holds the size or length of the object read at `depth`.
    package func noteCount(_ stored: Int64, key: String, depth: Int, flag: Bool? = nil) {
        guard depth < levels.count, let last = entries.indices.last else { return }
        levels[depth].count = (last, stored, key, flag)
    }

    /// The object read at `depth` ended with `count` elements (`nil`: it was null, or is not a
    /// collection): its size or length entry says what the bytes meant, `size 3 (written + 1)`.
    package func closed(depth: Int, count: Int?) {
        guard depth < levels.count, let noted = levels[depth].count else { return }
        levels[depth].count = nil
        guard noted.entry < entries.count else { return }
        let text = entries[noted.entry].text
        let prefix = text.range(of: noted.key + " ").map { text[..<$0.lowerBound] } ?? ""
        let isArray = noted.key == "length"
        var meaning: String?
        if let count {
            if noted.stored == Int64(count) + 1 {
                meaning = isArray ? "length \(count)" : "size \(count) (written + 1)"
            } else if noted.stored == Int64(count) {
                meaning = "\(noted.key) \(count)"
            }
        } else if noted.stored == 0 {
            meaning = isArray ? "null array" : "null"
        }
        if var meaning {
            // Kryo 5's flag: one class for all elements, or (final elements) some null.
            if let flag = noted.flag { meaning += ", flag \(flag ? 1 : 0)" }
            entries[noted.entry].text = prefix + meaning
        }
    }

    /// The classes whose value is one primitive or string.
    private static let valueClasses: Set<String> = [
        "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
        "java.lang.Boolean", "java.lang.Float", "java.lang.Double", "java.lang.String", "void",
    ]

    /// Where a value read under `key` at `depth` is shown, and its label: the value of a wrapper
    /// or `String` in its slot, one level up; an element of a primitive array as `[i]`; else a
    /// field by its name, an element, key or value of a container by its number.
    package func placement(for key: String, role: KryoDumpEntry.Role, depth: Int, inSlot: Bool) -> (
        depth: Int, label: String?
    ) {
        if let index = elementIndex { return (depth, "[\(index)]") }
        if depth > 0, depth < levels.count {
            let level = levels[depth]
            if level.isValue || (role == .length && level.isContainer) { return (depth - 1, level.label) }
            if role == .bytes && level.isContainer { return (depth, nil) }
        }
        if inSlot { return (depth, slotLabel) }
        return (depth, label(for: key, depth: depth))
    }

    /// Starts an object slot: its class tag and reference marker take this label. A slot of key
    /// ``nextValueSlot`` holds the class of the next field read at `depth`: the compatible
    /// header's next name, or (a tagged field) the field its value names.
    package func beginSlot(_ key: String, depth: Int) {
        slotAwaitsField = false
        guard key == Self.nextValueSlot else {
            slotLabel = label(for: key, depth: depth)
            return
        }
        if let stored = storedFields[depth], stored.next < stored.names.count {
            slotLabel = stored.names[stored.next]
        } else {
            slotLabel = nil
            slotAwaitsField = true
        }
    }

    /// The field whose class was just read at `depth` has no value (its class tag is null): no
    /// value names it, and the header's next name is the next field's.
    package func fieldAbsent(depth: Int) {
        slotAwaitsField = false
        pendingNames.removeAll { $0.depth == depth }
        if var stored = storedFields[depth] {
            stored.next += 1
            storedFields[depth] = stored
        }
    }

    /// The key of the slot of a class read before a field's value.
    package static let nextValueSlot = "$next"

    // MARK: Recording

    /// Records the bytes from `start` to `stop` (the reader's offsets) as one span; inside a
    /// field's gathered chunks, as one entry per chunk it spans (`name: (continued)`), with the
    /// chunks' lengths between them.
    package func record(
        _ start: Int, _ stop: Int, _ role: KryoDumpEntry.Role, depth: Int, _ label: String?, _ text: String
    ) {
        guard hiddenRuns == 0, stop > start else { return }
        let full = label.map { $0 + ": " + text } ?? text
        guard let run = gathered.last else {
            append(start + origin, stop + origin, role, depth: depth, full)
            return
        }
        // Inside the copy the reader counts from where the chunks start.
        var logical = start - run.start
        let logicalEnd = stop - run.start
        var first = true
        while logical < logicalEnd, let segment = run.segments.first(where: { $0.logical + $0.count > logical }) {
            let physical = segment.physical + (logical - segment.logical)
            let count = min(logicalEnd, segment.logical + segment.count) - logical
            emitHeaders(before: physical)
            append(
                physical, physical + count, role, depth: depth,
                first ? full : (label.map { $0 + ": " } ?? "") + "(continued)")
            first = false
            logical += count
        }
    }

    /// One entry from `start` to `stop` (offsets in ``bytes``), after the bytes before it.
    private func append(_ start: Int, _ stop: Int, _ role: KryoDumpEntry.Role, depth: Int, _ text: String) {
        guard stop > start, start >= end, stop <= bytes.count else { return }
        if start > end { fillGap(upTo: start, depth: depth) }
        entries.append(
            KryoDumpEntry(
                offset: start, length: stop - start, depth: depth, role: role, text: text,
                bytes: Array(bytes[start..<stop])))
        end = stop
    }

    /// Records a span of the object slot being opened (class tag, reference or null marker).
    package func recordSlot(_ start: Int, _ stop: Int, _ role: KryoDumpEntry.Role, depth: Int, _ text: String) {
        let first = entries.count
        record(start, stop, role, depth: depth, slotLabel, text)
        if slotAwaitsField {
            slotAwaitsField = false
            awaitFieldName(from: first, depth: depth, prefix: true)
        }
    }

    /// Bytes the reader read without a hook: shown as they are, so that the spans still cover
    /// every byte.
    private func fillGap(upTo offset: Int, depth: Int) {
        entries.append(
            KryoDumpEntry(
                offset: end, length: offset - end, depth: depth, role: .raw,
                text: Self.hexText(bytes[end..<offset]), bytes: Array(bytes[end..<offset])))
        end = offset
    }

    /// Notes object number `number`, a `name` whose reference marker starts at `offset` (the
    /// reader's).
    package func numbered(_ number: Int, name: String, at offset: Int) {
        objects[number] = (name, physical(offset))
    }

    /// Where the reader's `offset` is in ``bytes`` (inside gathered chunks, in the chunk that
    /// holds it).
    private func physical(_ offset: Int) -> Int {
        guard let run = gathered.last else { return offset + origin }
        let logical = offset - run.start
        guard let segment = run.segments.first(where: { $0.logical + $0.count > logical }) else {
            return offset + origin
        }
        return segment.physical + (logical - segment.logical)
    }

    /// Adds `range` (counted in the bytes) as one entry of `role` showing its bytes, after the
    /// reader is done: what it did not read, or read past without a hook.
    package func append(_ range: Range<Int>, role: KryoDumpEntry.Role) {
        guard range.lowerBound >= end, range.upperBound <= bytes.count, !range.isEmpty else { return }
        entries.append(
            KryoDumpEntry(
                offset: range.lowerBound, length: range.count, depth: 0, role: role,
                text: Self.hexText(bytes[range]), bytes: Array(bytes[range])))
        end = range.upperBound
    }

    /// What object `number` is: `peer.Inner at 0x0003`.
    package func described(_ number: Int) -> String? {
        objects[number].map { "\($0.name) at \(KryoDump.address($0.offset))" }
    }

    /// Enters a field's chunks from `start` (the reader's offset of the first length);
    /// `gathered`: several chunks, which the reader reads from a copy joined: the spans read
    /// there are mapped back to the chunks, whose lengths are entries of their own.
    package func enterChunks(_ key: String, start: Int, gathered isGathered: Bool, depth: Int) {
        chunks.append((key, start, isGathered))
        guard isGathered else { return }
        guard self.gathered.isEmpty else {
            // Chunks within gathered chunks: not mapped, shown as the bytes they are.
            hiddenRuns += 1
            return
        }
        var run = GatheredRun(start: start, key: key, depth: depth)
        var physical = start + origin
        var logical = 0
        while physical < bytes.count {
            let length = Int(varint(atPhysical: physical))
            let header = physical..<min(physical + varintLength(atPhysical: physical), bytes.count)
            run.headers.append((header, length))
            if length == 0 { break }
            run.segments.append((logical, header.upperBound, length))
            logical += length
            physical = header.upperBound + length
        }
        self.gathered.append(run)
        let first = entries.count
        emitHeaders(before: run.headers.first.map { $0.range.upperBound } ?? 0)
        if key == Self.unnamedField { awaitFieldName(from: first, depth: depth, prefix: false) }
    }

    /// Leaves the innermost field's chunks; for gathered chunks, the rest of them (the lengths
    /// left, data the field did not read) is recorded.
    package func leaveChunks() -> (key: String, start: Int, gathered: Bool)? {
        guard let last = chunks.popLast() else { return nil }
        if last.gathered {
            if hiddenRuns > 0 {
                hiddenRuns -= 1
            } else if let run = gathered.last {
                emitHeaders(before: bytes.count)
                if let stop = run.headers.last?.range.upperBound, stop > end { fillGap(upTo: stop, depth: run.depth) }
                gathered.removeLast()
            }
        }
        return last
    }

    /// A field's chunks, read joined from a copy.
    private struct GatheredRun {
        /// The reader's offset of the first length: inside the copy it counts from here.
        var start: Int
        var key: String
        var depth: Int
        /// Each chunk's data: where it starts in the joined bytes and in ``KryoTracer/bytes``.
        var segments: [(logical: Int, physical: Int, count: Int)] = []
        /// Each chunk's length (the last `00`), in ``KryoTracer/bytes``.
        var headers: [(range: Range<Int>, length: Int)] = []
        /// How many lengths are recorded.
        var emitted = 0
    }

    /// The field whose gathered chunks are being read.
    private var gathered: [GatheredRun] = []

    /// Records the chunk lengths of the gathered field that lie before `offset` (in ``bytes``).
    private func emitHeaders(before offset: Int) {
        guard var run = gathered.last else { return }
        while run.emitted < run.headers.count, run.headers[run.emitted].range.lowerBound < offset {
            let (range, length) = run.headers[run.emitted]
            let text = length == 0 ? "end of \(run.key)" : "\(length) byte\(length == 1 ? "" : "s") of \(run.key)"
            append(range.lowerBound, range.upperBound, .chunk, depth: run.depth, text)
            run.emitted += 1
        }
        gathered[gathered.count - 1] = run
    }

    /// Whether a read from the input is recorded: not in copied bytes (inflated, decrypted) other
    /// than a field's gathered chunks.
    package func accepts(inCopiedRun: Bool) -> Bool {
        hiddenRuns == 0 && (!inCopiedRun || !gathered.isEmpty)
    }

    /// Enters copied bytes whose offsets are not mapped (an inflated value): nothing inside is
    /// recorded, and they show as the bytes they are.
    package func hide() { hiddenRuns += 1 }

    /// Leaves what ``hide()`` entered.
    package func unhide() { hiddenRuns = max(0, hiddenRuns - 1) }

    // MARK: Varints already read

    /// The positive varint at `offset` (the reader's; 0 past the end).
    package func varint(at offset: Int) -> Int32 { varint(atPhysical: physical(offset)) }

    /// How many bytes the varint at `offset` (the reader's) takes (1–5).
    package func varintLength(at offset: Int) -> Int { varintLength(atPhysical: physical(offset)) }

    /// The positive varint at `index` of ``bytes`` (0 past the end).
    private func varint(atPhysical index: Int) -> Int32 {
        var result: UInt32 = 0
        var shift: UInt32 = 0
        var index = index
        while index < bytes.count, shift < 35 {
            let byte = bytes[index]
            result |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
            index += 1
        }
        return Int32(bitPattern: result)
    }

    /// Whether every byte from `start` to `end` (the reader's offsets) has its high bit set.
    package func allHighBitsSet(_ start: Int, _ end: Int) -> Bool {
        let range = (start + origin)..<(end + origin)
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        return bytes[range].allSatisfy { $0 & 0x80 != 0 }
    }

    /// How many bytes the varint at `first` of ``bytes`` takes (1–5).
    private func varintLength(atPhysical first: Int) -> Int {
        var index = first
        while index < bytes.count, index - first < 4, bytes[index] & 0x80 != 0 { index += 1 }
        return index - first + 1
    }

    /// How many bytes the positive varint of `value` takes (1–5).
    package static func varintLength(of value: Int32) -> Int {
        let bits = UInt32(bitPattern: value)
        return bits < 1 << 7 ? 1 : bits < 1 << 14 ? 2 : bits < 1 << 21 ? 3 : bits < 1 << 28 ? 4 : 5
    }

    // MARK: Texts

    /// `ca fe` for raw bytes (at most 16, then `…`).
    package static func hexText(_ bytes: ArraySlice<UInt8>) -> String {
        var text = bytes.prefix(16).map { KryoDump.hexByte($0) }.joined(separator: " ")
        if bytes.count > 16 { text += " …" }
        return text
    }

    /// A string as a dump shows it: quoted, escaped, at most 48 characters.
    package static func quoted(_ text: String?) -> String {
        guard let text else { return "null" }
        var result = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 48 {
                result += "…\" (\(text.utf16.count) UTF-16 units)"
                return result
            }
            count += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0xD800...0xDFFF).contains(scalar.value)
                    || scalar == "\u{FFFD}"
                {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `2009-02-13T23:31:30.123Z` for milliseconds since 1970 (proleptic Gregorian, UTC).
    package static func isoDate(millis: Int64) -> String {
        let (days, dayMillis) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayNumber, millisOfDay) = dayMillis < 0 ? (days - 1, dayMillis + 86_400_000) : (days, dayMillis)
        let (year, month, day) = CivilDate.date(days: dayNumber)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let seconds = millisOfDay / 1000
        let fraction = millisOfDay % 1000
        let fractionText = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(year)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            + ".\(fractionText)Z"
    }

    /// A Java `char`: `'a' (U+0061)`.
    package static func character(_ unit: UInt16) -> String {
        let code = "U+" + KryoDump.hex(Int(unit), width: 4).uppercased()
        if let scalar = Unicode.Scalar(unit), unit >= 0x20, unit != 0x7F {
            return "'\(Character(scalar))' (\(code))"
        }
        return code
    }

    /// A floating-point number as Java prints it (`NaN`, `Infinity`).
    package static func javaNumber(_ value: Double, _ swift: String) -> String {
        if value.isNaN { return "NaN" }
        if value == .infinity { return "Infinity" }
        if value == -.infinity { return "-Infinity" }
        return swift
    }
}
