#!/usr/bin/env bash
# Compiles KryoNetBench (this folder) with the Java KryoNet endpoint it extends (Tests/KryoNetPeer)
# and the MediaContent classes and harness it shares with the serialization benchmark
# (Benchmarks/Java), once for Kryo 2.20 (KryoNet 2.21) and once for Kryo 5.6.2 (crykn/kryonet),
# into OUTDIR/<release>.
# Usage: Benchmarks/JavaKryoNet/build.sh [OUTDIR]   (default: Benchmarks/.build-java-kryonet)
# The Kryo 5 jar must be in the cache (Benchmarks/run.sh and Tests/run.sh fetch it).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH_DIR="$(dirname "$SCRIPT_DIR")"
ROOT="$(dirname "$BENCH_DIR")"
OUT="${1:-$BENCH_DIR/.build-java-kryonet}"
# shellcheck source=../../Tests/kryo-jars.sh
source "$ROOT/Tests/kryo-jars.sh"

for release in 2.20 5.6.2; do
    rm -rf "${OUT:?}/$release"
    mkdir -p "$OUT/$release"
    # shellcheck disable=SC2046
    javac -nowarn -cp "$(kryo_classpath "$release")" -d "$OUT/$release" \
        $(find "$SCRIPT_DIR" "$ROOT/Tests/KryoNetPeer" "$BENCH_DIR/Java" -name '*.java')
done
echo "KryoNetBench: compiled into $OUT/{2.20,5.6.2}" >&2
