# Sourced by Tests/run.sh, Benchmarks/run.sh and Benchmarks/Java/build.sh: the class path of each
# Java Kryo release the peers run against, and the fetch of the Kryo 4 and 5 jars when they are
# missing.
#
#   Kryo 2.20:  Debian's libkryo-java (/usr/share/java; run.sh installs it);
#   Kryo 4.0.3: ${SWIFTKRYO_JAR_CACHE:-~/.cache/swiftkryo}/kryo4/{kryo-shaded-4.0.3,minlog-1.3.0,objenesis-3.5}.jar
#               (Apache Spark's, from pyspark 4.3.0's source archive);
#   Kryo 5.6.2: ${SWIFTKRYO_JAR_CACHE:-~/.cache/swiftkryo}/kryo5/flink-dist-2.3.0.jar, the whole
#               class path (from apache-flink-libraries 2.3.0's wheel).
#
# The Swift tests look for the jars in the same cache (Tests/KryoBinaryTests/Support/JavaPeer.swift),
# so a machine that ran the tests has them for the benchmarks too. Needs pip and unzip; never
# commits anything (the cache is outside the repository).

jar_cache="${SWIFTKRYO_JAR_CACHE:-$HOME/.cache/swiftkryo}"
kryo4_jars=(kryo-shaded-4.0.3.jar minlog-1.3.0.jar objenesis-3.5.jar)
KRYO_RELEASES=(2.20 4.0.3 5.6.2)

# The class path of a release (2.20, 4.0.3 or 5.6.2).
kryo_classpath() {
    case "$1" in
        2.20) echo /usr/share/java/kryo.jar:/usr/share/java/objenesis.jar:/usr/share/java/minlog.jar:/usr/share/java/reflectasm.jar:/usr/share/java/asm.jar ;;
        4.0.3) local IFS=:; echo "${kryo4_jars[*]/#/$jar_cache/kryo4/}" ;;
        5.6.2) echo "$jar_cache/kryo5/flink-dist-2.3.0.jar" ;;
        *) echo "unknown Kryo release $1" >&2; return 1 ;;
    esac
}

# Each download goes to a temporary folder in the cache and the jars move into place at the end,
# so an interrupted fetch leaves nothing half-written. (Every step ends in "|| return 1": errexit
# does not apply inside a function called before ||.)
kryo_fetch_tmp=""
kryo_fetch_cleanup() { [ -z "$kryo_fetch_tmp" ] || rm -rf "$kryo_fetch_tmp"; kryo_fetch_tmp=""; }
kryo_pip_download() {
    if command -v pip >/dev/null 2>&1; then pip download -q --no-deps "$@"; else python3 -m pip download -q --no-deps "$@"; fi
}
kryo_fetch5() {
    [ -f "$jar_cache/kryo5/flink-dist-2.3.0.jar" ] && return 0
    echo "Fetching Kryo 5.6.2 (apache-flink-libraries 2.3.0) into $jar_cache/kryo5..." >&2
    kryo_fetch_tmp="$(mktemp -d "$jar_cache/.fetch-kryo5.XXXXXX")" || return 1
    kryo_pip_download apache-flink-libraries==2.3.0 -d "$kryo_fetch_tmp/download" || return 1
    unzip -q -j "$kryo_fetch_tmp"/download/apache_flink_libraries-2.3.0-*.whl pyflink/lib/flink-dist-2.3.0.jar \
        -d "$kryo_fetch_tmp/jars" || return 1
    mkdir -p "$jar_cache/kryo5" && mv "$kryo_fetch_tmp/jars/flink-dist-2.3.0.jar" "$jar_cache/kryo5/" || return 1
    kryo_fetch_cleanup
}
kryo_fetch4() {
    local jar missing=0
    for jar in "${kryo4_jars[@]}"; do [ -f "$jar_cache/kryo4/$jar" ] || missing=1; done
    [ "$missing" = 0 ] && return 0
    echo "Fetching Kryo 4.0.3 (pyspark 4.3.0) into $jar_cache/kryo4..." >&2
    kryo_fetch_tmp="$(mktemp -d "$jar_cache/.fetch-kryo4.XXXXXX")" || return 1
    kryo_pip_download pyspark==4.3.0 -d "$kryo_fetch_tmp/download" || return 1
    mkdir -p "$kryo_fetch_tmp/jars" || return 1
    tar -xzf "$kryo_fetch_tmp/download/pyspark-4.3.0.tar.gz" -C "$kryo_fetch_tmp/jars" --strip-components=3 \
        "${kryo4_jars[@]/#/pyspark-4.3.0/deps/jars/}" || return 1
    mkdir -p "$jar_cache/kryo4" || return 1
    for jar in "${kryo4_jars[@]}"; do mv "$kryo_fetch_tmp/jars/$jar" "$jar_cache/kryo4/" || return 1; done
    kryo_fetch_cleanup
}

# Fetches whatever is missing; fails (after cleaning up) if a jar cannot be had.
kryo_fetch_jars() {
    mkdir -p "$jar_cache" || return 1
    kryo_fetch5 || { kryo_fetch_cleanup; echo "could not fetch the Kryo 5.6.2 jar into $jar_cache/kryo5" >&2; return 1; }
    kryo_fetch4 || { kryo_fetch_cleanup; echo "could not fetch the Kryo 4.0.3 jars into $jar_cache/kryo4" >&2; return 1; }
}
