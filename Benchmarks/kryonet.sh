#!/usr/bin/env bash
# The KryoNet benchmark: Swift (kryonet-bench, on KryoNetServer/KryoNetClient) and Java
# (JavaKryoNet/KryoNetBench.java, the tests' Java KryoNet endpoint on the real Kryo jars) servers
# and clients over TCP on loopback, every pairing: Swift server <- Swift client, Swift <- Java,
# Java <- Swift, Java <- Java, and a Swift server that takes its objects through events() instead
# of a listener <- Java; in Kryo 2.20's dialect (KryoNet 2.21) and Kryo 5.6.2's (crykn/kryonet). For each pairing one client process runs warm-up rounds, then measured rounds,
# each round N MediaContent objects one way (timed from the first object sent to the server's
# "done" after the N-th) and M sequential pings (round trips per second, p50 and p99); the table
# shows the median of the measured rounds and Swift ÷ Java.
#
#   bash Benchmarks/kryonet.sh            # about 70 s on 2 cores (10 of them compiling the Java side)
#   bash Benchmarks/kryonet.sh --quick    # about 30 s, a smoke test
#   options: --out DIR (default: results/<timestamp>-kryonet), --no-build (run.sh built it),
#            --dialects "2 5" (Kryo releases: 2 = 2.20, 5 = 5.6.2)
#   KRYONET_OBJECTS, KRYONET_PINGS, KRYONET_WARMUP, KRYONET_REPS override the round sizes;
#   KRYONET_SWIFT_BENCH runs another kryonet-bench binary (a build of another commit, say).
#
# Benchmarks/run.sh runs it after the serialization tables, in the same sitting and results
# folder. Writes DIR/kryonet.tsv (dialect, server, client, then the client's line), the machine's
# load before and after in DIR/kryonet-sitting.txt, and prints the tables (table.py --kryonet).
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=../Tests/kryo-jars.sh
source ../Tests/kryo-jars.sh

QUICK=0
OUT=""
BUILD=1
DIALECTS="2 5"
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --out) OUT="$2"; shift ;;
        --no-build) BUILD=0 ;;
        --dialects) DIALECTS="$2"; shift ;;
        *) echo "usage: kryonet.sh [--quick] [--out DIR] [--no-build] [--dialects \"2 5\"]" >&2; exit 2 ;;
    esac
    shift
done
if [ "$QUICK" = 1 ]; then
    # A smoke test: too short for the JVM's compiler to finish, so Java's numbers are too low.
    objects=${KRYONET_OBJECTS:-8000} pings=${KRYONET_PINGS:-800} warmup=${KRYONET_WARMUP:-1} reps=${KRYONET_REPS:-3}
else
    objects=${KRYONET_OBJECTS:-50000} pings=${KRYONET_PINGS:-5000} warmup=${KRYONET_WARMUP:-3} reps=${KRYONET_REPS:-5}
fi
OUT="${OUT:-results/$(date +%Y%m%d-%H%M%S)-kryonet}"
mkdir -p "$OUT"

if [ "$BUILD" = 1 ]; then
    kryo_fetch_jars
    echo "building kryonet-bench..." >&2
    swift build -c release --product kryonet-bench >&2
fi
bash JavaKryoNet/build.sh .build-java-kryonet
swift_bench=${KRYONET_SWIFT_BENCH:-.build/release/kryonet-bench}
: > "$OUT/kryonet.tsv"
errors="$OUT/kryonet-stderr.txt"
{
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "rounds: $objects objects one way, $pings pings; $warmup warm-up, $reps measured"
    echo "start: $(date -Iseconds), $(uptime | sed 's/.*load/load/')"
} > "$OUT/kryonet-sitting.txt"

# One pairing: the server in the background (its standard input open until the client is done),
# then the client, whose result lines go to kryonet.tsv with the pairing in front.
run_pairing() {
    local kryo=$1 server=$2 client=$3 release classpath line port server_pid server_in server_out
    release=$([ "$kryo" = 5 ] && echo 5.6.2 || echo 2.20)
    classpath=".build-java-kryonet/$release:$(kryo_classpath "$release")"
    echo "Kryo $release: $server server <- $client client..." >&2
    if [ "$server" = swift ] || [ "$server" = swift-events ]; then
        local events=""
        [ "$server" = swift-events ] && events=--events
        # shellcheck disable=SC2086
        coproc SERVER { exec "$swift_bench" server --kryo "$kryo" --port 0 $events 2>>"$errors"; }
    else
        coproc SERVER { exec java -cp "$classpath" KryoNetBench --kryo "$kryo" --role server --tcp 0 2>>"$errors"; }
    fi
    server_pid=$SERVER_PID server_in=${SERVER[1]} server_out=${SERVER[0]}
    if ! read -r -t 60 line <&"$server_out" || [[ $line != READY* ]]; then
        echo "the $server server did not start (see $errors)" >&2
        kill "$server_pid" 2>/dev/null || true
        return 1
    fi
    port=${line#READY tcp=}
    port=${port%% *}
    local rounds=(--objects "$objects" --pings "$pings" --warmup "$warmup" --reps "$reps")
    local status=0
    if [ "$client" = swift ]; then
        timeout 600 "$swift_bench" client --kryo "$kryo" --port "$port" "${rounds[@]}" 2>>"$errors" > "$OUT/client.out" || status=$?
    else
        timeout 600 java -cp "$classpath" KryoNetBench --kryo "$kryo" --role client --tcp "$port" "${rounds[@]}" \
            2>>"$errors" > "$OUT/client.out" || status=$?
    fi
    awk -v pairing="v$kryo	$server	$client" '/^(oneway|ping)\t/ { print pairing "\t" $0 }' "$OUT/client.out" >> "$OUT/kryonet.tsv"
    rm -f "$OUT/client.out"
    exec {server_in}>&-
    wait "$server_pid" || true
    if [ "$status" != 0 ]; then
        echo "the $client client failed with status $status (see $errors)" >&2
        return 1
    fi
}

failed=0
for kryo in $DIALECTS; do
    for pairing in "swift swift" "swift java" "swift-events java" "java swift" "java java"; do
        # shellcheck disable=SC2086
        run_pairing "$kryo" $pairing || failed=1
    done
done
echo "end: $(date -Iseconds), $(uptime | sed 's/.*load/load/')" >> "$OUT/kryonet-sitting.txt"
python3 table.py --kryonet "$OUT" | tee "$OUT/kryonet.md"
exit "$failed"
