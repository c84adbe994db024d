import CLibCrypto

/// AES-256-GCM through libcrypto's EVP interface, encrypting and decrypting in place.
enum AESGCM {
    static let keyByteCount = 32
    static let nonceByteCount = 12
    static let tagByteCount = 16

    /// Encrypts `buffer[range]` in place and writes the 16-byte tag at `range.upperBound`.
    static func seal(_ buffer: inout [UInt8], _ range: Range<Int>, key: [UInt8], nonce: [UInt8], authenticating associatedData: [UInt8]) {
        precondition(key.count == keyByteCount && nonce.count == nonceByteCount && buffer.count >= range.upperBound + tagByteCount
                     && range.count < Int(Int32.max))
        LibCrypto.assumeLoaded()
        let context = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(context) }
        var length: Int32 = 0
        var ready = EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1
            && EVP_EncryptUpdate(context, nil, &length, associatedData, Int32(associatedData.count)) == 1
        buffer.withUnsafeMutableBufferPointer { bytes in
            let start = bytes.baseAddress! + range.lowerBound
            ready = ready && EVP_EncryptUpdate(context, start, &length, start, Int32(range.count)) == 1
                && EVP_EncryptFinal_ex(context, start + Int(length), &length) == 1
                && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagByteCount), bytes.baseAddress! + range.upperBound) == 1
        }
        // Only a broken libcrypto fails here: the key and nonce sizes are checked above.
        precondition(ready, "libcrypto could not encrypt with AES-256-GCM")
    }

    /// Decrypts `buffer[range]` in place, checking the 16-byte tag that follows it; false when
    /// the tag does not match (wrong key, other associated data, or changed bytes).
    static func open(_ buffer: inout [UInt8], _ range: Range<Int>, key: [UInt8], nonce: [UInt8], authenticating associatedData: [UInt8]) -> Bool {
        guard key.count == keyByteCount, nonce.count == nonceByteCount, buffer.count >= range.upperBound + tagByteCount,
              range.count < Int(Int32.max) else { return false }
        LibCrypto.assumeLoaded()
        let context = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(context) }
        var length: Int32 = 0
        var authentic = EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1
            && EVP_DecryptUpdate(context, nil, &length, associatedData, Int32(associatedData.count)) == 1
        buffer.withUnsafeMutableBufferPointer { bytes in
            let start = bytes.baseAddress! + range.lowerBound
            authentic = authentic && EVP_DecryptUpdate(context, start, &length, start, Int32(range.count)) == 1
                && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagByteCount), bytes.baseAddress! + range.upperBound) == 1
                && EVP_DecryptFinal_ex(context, start + Int(length), &length) == 1
        }
        return authentic
    }
}
