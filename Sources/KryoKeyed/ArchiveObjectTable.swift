import KryoCore
import KryoPlist

/// Where a keyed archive's writer puts the entries of `$objects` as it makes them: a table of
/// property-list values (``PropertyListObjectTable``, for a ``KeyedArchive`` or an XML property
/// list), or the objects of a binary property list, added as each entry is finished
/// (``BinaryPropertyListObjectTable``).
protocol ArchiveObjectTable: AnyObject {
    /// The number of entries so far.
    var count: Int { get }
    /// Adds an entry stored as it is (`$null`, also for an entry reserved for an object to come;
    /// a string, a number, data, a dictionary) and returns its UID.
    func append(_ value: PropertyListValue) -> Int
    /// Adds a string stored as it is, or finds the entry of a string of the same bytes added
    /// so before, and returns its UID (strings that Swift's `==` finds equal with other bytes,
    /// `"\u{E9}"` and `"e\u{301}"`, are entries of their own).
    func appendString(_ string: String) -> Int
    /// Makes entry `uid` the object whose coder keys and values are `keys` and `values`
    /// (distinct keys, in the order written).
    func setObject(_ uid: Int, keys: ArraySlice<String>, values: ArraySlice<PropertyListValue>) throws
    /// Adds the description of `archiveClass` (``ArchiveClassDescription``) and returns its UID.
    func appendClass(_ archiveClass: ArchiveClass) -> Int
}

/// The entries of `$objects` as property-list values.
final class PropertyListObjectTable: ArchiveObjectTable {
    @exclusivity(unchecked) private(set) var objects: [PropertyListValue] = []
    /// The strings added by ``appendString(_:)``, by their bytes.
    @exclusivity(unchecked) private var strings = StringNumbers()

    var count: Int { objects.count }

    func append(_ value: PropertyListValue) -> Int {
        objects.append(value)
        return objects.count - 1
    }

    func appendString(_ string: String) -> Int {
        if let uid = strings.number(of: string, elseInsert: objects.count) { return uid }
        return append(.string(string))
    }

    func setObject(_ uid: Int, keys: ArraySlice<String>, values: ArraySlice<PropertyListValue>) {
        objects[uid] = .dictionary(PropertyListDictionary(uncheckedUniqueKeys: keys, values: values))
    }

    func appendClass(_ archiveClass: ArchiveClass) -> Int {
        append(.dictionary(ArchiveClassDescription.dictionary(of: archiveClass)))
    }
}

/// The entries of `$objects` written into a binary property list as each is finished, without a
/// tree of the whole archive: an object's keys and values become property-list objects when the
/// object ends (equal strings and scalars written once, as in any binary property list), and
/// `$objects`, `$top` and the archive's own dictionary come last, when ``bytes(archiver:version:top:)``
/// lays the file out. The objects are in the order they were finished rather than Apple's
/// pre-order; a binary property list's offset table makes any order readable.
final class BinaryPropertyListObjectTable: ArchiveObjectTable {
    // One writer of one archive uses the table, from one call: nothing overlaps (as in the
    // archive's writer).
    @exclusivity(unchecked) private var writer: BinaryPropertyListWriter
    /// The property-list object of each entry of `$objects`; -1 for an entry in ``later``.
    @exclusivity(unchecked) private var numbers: [Int] = []
    /// Entries that are dictionaries or arrays stored as they are (class descriptions), added
    /// with the rest of the file: adding a container can fail (too deep), appending cannot.
    @exclusivity(unchecked) private var later: [(uid: Int, value: PropertyListValue)] = []
    /// The numbers of the keys and values of the object being added.
    @exclusivity(unchecked) private var keyNumbers: [Int] = []
    @exclusivity(unchecked) private var valueNumbers: [Int] = []
    /// The UID of the entry of each string added by ``appendString(_:)``, by the string's object
    /// number in the property list (which numbers each string once, by its bytes); -1 for a
    /// string that is only a key, a class name or not a string.
    @exclusivity(unchecked) private var stringUIDs: [Int] = []

    init(maxDepth: Int) {
        // A keyed archive of a few objects has a hundred or more property-list objects.
        writer = BinaryPropertyListWriter(maxDepth: maxDepth, reservingFor: 128)
        numbers.reserveCapacity(64)
        stringUIDs.reserveCapacity(128)
        keyNumbers.reserveCapacity(16)
        valueNumbers.reserveCapacity(16)
    }

    var count: Int { numbers.count }

    func append(_ value: PropertyListValue) -> Int {
        if let number = writer.addScalar(value) {
            numbers.append(number)
        } else {
            numbers.append(-1)
            later.append((numbers.count - 1, value))
        }
        return numbers.count - 1
    }

    /// Numbers the string once, in the property list's own table of strings, and finds its entry
    /// by that number.
    func appendString(_ string: String) -> Int {
        let number = writer.addString(string)
        if number < stringUIDs.count {
            if case let uid = stringUIDs[number], uid >= 0 { return uid }
        } else {
            stringUIDs.append(contentsOf: repeatElement(-1, count: number + 1 - stringUIDs.count))
        }
        numbers.append(number)
        stringUIDs[number] = numbers.count - 1
        return numbers.count - 1
    }

    func setObject(_ uid: Int, keys: ArraySlice<String>, values: ArraySlice<PropertyListValue>) throws {
        keyNumbers.removeAll(keepingCapacity: true)
        valueNumbers.removeAll(keepingCapacity: true)
        for key in keys { keyNumbers.append(writer.addString(key)) }
        for value in values { valueNumbers.append(try writer.addScalar(value) ?? writer.add(value)) }
        numbers[uid] = writer.addDictionary(keys: keyNumbers, values: valueNumbers)
    }

    /// Writes the description straight into the property list: its strings (shared with every
    /// other use of the same bytes), the list of class names and the dictionary, with the keys of
    /// ``ArchiveClassDescription/dictionary(of:)`` in its order.
    func appendClass(_ archiveClass: ArchiveClass) -> Int {
        let name = writer.addString(archiveClass.name)
        keyNumbers.removeAll(keepingCapacity: true)
        valueNumbers.removeAll(keepingCapacity: true)
        // The names of the chain, then of the hints, in ``valueNumbers`` while they are made.
        valueNumbers.append(name)
        for superclass in archiveClass.superclasses { valueNumbers.append(writer.addString(superclass)) }
        let chain = writer.addArray(valueNumbers)
        keyNumbers.append(writer.addString(ArchiveClassDescription.nameKey))
        keyNumbers.append(writer.addString(ArchiveClassDescription.chainKey))
        var hints: Int?
        if !archiveClass.hints.isEmpty {
            keyNumbers.append(writer.addString(ArchiveClassDescription.hintsKey))
            valueNumbers.removeAll(keepingCapacity: true)
            for hint in archiveClass.hints { valueNumbers.append(writer.addString(hint)) }
            hints = writer.addArray(valueNumbers)
        }
        valueNumbers.removeAll(keepingCapacity: true)
        valueNumbers.append(name)
        valueNumbers.append(chain)
        if let hints { valueNumbers.append(hints) }
        numbers.append(writer.addDictionary(keys: keyNumbers, values: valueNumbers))
        return numbers.count - 1
    }

    /// The bytes of the archive: the entries, then `$objects`, `$top` (`top`'s keys and the UIDs
    /// of their values) and the archive's dictionary, whose keys are in ``KeyedArchive/propertyList``'s order.
    func bytes(archiver: String, version: Int64, top: [(key: String, value: PropertyListValue)]) throws -> [UInt8] {
        for (uid, value) in later { numbers[uid] = try writer.add(value) }
        later = []
        let objects = writer.addArray(numbers)
        let topKeys = top.map { writer.addString($0.key) }
        let topValues = try top.map { try writer.add($0.value) }
        let topDictionary = writer.addDictionary(keys: topKeys, values: topValues)
        let keys = ["$version", "$archiver", "$top", "$objects"].map { writer.addString($0) }
        let values = [try writer.add(.integer(version)), writer.addString(archiver), topDictionary, objects]
        let archive = writer.addDictionary(keys: keys, values: values)
        return writer.bytes(top: archive)
    }
}
