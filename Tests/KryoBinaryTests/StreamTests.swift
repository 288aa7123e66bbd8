import Foundation
import SwiftKryo
import Testing

/// Several top-level values in one stream, through files and pipes, in bounded memory.
@Suite struct StreamTests {
    @Test func severalValuesThroughAFile() throws {
        let codec = KryoCodec(registry: try PeerConfig.cocoa.registry())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let writer = KryoStreamWriter(codec: codec, fileHandle: handle)
        for key in 0..<1000 { try writer.write(SampleBean(key: Int32(key), name: "bean \(key)")) }
        try writer.write(nil)
        try writer.write(PeerCases.other())
        try writer.flush()
        try handle.close()

        let input = try FileHandle(forReadingFrom: url)
        defer { try? input.close() }
        let reader = KryoStreamReader(codec: codec, fileHandle: input)
        for key in 0..<1000 {
            let bean = try #require(try reader.next(SampleBean.self))
            #expect(bean == SampleBean(key: Int32(key), name: "bean \(key)"))
        }
        let writtenNil = try #require(try reader.next(Any?.self), "the stream ended early")
        #expect(writtenNil == nil)
        #expect(try reader.next(OtherBean.self) == PeerCases.other())
        #expect(try reader.input.isAtEnd())
    }

    @Test func valuesThroughAPipeInSmallChunks() async throws {
        let codec = KryoCodec(registry: try PeerConfig.reg.registry())
        let pipe = Pipe()
        let big = String(repeating: "é", count: 50_000)
        let writerTask = Task.detached {
            let writer = KryoStreamWriter(codec: codec, bufferSize: 512) { bytes in
                try pipe.fileHandleForWriting.write(contentsOf: Data(bytes))
            }
            try writer.write(big)
            try writer.write(AllKinds.sample())
            try writer.write([Int32](0..<10_000))
            try writer.flush()
            try pipe.fileHandleForWriting.close()
        }
        // Read 7 bytes at a time so that every value straddles chunk boundaries.
        let handle = pipe.fileHandleForReading
        let reader = KryoStreamReader(codec: codec) { try handle.readRetryingInterruptions(upToCount: 7) }
        #expect(try reader.next(String.self) == big)
        #expect(try reader.next(AllKinds.self) == AllKinds.sample())
        #expect(try reader.next([Int32].self) == Array(0..<10_000))
        #expect(try reader.input.isAtEnd())
        try await writerTask.value
    }

    @Test func fileWritesAreAtomic() throws {
        let registry = try PeerConfig.cocoa.registry()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        try registry.encode(SampleBean(key: 1, name: "kept"), as: .kryo(.v2), to: url)
        struct NotSerializable {}
        #expect(throws: SerializationError.self) { try registry.encode(NotSerializable(), as: .kryo(.v2), to: url) }
        let back = try registry.decode(SampleBean.self, fromFileAt: url, as: .kryo(.v2))
        #expect(back == SampleBean(key: 1, name: "kept"))
    }
}
