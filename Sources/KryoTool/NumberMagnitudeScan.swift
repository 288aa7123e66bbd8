/// How large the numbers of a value read from Kryo bytes are: bytes read in the wrong byte order
/// still decode, with every integer byte-swapped (1 as 16 777 216) and every double's exponent
/// far from 0, so of two readings of the same bytes the one whose numbers are the smaller is the
/// right one.
enum NumberMagnitudeScan {
    /// The bits of every integer's magnitude in `value` (and in the values it holds), plus how
    /// far each non-zero double's binary exponent is from 0.
    static func bits(in value: Any) -> Int {
        var total = 0
        var pending: [Any] = [value]
        var seen: Set<ObjectIdentifier> = []
        var looked = 0
        while let next = pending.popLast(), looked < ControlCharacterScan.valueLimit {
            looked += 1
            if let integer = next as? any BinaryInteger {
                total += magnitudeBits(integer)
                continue
            }
            if let double = next as? Double {
                if double.isFinite, double != 0 { total += abs(Int(double.exponent)) }
                continue
            }
            if let float = next as? Float {
                if float.isFinite, float != 0 { total += abs(Int(float.exponent)) }
                continue
            }
            if next is String { continue }
            let mirror = Mirror(reflecting: next)
            if mirror.displayStyle == .class {
                guard seen.insert(ObjectIdentifier(next as AnyObject)).inserted else { continue }
            }
            for child in mirror.children { pending.append(child.value) }
            if let superMirror = mirror.superclassMirror {
                for child in superMirror.children { pending.append(child.value) }
            }
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
