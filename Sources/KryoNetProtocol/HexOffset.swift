/// Offsets as the dumps print them: hexadecimal, at least four digits.
enum HexOffset {
    /// `0x` and the offset's digits: `0x0012`.
    static func text(_ offset: Int) -> String { "0x" + digits(offset, width: 4) }

    /// The offset's hexadecimal digits, zero-padded to `width`.
    static func digits(_ offset: Int, width: Int) -> String {
        let digits = String(offset, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// How many digits the offsets below `count` need (at least four).
    static func width(for count: Int) -> Int { max(4, String(max(count, 1) - 1, radix: 16).count) }
}
