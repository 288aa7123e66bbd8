import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileHandle {
    /// Up to `count` bytes, as one `read(2)` returns them; `nil` at the end of the file. A read
    /// that a signal interrupts before any byte came (`EINTR`: a child process ending, a timer) is
    /// made again, where Foundation's `read(upToCount:)` throws; any other failure throws.
    package func readRetryingInterruptions(upToCount count: Int) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max(count, 1))
        while true {
            let descriptor = fileDescriptor
            let read = buffer.withUnsafeMutableBytes { bytes in systemRead(descriptor, bytes.baseAddress, bytes.count) }
            if read > 0 {
                buffer.removeSubrange(read...)
                return buffer
            }
            if read == 0 { return nil }
            let code = errno
            if code == EINTR { continue }
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}

/// The system's `read(2)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
