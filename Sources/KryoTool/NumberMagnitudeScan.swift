/// How large the numbers of a value read from Kryo bytes are: bytes read in the wrong byte order
/// still decode, with every integer byte-swapped (1 as 16 777 216) and every double's exponent
/// far from 0, so of two readings of the same bytes the one whose numbers are the smaller is the
/// right one.
enum NumberMagnitudeScan {
    /// The bits of every integer's magnitude in `value` (and in the values it holds), plus how
    /// far each non-zero double's binary exponent is from 0.
    static func bits(in value: Any) -> Int {
        var total = 0
        ReadValueWalk.walk(value) { next in
            if let integer = next as? any BinaryInteger {
                total += magnitudeBits(integer)
            } else if let double = next as? Double {
                if double.isFinite, double != 0 { total += abs(Int(double.exponent)) }
            } else if let float = next as? Float {
                if float.isFinite, float != 0 { total += abs(Int(float.exponent)) }
            } else if !(next is String) {
                return .descend
            }
            return .skip
        }
        return total
    }

    private static func magnitudeBits<T: BinaryInteger>(_ value: T) -> Int {
        var rest = value.magnitude
        var bits = 0
        while rest != 0 {
            rest >>= 1
            bits += 1
        }
        return bits
    }
}
