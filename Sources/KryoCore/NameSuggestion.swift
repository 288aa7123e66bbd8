/// The name a person probably meant when they wrote one that names nothing: a misspelt class
/// name in a document, a misspelt reserved key.
package enum NameSuggestion {
    /// The candidate within `limit` edits of `written` (insertions, deletions, substitutions of
    /// UTF-8 bytes), the nearest first; `nil` when none is that near or two are equally near.
    package static func nearest(to written: String, among candidates: some Sequence<String>, limit: Int = 2)
        -> String?
    {
        var best: (name: String, distance: Int)?
        var tied = false
        for candidate in candidates where candidate != written {
            let distance = editDistance(written, candidate, limit: limit)
            guard distance <= limit else { continue }
            if let current = best, current.distance == distance {
                tied = true
            } else if distance < best?.distance ?? .max {
                best = (candidate, distance)
                tied = false
            }
        }
        return tied ? nil : best?.name
    }

    /// The edit distance between two strings of at most 64 bytes, `limit + 1` when it is
    /// larger than `limit` (or a string is longer).
    package static func editDistance(_ one: String, _ other: String, limit: Int = .max - 1) -> Int {
        let a = Array(one.utf8)
        let b = Array(other.utf8)
        guard a.count <= 64, b.count <= 64, abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            previous = current
        }
        return min(previous[b.count], limit + 1)
    }
}

extension Registry {
    /// The registered Java class a misspelt `name` probably means (`d.Game$Potion` for
    /// `d.Game$Potoin`), or the one class whose simple name it is (`game.Player` for `Player`,
    /// the name a Swift programmer writes); `nil` when none is near.
    package func javaName(near name: String) -> String? {
        if let near = NameSuggestion.nearest(to: name, among: registeredJavaNames) { return near }
        guard !name.isEmpty, !name.contains(".") else { return nil }
        func simpleName(_ javaName: String) -> Substring {
            javaName.split(whereSeparator: { $0 == "." || $0 == "$" }).last ?? Substring(javaName)
        }
        let matches = registeredJavaNames.filter { simpleName($0) == name }
        return matches.count == 1 ? matches.first : nil
    }
}
