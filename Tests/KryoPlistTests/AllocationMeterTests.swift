import Testing

/// The meter the allocation-bound tests rely on sees what it must: a block allocated and freed
/// again inside the closure counts at its full size, and what the closure frees of its own does
/// not make a later, smaller allocation look larger.
@Suite struct AllocationMeterTests {
    @Test(.enabled(if: AllocationMeter.isAvailable)) func aBlockFreedBeforeTheEndCountsAtItsPeak() {
        let peak = AllocationMeter.peakBytes {
            let block = [UInt8](repeating: 1, count: 8 << 20)
            #expect(block.count == 8 << 20)
        }
        #expect(peak >= 8 << 20)
        #expect(peak < 9 << 20)
    }

    @Test(.enabled(if: AllocationMeter.isAvailable)) func untouchedCapacityCounts() {
        // Reserved and never written: no resident memory, but allocated all the same.
        let peak = AllocationMeter.peakBytes {
            var reserved: [UInt64] = []
            reserved.reserveCapacity(1 << 27)  // 1 GiB
            #expect(reserved.capacity >= 1 << 27)
        }
        #expect(peak >= 1 << 30)
    }

    @Test(.enabled(if: AllocationMeter.isAvailable)) func successiveBlocksCountAtTheirLargestTogether() {
        let peak = AllocationMeter.peakBytes {
            for size in [1 << 20, 2 << 20, 3 << 20] {
                let block = [UInt8](repeating: 0, count: size)
                #expect(block.count == size)
            }
        }
        #expect(peak >= 3 << 20)
        #expect(peak < 4 << 20)
    }
}
