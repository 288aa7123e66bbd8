import CAllocationMeter
import Foundation

/// Measures how much heap a closure needs at its peak, for the tests that feed a decoder a short
/// input claiming a huge count or length and check that it fails without allocating what was
/// claimed.
///
/// **How it measures, and why that is sound.** `Tests/CAllocationMeter` defines `malloc`, `free`,
/// `calloc`, `realloc` and the aligned allocators in the test executable. On glibc an executable's
/// definitions interpose the C library's for every library of the process (the Swift runtime,
/// Foundation, the C library itself): glibc supports replacing its allocator so. Each forwards to
/// glibc's own (`__libc_malloc`…), and while ``peakBytes(during:)`` runs, the thread that runs it
/// adds the usable size of every block it allocates and subtracts that of every block it frees,
/// keeping the highest value the sum reaches. So the result is a true peak: a block of a gigabyte
/// allocated and freed again before the decoder throws counts in full. What the alternatives miss:
///
/// - `mallinfo2()` before and after gives the heap in use at two instants, not in between, and it
///   is process-wide, so tests running in parallel on other threads move it;
/// - glibc's high-water marks (`malloc_info`'s `system max`) never go down, so a test cannot see an
///   allocation below a peak an earlier test reached;
/// - `getrusage`'s `ru_maxrss` counts pages touched, and a large `malloc` is an `mmap` whose pages
///   are not touched until written (a `reserveCapacity` of 8 GiB costs no resident memory);
/// - timing says nothing about memory.
///
/// The count is per thread: a decode call runs on the calling thread, and other tests' threads are
/// not counted. Blocks freed by the thread that another thread allocated lower the sum, which can
/// only make the peak smaller than the thread's true use by what it frees of others (decoders free
/// nothing of the caller's). Under a sanitizer, whose runtime replaces `malloc` itself, and off
/// glibc, the meter is off (``isAvailable`` is `false`) and the peak is reported as 0.
enum AllocationMeter {
    /// Whether allocations are counted in this process.
    static var isAvailable: Bool { kryo_meter_available() != 0 }

    /// The highest net growth of this thread's heap while `body` runs, in bytes: what it allocated
    /// minus what it freed, at the worst moment. 0 when the meter is off.
    static func peakBytes(during body: () throws -> Void) rethrows -> Int {
        kryo_meter_start()
        defer { _ = kryo_meter_stop() }
        try body()
        return Int(kryo_meter_stop())
    }

    /// The error `body` throws and the peak heap growth on the way to it. `body` runs twice: once
    /// to fill what a first call fills for good (type metadata, a registry's cached bindings),
    /// once measured. `nil` as the error when `body` returns.
    static func failure(
        _ label: String, claiming claim: Int, _ body: () throws -> Void
    ) -> (error: (any Error)?, peakBytes: Int) {
        _ = try? body()
        var thrown: (any Error)?
        let peak = peakBytes {
            do { try body() } catch { thrown = error }
        }
        if ProcessInfo.processInfo.environment["KRYO_ALLOCATION_REPORT"] != nil {
            print("allocation: \(label): claimed \(claim), peak \(peak) bytes")
        }
        return (thrown, peak)
    }

    /// The most a decoder may allocate while refusing a short input that claims a huge size: far
    /// below what any claim of these tests would take (2^20 elements or more), far above what a
    /// decoder needs to set up a call.
    static let bound = 1 << 20
}
