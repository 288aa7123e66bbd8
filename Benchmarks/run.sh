#!/usr/bin/env bash
# Runs the Java Kryo harness against Kryo 5.6.2, 4.0.3 and 2.20 and the Swift workloads (the Kryo
# rows in each of the three dialects) in one sitting and prints the tables (Markdown): operation,
# ns/op (median, min, max), bytes, and Swift ÷ each Java release, Kryo 5.6.2 first; then, in the
# same sitting, the KryoNet benchmark (kryonet.sh: Swift and Java KryoNet servers and clients over
# loopback TCP, every pairing, MediaContent objects one way and ping round trips).
#
#   bash Benchmarks/run.sh            # full run (about 17 minutes on 2 cores; KryoNet about 1)
#   bash Benchmarks/run.sh --quick    # shorter passes, for a smoke test (KryoNet about 30 s)
#
# Results go to Benchmarks/results/<timestamp>/ (table.md, the raw TSVs and the encoded bytes).
# The Kryo 4.0.3 and 5.6.2 jars come from ${SWIFTKRYO_JAR_CACHE:-~/.cache/swiftkryo}, fetched
# there when missing as Tests/run.sh does (Tests/kryo-jars.sh).
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=../Tests/kryo-jars.sh
source ../Tests/kryo-jars.sh

QUICK=""
[ "${1:-}" = "--quick" ] && QUICK="--quick"

need=()
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
[ -f /usr/share/java/kryo.jar ] || need+=(libkryo-java)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
command -v pip >/dev/null 2>&1 || python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

kryo_fetch_jars

out="results/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out/swift-bytes" "$out/java-bytes"
# What was measured and on what: the commit, files changed in the work tree (built as they are),
# and the load of the machine before and after (other users' work shows there).
{
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "changed in the work tree: $(git status --porcelain -- ../Sources ../Package.swift . 2>/dev/null | wc -l) files"
    git status --porcelain -- ../Sources ../Package.swift . 2>/dev/null | sed 's/^/  /'
    echo "start: $(date -Iseconds), $(uptime | sed 's/.*load/load/')"
} > "$out/sitting.txt"

echo "building..." >&2
swift build -c release --product kryo-compare >&2
swift build -c release --product kryonet-bench >&2
bash Java/build.sh .build-java

# Before anything is timed: Swift's MediaContent bytes equal each Java release's (field serializer
# with references off and on, hand-written serializers), or the sitting stops.
for release in "${KRYO_RELEASES[@]}"; do
    java -cp ".build-java/$release:$(kryo_classpath "$release")" MediaBench "$out/java-bytes" --bytes-only 2>/dev/null
done
echo "Swift's bytes against Java's..." >&2
.build/release/kryo-compare --check-against "$out/java-bytes"

# One JVM per release (each forks its measuring JVM), Kryo 5 first. Their rows carry the release
# as a suffix (.v5, .v4, none for 2.20), as the Swift rows of the same dialect do.
for release in 5.6.2 4.0.3 2.20; do
    echo "Java Kryo $release..." >&2
    java -cp ".build-java/$release:$(kryo_classpath "$release")" MediaBench "$out/java-bytes" $QUICK \
        > "$out/java-$release.tsv"
done
echo "Swift..." >&2
# Keep freed memory in the process, as the Java harness's fixed, pre-touched heap does; otherwise
# each 80 MB array decode pays the kernel for fresh pages, and that is what would be measured.
export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1073741824:glibc.malloc.trim_threshold=1073741824
.build/release/kryo-compare $QUICK --write "$out/swift-bytes" > "$out/swift.tsv"
for dialect in v5 v4 v2; do
    for nodes in 10000 100000 1000000; do
        .build/release/kryo-compare --dialect "$dialect" --graph-memory "$nodes" >> "$out/graph-memory.tsv"
    done
done

# A 1 GB stream of MediaContent records through a file, written and read back (bounded memory),
# in Kryo 5's dialect.
.build/release/kryo-compare --dialect v5 --stream-megabytes "${STREAM_MB:-1000}" > "$out/stream.tsv"

# The `kryo` tool on a stream of a million MediaContent records (about 220 MB, Kryo 5): to JSON
# Lines and back to the same bytes, with the peak resident memory of each conversion (GNU time's
# %M), which must stay flat however long the stream. RECORDS changes the count.
echo "kryo convert of a stream of records..." >&2
swift build -c release --product kryo >&2
records_dir=$(mktemp -d)
.build/release/kryo-compare --dialect v5 --write-records "${RECORDS:-1000000}" "$records_dir/records.kryo"
convert_records() {  # from to input output label
    /usr/bin/time -f "%M %e" -o "$records_dir/time" .build/release/kryo convert "$3" --from "$1" --to "$2" \
        --schema ../Schemas/media-content.yaml --no-references --records all -o "$4"
    read -r peak_kb seconds < "$records_dir/time"
    printf 'records\t%s\t%s\t%s\t%s\t%s\n' "$5" "${RECORDS:-1000000}" "$(stat -c %s "$3")" "$peak_kb" "$seconds"
}
{
    convert_records kryo5 jsonl "$records_dir/records.kryo" "$records_dir/records.jsonl" "kryo5-to-jsonl"
    convert_records jsonl kryo5 "$records_dir/records.jsonl" "$records_dir/back.kryo" "jsonl-to-kryo5"
} > "$out/records.tsv"
if cmp -s "$records_dir/records.kryo" "$records_dir/back.kryo"; then
    echo "records: Kryo 5 → JSON Lines → Kryo 5 gave the same bytes" >> "$out/records.tsv"
else
    echo "records: Kryo 5 → JSON Lines → Kryo 5 gave DIFFERENT bytes" >> "$out/records.tsv"
    echo "error: the records did not come back to the same bytes" >&2
fi
rm -rf "$records_dir"

echo "end: $(date -Iseconds), $(uptime | sed 's/.*load/load/')" >> "$out/sitting.txt"

# KryoNet: its own tables (kryonet.md) and load lines (kryonet-sitting.txt) in the same folder;
# table.py adds them to table.md.
echo "KryoNet..." >&2
kryonet_status=0
bash kryonet.sh $QUICK --no-build --out "$out" > /dev/null || kryonet_status=$?
python3 table.py "$out" | tee "$out/table.md"
exit "$kryonet_status"
