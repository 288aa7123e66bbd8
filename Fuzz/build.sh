#!/bin/sh
# Builds the libFuzzer targets with AddressSanitizer (Linux or macOS; a Swift 6 toolchain with
# libFuzzer, as swift.org's are). SwiftPM's own --sanitize=fuzzer compiles the executables as
# libraries (libFuzzer supplies main) and instruments every module, the library's included.
#   Fuzz/build.sh            release build (what run.sh uses)
#   Fuzz/build.sh debug      debug build, for a readable stack trace of a crash
set -eu
cd "$(dirname "$0")"
configuration="${1:-release}"
# One -sanitize flag naming both: swiftc keeps only the last of several -sanitize flags, and
# SwiftPM's --sanitize=fuzzer --sanitize=address comes out in either order (a set), so that a build
# had either coverage without AddressSanitizer or AddressSanitizer without coverage. --sanitize=fuzzer
# stays for SwiftPM's handling of the executables (libFuzzer supplies main).
# SWIFTKRYO_WITHOUT_MACROS: the package leaves the macros out (Package.swift says why).
export SWIFTKRYO_WITHOUT_MACROS=1
# SwiftPM keeps the file lists of a path dependency's targets from the last time it loaded this
# manifest: a file added to the library since (seen: KryoPlist's WordwiseBytes.swift) was left
# out of the build, which then failed. A newer manifest makes it load the package graph again.
touch Package.swift
exec swift build -c "$configuration" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
