#!/usr/bin/env bash
# Runs every test of SwiftKryo. Installs what the tests need when it is missing: a headless JDK,
# Debian's libkryo-java (Java Kryo 2.20, the real peer the binary tests exchange bytes with) and
# zlib's headers (the build links the system zlib for DeflateSerializer).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
[ -f /usr/share/java/kryo.jar ] || need+=(libkryo-java)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
if [ ${#need[@]} -gt 0 ]; then
    echo "Installing ${need[*]} for the build and the Java Kryo peer..."
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

swift build --build-tests "$@"
swift test --skip-build "$@"

# The block graph tests (C structs, raw memory) again under AddressSanitizer, which on Linux also
# reports leaks: no leak, overflow, use-after-free or double free. Its own build directory; about
# 2.5 minutes from scratch on two cores, 1 minute once built. KRYO_SKIP_ASAN=1 skips it.
if [ "${KRYO_SKIP_ASAN:-0}" != 1 ]; then
    LSAN_OPTIONS="suppressions=$PWD/Tests/lsan-suppressions.txt" \
        swift test --sanitize=address --scratch-path .build-asan --filter KryoBlockGraphTests
fi
