#!/bin/sh
# Builds the libFuzzer targets with AddressSanitizer (Linux or macOS; a Swift 6 toolchain with
# libFuzzer, as swift.org's are). SwiftPM's own --sanitize=fuzzer compiles the executables as
# libraries (libFuzzer supplies main) and instruments every module, the library's included.
#   Fuzz/build.sh            release build (what run.sh uses)
#   Fuzz/build.sh debug      debug build, for a readable stack trace of a crash
set -eu
cd "$(dirname "$0")"
configuration="${1:-release}"
exec swift build -c "$configuration" --sanitize=fuzzer --sanitize=address
