#!/usr/bin/env bash
# Compiles the Java Kryo benchmark harness once per Kryo release (2.20, 4.0.3, 5.6.2): one source,
# each build against its release's class path (see Tests/kryo-jars.sh), into OUTDIR/<release>.
# Usage: Benchmarks/Java/build.sh [OUTDIR]   (default: Benchmarks/.build-java)
# The Kryo 4 and 5 jars must be in the cache (Benchmarks/run.sh and Tests/run.sh fetch them).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH_DIR="$(dirname "$SCRIPT_DIR")"          # .../Benchmarks
OUT="${1:-$BENCH_DIR/.build-java}"
# shellcheck source=../../Tests/kryo-jars.sh
source "$SCRIPT_DIR/../../Tests/kryo-jars.sh"

for release in "${KRYO_RELEASES[@]}"; do
    jars="$(kryo_classpath "$release")"
    rm -rf "${OUT:?}/$release"
    mkdir -p "$OUT/$release"
    # shellcheck disable=SC2046
    javac -nowarn -cp "$jars" -d "$OUT/$release" $(find "$SCRIPT_DIR" -name '*.java')
    echo "Kryo $release: compiled into $OUT/$release" >&2
    echo "  run: java -cp $OUT/$release:$jars MediaBench OUTDIR [--quick]" >&2
done
