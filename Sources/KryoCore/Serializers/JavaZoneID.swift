import Foundation

/// The zone ids Java's `ZoneId.of` takes: `Z`, an offset (`+01:00`, `-5`), `UTC`, `GMT` or `UT`
/// alone or with an offset, or a region of the tz database (`Europe/Paris`), as the system's
/// time zone database knows it.
enum JavaZoneID {
    static func isKnown(_ id: String) -> Bool {
        if id == "Z" || isOffset(Substring(id)) { return true }
        for prefix in ["UTC", "GMT", "UT"] where id.hasPrefix(prefix) {
            let rest = id.dropFirst(prefix.count)
            if rest.isEmpty || isOffset(rest) { return true }
        }
        return TimeZone(identifier: id) != nil
    }

    /// `±h`, `±hh`, `±hh:mm`, `±hhmm`, `±hh:mm:ss` or `±hhmmss`, as `ZoneOffset.of` reads it.
    private static func isOffset(_ text: Substring) -> Bool {
        guard let sign = text.first, sign == "+" || sign == "-" else { return false }
        let rest = Array(text.dropFirst().utf8)
        let digits = rest.filter { $0 != UInt8(ascii: ":") }
        guard rest.allSatisfy({ $0 == UInt8(ascii: ":") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            [1, 2, 4, 6].contains(digits.count)
        else { return false }
        return true
    }
}
