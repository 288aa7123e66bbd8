/// The family of readable documents (KryoReadable declares it; a family is its name), whose
/// objects a person writes by hand.
private let documentFamily = FormatFamily("readable")

extension ValueReader {
    /// Whether this reader reads a readable document, which a person may have written by hand:
    /// values Java would refuse (a misspelt zone id) are errors there, while what Java wrote is
    /// read as it is.
    package var readsDocument: Bool { formatFamily == documentFamily }

    /// Refuses a key of a readable document's object that is not one of `known` (nor one of the
    /// keys readable documents reserve, `$class`…): a misspelt key (`colour`, `weight`), or one
    /// beside a value's own form (`{"name": "PAID", "color": "red"}` for an enum constant), would
    /// otherwise be dropped without a word. Other formats are not checked (a keyed archive may
    /// hold keys a newer version of a class wrote).
    @usableFromInline
    package func refuseUnknownKeys(_ known: Set<String>, in owner: String) throws {
        guard formatFamily == documentFamily, let keys = storedKeys else { return }
        for key in keys where !known.contains(key) && !key.hasPrefix("$") {
            var failure = error(
                .invalidValue, expected: "a key of \(owner) (\(known.sorted().joined(separator: ", ")))",
                found: "the key \"\(key)\"")
            failure.path.append(key)
            throw failure
        }
    }
}
