#!/usr/bin/env bash
# Compiles the Java Kryo 2.20 benchmark harness.
# Usage: Benchmarks/Java/build.sh [OUTDIR]   (default: Benchmarks/.build-java)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH_DIR="$(dirname "$SCRIPT_DIR")"          # .../Benchmarks
OUT="${1:-$BENCH_DIR/.build-java}"

JARS=/usr/share/java/kryo.jar:/usr/share/java/objenesis.jar:/usr/share/java/minlog.jar:/usr/share/java/reflectasm.jar:/usr/share/java/asm.jar

mkdir -p "$OUT"
# shellcheck disable=SC2046
javac -nowarn -cp "$JARS" -d "$OUT" $(find "$SCRIPT_DIR" -name '*.java')
echo "compiled into $OUT" >&2
echo "run: java -cp $OUT:$JARS MediaBench OUTDIR [--quick]" >&2
