import KryoCore

extension KryoCodec {
    /// Explains a Kryo stream byte by byte by decoding it with this codec's own reader, traced:
    /// each byte range the reader read, with its offset, raw bytes and meaning (class tags,
    /// reference and null markers, primitives, strings, lengths, field-name headers, chunks).
    /// There is one Kryo decoder: what the dump says is what ``decode(_:from:)-(_,[UInt8])`` reads.
    ///
    /// ```swift
    /// let codec = KryoCodec(registry: try Registry(schemas: schemas), dialect: .v2)
    /// print(codec.inspect(bytes).render())
    /// ```
    ///
    /// It never throws: where the reader fails, the dump ends with a ``KryoDump/stop`` at the
    /// offset of the error, and the bytes from there are a ``KryoDumpEntry/Role/raw`` entry; bytes
    /// after the root value are a ``KryoDumpEntry/Role/trailing`` entry. A decode that is not
    /// traced pays one check of a flag per hook.
    ///
    /// - Parameters:
    ///   - bytes: The stream.
    ///   - javaClass: For ``KryoFraming/object`` and ``KryoFraming/objectOrNull``, the class the
    ///     reader names (no class tag before the value); `nil` for what `writeClassAndObject`
    ///     writes.
    /// - Returns: Entries covering every byte once, in order, and the reason the reader stopped,
    ///   if it did.
    public func inspect(_ bytes: [UInt8], javaClass: String? = nil) -> KryoDump {
        inspect(bytes, in: bytes.startIndex..<bytes.endIndex, javaClass: javaClass)
    }

    /// Explains the value in `range` of `bytes`, as if those bytes were the whole stream, with
    /// every offset counted in `bytes`: one record of a larger capture explained where it lies.
    ///
    /// - Parameters:
    ///   - bytes: The input.
    ///   - range: Where the value lies (clamped to `bytes`).
    ///   - javaClass: The class the reader names, for a `writeObject` stream.
    ///   - coversTrailing: Whether bytes of `range` after the value are a trailing entry (`false`:
    ///     the dump ends where the value ends, its ``KryoDump/byteCount`` the value's length).
    /// - Returns: The dump; see ``inspect(_:javaClass:)``.
    public func inspect(
        _ bytes: [UInt8], in range: Range<Int>, javaClass: String? = nil, coversTrailing: Bool = true
    ) -> KryoDump {
        inspect(bytes, in: range, javaClass: javaClass, coversTrailing: coversTrailing, memory: nil)
    }

    /// ``inspect(_:in:javaClass:coversTrailing:)`` of a value of a stream that numbers its class
    /// names (and objects) once for all its values (`memory`, ``KryoStreamMemory``), when given:
    /// what a value read whole adds is kept in `memory`.
    func inspect(
        _ bytes: [UInt8], in range: Range<Int>, javaClass: String?, coversTrailing: Bool,
        memory: KryoStreamMemory?
    ) -> KryoDump {
        let range = range.clamped(to: bytes.startIndex..<bytes.endIndex)
        let tracer = KryoTracer(bytes: bytes, range: range)
        let input = KryoInput(Array(bytes[range]))
        let reader = KryoBinaryReader(registry: registry, dialect: dialect, options: options, input: input)
        reader.trace(with: tracer)
        var stop: KryoDumpStop?
        do {
            try reader.withStreamMemory(memory) {
                if let javaClass {
                    _ = try reader.readRoot(framing: framing, javaName: javaClass)
                } else {
                    _ = try reader.readRoot(framing: framing, declaredType: Any?.self)
                }
            }
        } catch let failure as SerializationError {
            stop = Self.stop(for: failure, origin: range.lowerBound, end: range.upperBound, tracer: tracer)
        } catch {
            stop = KryoDumpStop(kind: .malformed, offset: tracer.end, reason: "\(error)")
        }
        var entries = tracer.entries
        let valueEnd = range.lowerBound + input.offset
        if let stop {
            let from = min(max(stop.offset, tracer.end), range.upperBound)
            tracer.append(tracer.end..<from, role: .raw)
            tracer.append(from..<range.upperBound, role: .raw)
            entries = tracer.entries
            return KryoDump(byteCount: range.count, entries: entries, stop: stop)
        }
        // Bytes the reader went past without a hook (an inflated value, say), then the rest.
        tracer.append(tracer.end..<valueEnd, role: .raw)
        if coversTrailing { tracer.append(valueEnd..<range.upperBound, role: .trailing) }
        entries = tracer.entries
        return KryoDump(
            byteCount: coversTrailing ? range.count : valueEnd - range.lowerBound, entries: entries, stop: nil)
    }

    /// Explains a stream of consecutive top-level values (one `writeClassAndObject` or
    /// `writeObject` call per record), one dump per record, offsets counted in `bytes`; see
    /// ``inspect(_:in:javaClass:coversTrailing:)``. The walk stops after a record whose dump has a
    /// ``KryoDump/stop``, when `body` returns `false`, or at the end of `bytes`. Each record is read
    /// from a window of the stream that doubles until the record fits: work and memory grow with
    /// each record's size, not with the stream's.
    ///
    /// - Parameters:
    ///   - bytes: The stream.
    ///   - javaClass: The class the reader names, for `writeObject` records.
    ///   - autoReset: Whether each record numbers its own class names, as Java's default does;
    ///     `false` for a stream written after `kryo.setAutoReset(false)`, whose records number them
    ///     once for the whole stream (``KryoStreamReader/init(codec:autoReset:bytes:)``).
    ///   - body: Called with the record's number (from 1) and its dump.
    public func inspectRecords(
        _ bytes: [UInt8], javaClass: String? = nil, autoReset: Bool = true,
        _ body: (_ number: Int, _ dump: KryoDump) throws -> Bool
    ) rethrows {
        let memory = autoReset ? nil : KryoStreamMemory()
        var start = bytes.startIndex
        var number = 1
        while start < bytes.endIndex {
            var window = 4096
            var dump: KryoDump
            let before = memory?.readState
            while true {
                let end = bytes.endIndex - start <= window ? bytes.endIndex : start + window
                dump = inspect(bytes, in: start..<end, javaClass: javaClass, coversTrailing: false, memory: memory)
                guard dump.stop?.kind == .truncated, end < bytes.endIndex else { break }
                // The objects the cut read numbered are read again from the larger window.
                if let memory, let before { memory.restore(before) }
                window *= 2
            }
            guard try body(number, dump), dump.stop == nil, dump.byteCount > 0 else { return }
            start += dump.byteCount
            number += 1
        }
    }

    /// Where and why the traced reader stopped, from its error.
    private static func stop(for failure: SerializationError, origin: Int, end: Int, tracer: KryoTracer) -> KryoDumpStop
    {
        var offset = min(origin + (failure.offset ?? (tracer.end - origin)), end)
        let kind: KryoDumpStop.Kind
        switch failure.kind {
        case .truncatedInput, .lengthExceedsInput: kind = .truncated
        case .unknownClassID, .unknownClassName, .unregisteredType, .unsupported:
            kind = .unknownLayout
            // The class tag is explained: understanding stops after it.
            offset = max(offset, tracer.end)
        case .depthLimitExceeded: kind = .tooDeep
        case .invalidReference:
            kind = .malformed
            // The marker is not explained: understanding stops where it starts.
            offset = min(offset, tracer.end)
        default: kind = .malformed
        }
        let left = end - offset
        var reason = "expected \(failure.expected), found \(failure.found)"
        switch failure.kind {
        case .unknownClassID:
            reason = "class \(failure.found) is not in the schema; cannot tell the layout of what follows"
        case .unknownClassName, .unregisteredType:
            let found = failure.found
            let name =
                found.firstIndex(of: "\"").flatMap { open in
                    found.lastIndex(of: "\"").map { close in close > open ? found[found.index(after: open)..<close] : ""
                    }
                } ?? found[...]
            reason = "class \(name) is not in the schema; cannot tell the layout of what follows"
        case .invalidValue:
            // A tag just read that names no field of its class (TaggedFieldSerializer): what
            // follows it has a layout only the writer's class knows.
            if let tag = tracer.unnamedTag, offset == tracer.end {
                return KryoDumpStop(
                    kind: .unknownLayout, offset: offset,
                    reason: "\(tag.text) is not a field of \(tag.javaName); cannot tell the layout of what follows "
                        + "(\(left) byte\(left == 1 ? "" : "s") left)")
            }
        default: break
        }
        if !failure.path.isEmpty { reason += " (path: \(failure.path.joined(separator: ".")))" }
        if kind == .truncated {
            reason = "expected \(failure.expected) at \(KryoDump.address(offset)), found \(failure.found)"
        } else {
            reason += " (\(left) byte\(left == 1 ? "" : "s") left)"
        }
        return KryoDumpStop(kind: kind, offset: offset, reason: reason)
    }
}
