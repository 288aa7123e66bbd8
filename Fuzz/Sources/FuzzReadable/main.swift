import FuzzHarness
import FuzzLogic

// libFuzzer's entry points: see Fuzz/Sources/FuzzLogic for what the target does.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.run(.readable, start, count)
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    FuzzHarness.initialize(.readable)
}
