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

# The Kryo 4 and Kryo 5 jars, from the Python packages that bundle them (about 20 s and 800 MB
# of downloads, deleted once the jars are out):
#   kryo5/flink-dist-2.3.0.jar: Kryo 5.6.2 with minlog, reflectasm and objenesis, the whole class
#     path (apache-flink-libraries 2.3.0's wheel, pyflink/lib/flink-dist-2.3.0.jar);
#   kryo4/{kryo-shaded-4.0.3,minlog-1.3.0,objenesis-3.5}.jar: Apache Spark's (pyspark 4.3.0's
#     source archive, pyspark-4.3.0/deps/jars/).
# Each download goes to a temporary folder in the cache and the jars move into place at the end,
# so an interrupted fetch leaves nothing half-written.
jar_cache="${SWIFTKRYO_JAR_CACHE:-$HOME/.cache/swiftkryo}"
kryo4_jars=(kryo-shaded-4.0.3.jar minlog-1.3.0.jar objenesis-3.5.jar)
fetch_tmp=""
fetch_cleanup() { [ -z "$fetch_tmp" ] || rm -rf "$fetch_tmp"; fetch_tmp=""; }
trap fetch_cleanup EXIT
pip_download() {
    if command -v pip >/dev/null 2>&1; then pip download -q --no-deps "$@"; else python3 -m pip download -q --no-deps "$@"; fi
}
# (Every step ends in "|| return 1": errexit does not apply inside a function called before ||.)
fetch_kryo5() {
    [ -f "$jar_cache/kryo5/flink-dist-2.3.0.jar" ] && return 0
    echo "Fetching Kryo 5.6.2 (apache-flink-libraries 2.3.0) into $jar_cache/kryo5..."
    fetch_tmp="$(mktemp -d "$jar_cache/.fetch-kryo5.XXXXXX")" || return 1
    pip_download apache-flink-libraries==2.3.0 -d "$fetch_tmp/download" || return 1
    unzip -q -j "$fetch_tmp"/download/apache_flink_libraries-2.3.0-*.whl pyflink/lib/flink-dist-2.3.0.jar \
        -d "$fetch_tmp/jars" || return 1
    mkdir -p "$jar_cache/kryo5" && mv "$fetch_tmp/jars/flink-dist-2.3.0.jar" "$jar_cache/kryo5/" || return 1
    fetch_cleanup
}
fetch_kryo4() {
    local jar missing=0
    for jar in "${kryo4_jars[@]}"; do [ -f "$jar_cache/kryo4/$jar" ] || missing=1; done
    [ "$missing" = 0 ] && return 0
    echo "Fetching Kryo 4.0.3 (pyspark 4.3.0) into $jar_cache/kryo4..."
    fetch_tmp="$(mktemp -d "$jar_cache/.fetch-kryo4.XXXXXX")" || return 1
    pip_download pyspark==4.3.0 -d "$fetch_tmp/download" || return 1
    mkdir -p "$fetch_tmp/jars" || return 1
    tar -xzf "$fetch_tmp/download/pyspark-4.3.0.tar.gz" -C "$fetch_tmp/jars" --strip-components=3 \
        "${kryo4_jars[@]/#/pyspark-4.3.0/deps/jars/}" || return 1
    mkdir -p "$jar_cache/kryo4" || return 1
    for jar in "${kryo4_jars[@]}"; do mv "$fetch_tmp/jars/$jar" "$jar_cache/kryo4/" || return 1; done
    fetch_cleanup
}
# A failed fetch (offline, say) does not stop the other tests; the Kryo 4 and 5 peer tests then
# fail saying which jars are missing.
mkdir -p "$jar_cache"
fetch_kryo5 || { fetch_cleanup; echo "warning: could not fetch the Kryo 5 jar; its peer tests will fail" >&2; }
fetch_kryo4 || { fetch_cleanup; echo "warning: could not fetch the Kryo 4 jars; their peer tests will fail" >&2; }

swift build --build-tests "$@"
swift test --skip-build "$@"

# The block graph tests (C structs, raw memory) again under AddressSanitizer, which on Linux also
# reports leaks: no leak, overflow, use-after-free or double free. Its own build directory; about
# 2.5 minutes from scratch on two cores, 1 minute once built. KRYO_SKIP_ASAN=1 skips it.
if [ "${KRYO_SKIP_ASAN:-0}" != 1 ]; then
    LSAN_OPTIONS="suppressions=$PWD/Tests/lsan-suppressions.txt" \
        swift test --sanitize=address --scratch-path .build-asan --filter KryoBlockGraphTests
fi
