import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain blocking TCP socket: a peer that speaks whatever bytes a test gives it.
final class RawSocket: @unchecked Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks the socket's receive buffer first.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawSocketError(message: "socket: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        // Each send leaves at once (no Nagle): tests that cut frames see their cuts as reads.
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw RawSocketError(message: "connect: \(errno)")
        }
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw RawSocketError(message: "send: \(errno)") }
            sent += count
        }
    }

    /// Reads exactly `count` bytes.
    func receive(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = bytes[got...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { throw RawSocketError(message: "recv: \(read == 0 ? "end of stream" : "\(errno)")") }
            got += read
        }
        return bytes
    }

    /// Reads one KryoNet frame's payload.
    func receiveFrame() throws -> [UInt8] {
        let prefix = try receive(4)
        let length = prefix.reduce(0) { $0 << 8 | Int($1) }
        return try receive(length)
    }

    /// Whether the peer has closed the connection (waits up to the receive timeout).
    func readsEndOfStream() -> Bool {
        var byte: UInt8 = 0
        while true {
            let read = recv(descriptor, &byte, 1, 0)
            if read == 0 { return true }
            if read < 0 { return errno == ECONNRESET }
        }
    }

    func shutdownWriting() { shutdown(descriptor, Int32(SHUT_WR)) }
}

struct RawSocketError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A frame of KryoNet: the length, big-endian, then the payload.
func frame(_ payload: [UInt8]) -> [UInt8] {
    let length = UInt32(payload.count)
    return [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)] + payload
}
