import KryoCore

#if canImport(CCrypto)
    import CCrypto
#elseif canImport(CommonCrypto)
    import CommonCrypto
#endif

/// Java's `Cipher.getInstance("Blowfish")`: Blowfish in ECB mode with PKCS #5 padding, no IV.
///
/// The block cipher is the system's: OpenSSL's libcrypto on Linux (its low-level `BF_*`
/// functions, which need no OpenSSL 3 provider — `EVP_bf_ecb` needs the legacy one), CommonCrypto
/// on Apple platforms. The padding is done here: 1 to 8 bytes, each holding their count, always
/// at least one, so 3 bytes encrypt to 8 and 8 bytes to 16.
struct BlowfishCipher: Sendable {
    /// The key lengths Java's Blowfish cipher accepts: 1 to 56 bytes (8 to 448 bits).
    static let keyLengths = 1...56
    static let blockSize = 8

    let key: [UInt8]

    /// `key`, checked against ``keyLengths``.
    init(key: [UInt8]) throws {
        guard BlowfishCipher.keyLengths.contains(key.count) else {
            throw SerializationError(
                .invalidValue, expected: "a Blowfish key of 1 to 56 bytes (8 to 448 bits), as Java's cipher takes",
                found: "\(key.count) byte\(key.count == 1 ? "" : "s")")
        }
        self.key = key
    }

    /// Pads `plaintext` and encrypts it: a multiple of 8 bytes, 1 to 8 more than `plaintext`.
    func encrypt(_ plaintext: UnsafeRawBufferPointer) throws -> [UInt8] {
        let padding = BlowfishCipher.blockSize - plaintext.count % BlowfishCipher.blockSize
        var bytes = [UInt8](plaintext)
        bytes.append(contentsOf: repeatElement(UInt8(padding), count: padding))
        try crypt(&bytes, encrypting: true)
        return bytes
    }

    /// Decrypts `ciphertext` and removes its padding. A wrong key or damaged bytes almost always
    /// leave padding that is not PKCS #5 (Java's `BadPaddingException`): that throws.
    func decrypt(_ ciphertext: UnsafeRawBufferPointer) throws -> [UInt8] {
        let size = BlowfishCipher.blockSize
        guard !ciphertext.isEmpty, ciphertext.count % size == 0 else {
            throw SerializationError(
                .truncatedInput, expected: "Blowfish data of whole 8-byte blocks, at least one",
                found: "\(ciphertext.count) byte\(ciphertext.count == 1 ? "" : "s") to the end of the input")
        }
        var bytes = [UInt8](ciphertext)
        try crypt(&bytes, encrypting: false)
        let padding = Int(bytes[bytes.count - 1])
        guard (1...size).contains(padding), bytes.suffix(padding).allSatisfy({ $0 == UInt8(padding) }) else {
            throw SerializationError(
                .invalidValue, expected: "PKCS #5 padding at the end of the decrypted Blowfish data",
                found: "other bytes: a wrong key, or damaged data")
        }
        bytes.removeLast(padding)
        return bytes
    }

    /// Encrypts or decrypts `bytes` (whole blocks) in place, block by block (ECB).
    private func crypt(_ bytes: inout [UInt8], encrypting: Bool) throws {
        #if canImport(CCrypto)
            let schedule = UnsafeMutablePointer<ccrypto_bf_key>.allocate(capacity: 1)
            defer { schedule.deallocate() }
            key.withUnsafeBufferPointer { key in
                if let base = key.baseAddress { ccrypto_bf_set_key(schedule, base, Int32(key.count)) }
            }
            bytes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var block = 0
                while block < buffer.count {
                    ccrypto_bf_ecb(base + block, base + block, schedule, encrypting ? 1 : 0)
                    block += BlowfishCipher.blockSize
                }
            }
        #elseif canImport(CommonCrypto)
            guard key.count >= kCCKeySizeMinBlowfish else {
                throw SerializationError(
                    .unsupported,
                    expected: "a Blowfish key of at least \(kCCKeySizeMinBlowfish) bytes (CommonCrypto's least)",
                    found: "\(key.count) bytes")
            }
            let input = bytes
            var moved = 0
            let status = input.withUnsafeBytes { source in
                bytes.withUnsafeMutableBytes { target in
                    key.withUnsafeBytes { key in
                        CCCrypt(
                            CCOperation(encrypting ? kCCEncrypt : kCCDecrypt), CCAlgorithm(kCCAlgorithmBlowfish),
                            CCOptions(kCCOptionECBMode), key.baseAddress, key.count, nil, source.baseAddress,
                            source.count, target.baseAddress, target.count, &moved)
                    }
                }
            }
            guard status == CCCryptorStatus(kCCSuccess), moved == input.count else {
                throw SerializationError(
                    .invalidValue, expected: "CommonCrypto to run Blowfish", found: "status \(status)")
            }
        #else
            throw SerializationError(
                .unsupported, expected: "a Blowfish cipher (OpenSSL's libcrypto or CommonCrypto)",
                found: "none on this platform")
        #endif
    }
}
