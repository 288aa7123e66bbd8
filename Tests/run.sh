#!/usr/bin/env bash
# Runs every test of SwiftKryo. Installs what the tests need when it is missing: a headless JDK,
# Debian's libkryo-java (Java Kryo 2.20, the real peer the binary tests exchange bytes with),
# zlib's headers (the build links the system zlib for DeflateSerializer) and OpenSSL's
# (libssl-dev: the build links libcrypto for BlowfishSerializer). Fetches the jars of the
# two other Java peers, Kryo 4.0.3 and Kryo 5.6.2, into a cache folder outside the repository,
# ${SWIFTKRYO_JAR_CACHE:-~/.cache/swiftkryo} (the tests look for them there; never committed).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
[ -f /usr/share/java/kryo.jar ] || need+=(libkryo-java)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/openssl/blowfish.h ] || need+=(libssl-dev)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
command -v pip >/dev/null 2>&1 || python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
if [ ${#need[@]} -gt 0 ]; then
    echo "Installing ${need[*]} for the build and the Java Kryo peer..."
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The Kryo 4 and Kryo 5 jars, from the Python packages that bundle them, into
# ${SWIFTKRYO_JAR_CACHE:-~/.cache/swiftkryo} (about 20 s and 800 MB of downloads, deleted once the
# jars are out; Tests/kryo-jars.sh). A failed fetch (offline, say) does not stop the other tests;
# the Kryo 4 and 5 peer tests then fail saying which jars are missing.
# shellcheck source=kryo-jars.sh
source Tests/kryo-jars.sh
trap kryo_fetch_cleanup EXIT
kryo_fetch_jars || echo "warning: could not fetch the Kryo 4 and 5 jars; their peer tests will fail" >&2

# Without debug information (-gnone): CI builds from a new clone every time, and the debug
# information took about 14 % of the build's processor time and much of the linking (measured on
# the whole suite: 10 m 22 s of CPU with it, 8 m 57 s without), while no test reads it. A build for
# a debugger is `swift build`; the first `swift build` after this script (or the first run of it
# after one) rebuilds everything once, since the flags differ.
flags=(-Xswiftc -gnone)
swift build --build-tests "${flags[@]}" "$@"

# The block graph tests (C structs, raw memory) again under AddressSanitizer, which on Linux also
# reports leaks: no leak, overflow, use-after-free or double free. A package of its own
# (Tests/ASan, the same sources through symbolic links), so that the sanitized build makes only
# SwiftKryo and these tests; its own build directory. About 1.5 minutes from scratch on two cores.
# The million-node graph (LargeGraphTests) runs in the debug suite below only: under the sanitizer
# it takes a minute and reaches no code the smaller graphs do not. KRYO_SKIP_ASAN=1 skips the stage.
# It runs beside the main suite, which keeps about one core busy (much of it waits on the Java
# peers), and its output follows the suite's.
asan_log=$(mktemp)
asan_pid=
if [ "${KRYO_SKIP_ASAN:-0}" != 1 ]; then
    LSAN_OPTIONS="suppressions=$PWD/Tests/lsan-suppressions.txt" \
        swift test --package-path Tests/ASan --sanitize=address --scratch-path .build-asan --skip LargeGraphTests \
        >"$asan_log" 2>&1 &
    asan_pid=$!
fi

status=0
swift test --skip-build "${flags[@]}" --skip KryoNetTests "$@" || status=$?
if [ -n "$asan_pid" ]; then
    asan_status=0
    wait "$asan_pid" || asan_status=$?
    echo "--- AddressSanitizer stage (Tests/ASan) ---"
    cat "$asan_log"
    [ "$asan_status" -eq 0 ] || status=$asan_status
fi
rm -f "$asan_log"
[ "$status" -eq 0 ] || exit "$status"

# The KryoNet tests on their own: they measure keep-alives and timeouts in fractions of a second,
# which the rest of the suite, running in parallel on two cores, would stretch.
swift test --skip-build "${flags[@]}" --filter KryoNetTests "$@"
