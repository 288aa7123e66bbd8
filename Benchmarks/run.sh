#!/usr/bin/env bash
# Runs the Swift workloads and the Java Kryo 2.20 harness in one sitting and prints one table
# (Markdown): operation, ns/op (median, min, max), bytes, and the ratio to each peer.
#
#   bash Benchmarks/run.sh            # full run (about 5 minutes on 2 cores)
#   bash Benchmarks/run.sh --quick    # shorter passes, for a smoke test
#
# Results go to Benchmarks/results/<timestamp>/ (table.md, the raw TSVs and the encoded bytes).
set -euo pipefail
cd "$(dirname "$0")"

QUICK=""
[ "${1:-}" = "--quick" ] && QUICK="--quick"

need=()
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
[ -f /usr/share/java/kryo.jar ] || need+=(libkryo-java)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

out="results/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out/swift-bytes" "$out/java-bytes"

echo "building..." >&2
swift build -c release --product kryo-compare >&2
bash Java/build.sh .build-java

JARS=/usr/share/java/kryo.jar:/usr/share/java/objenesis.jar:/usr/share/java/minlog.jar:/usr/share/java/reflectasm.jar:/usr/share/java/asm.jar
echo "Java Kryo 2.20..." >&2
java -cp ".build-java:$JARS" MediaBench "$out/java-bytes" $QUICK > "$out/java.tsv"
echo "Swift..." >&2
# Keep freed memory in the process, as the Java harness's fixed, pre-touched heap does; otherwise
# each 80 MB array decode pays the kernel for fresh pages, and that is what would be measured.
export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1073741824:glibc.malloc.trim_threshold=1073741824
.build/release/kryo-compare $QUICK --write "$out/swift-bytes" > "$out/swift.tsv"
for nodes in 10000 100000 1000000; do
    .build/release/kryo-compare --graph-memory "$nodes" >> "$out/graph-memory.tsv"
done

# A 1 GB stream of MediaContent records through a file, written and read back (bounded memory).
.build/release/kryo-compare --stream-megabytes "${STREAM_MB:-1000}" > "$out/stream.tsv"

python3 table.py "$out" | tee "$out/table.md"
