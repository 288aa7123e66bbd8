import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// TCP hands a server its bytes in reads that cut frames anywhere: inside the length, inside
    /// the object, several frames and the start of another at once. Every cut gives the same
    /// objects, in order, and a bad length is refused however its bytes arrive.
    @Suite struct FrameSplitTests {
        /// Sends `bytes` in pieces cut at `cuts` (offsets, increasing), pausing between them so
        /// that each piece reaches the server in a read of its own.
        static func send(_ bytes: [UInt8], cutAt cuts: [Int], over socket: RawSocket) async throws {
            var start = 0
            for cut in cuts + [bytes.count] where cut > start {
                try socket.send(Array(bytes[start..<min(cut, bytes.count)]))
                start = cut
                try await Task.sleep(for: .milliseconds(30))
            }
        }

        /// The texts of the chat messages the hostile connection sent, in the order received.
        static func texts(_ count: Int, from setup: HostileInputTests.Setup) async throws -> [String?] {
            var texts: [String?] = []
            for _ in 0..<count {
                let (message, received) = try await setup.events.received(ChatMessage.self)
                #expect(received.connection.id == 2)
                texts.append(message.text)
            }
            return texts
        }

        @Test func framesCutAnywhereArriveWholeAndInOrder() async throws {
            let setup = try await HostileInputTests.Setup()
            let socket = try await HostileInputTests.hostile(setup)
            let serialization = try ChatNetwork.serialization()
            // Short messages, one close to the object buffer (2048 bytes), an empty one.
            let texts: [String?] = ["a", "twelve bytes", String(repeating: "é", count: 1000), "", "last one", nil]
            let frames = try texts.map { try frame(serialization.encode(ChatMessage(text: $0))) }
            let stream = frames.flatMap { $0 }
            let ends = frames.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
            // Inside the first length; inside the second object; just after the third length;
            // inside the long object twice; the fourth and fifth whole with the sixth's length
            // cut after one byte; the rest.
            let cuts = [
                2, ends[1] + 6, ends[2] + 4, ends[2] + 700, ends[2] + 1500, ends[5] + 1,
            ]
            try await Self.send(stream, cutAt: cuts, over: socket)
            #expect(try await Self.texts(texts.count, from: setup) == texts)
            // Whole frames after the cuts still arrive, and the connection is still up.
            try socket.send(frames[1] + frames[0])
            #expect(try await Self.texts(2, from: setup) == ["twelve bytes", "a"])
            let connection = try #require(setup.server.connection(id: 2))
            #expect(connection.isConnected)
            await setup.close()
        }

        @Test func aLengthTooLargeIsRefusedWhenItsBytesArriveApart() async throws {
            let setup = try await HostileInputTests.Setup()
            let socket = try await HostileInputTests.hostile(setup)
            let serialization = try ChatNetwork.serialization()
            let good = try frame(serialization.encode(ChatMessage(text: "before")))
            // A whole frame and half of a length that claims 1,000,000 bytes, then the rest of it.
            try await Self.send(good + [0x00, 0x0f, 0x42, 0x40], cutAt: [good.count + 2], over: socket)
            #expect(try await Self.texts(1, from: setup) == ["before"])
            let reason = try await setup.hostileEnd()
            guard case .error(.frameTooLarge(let length, let limit)) = reason else {
                Issue.record("expected frameTooLarge, got \(reason)")
                return
            }
            #expect(length == 1_000_000)
            #expect(limit == 2048)
            await setup.close()
        }

        @Test func aPeerThatStopsInsideALengthEndsWithATruncatedFrame() async throws {
            let setup = try await HostileInputTests.Setup()
            let socket = try await HostileInputTests.hostile(setup)
            try socket.send([0, 0])
            socket.shutdownWriting()
            let reason = try await setup.hostileEnd()
            guard case .error(.truncatedFrame(let received, let expected)) = reason else {
                Issue.record("expected truncatedFrame, got \(reason)")
                return
            }
            #expect(received == 2)
            #expect(expected == 4)
            await setup.close()
        }
    }
}
