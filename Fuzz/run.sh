#!/bin/bash
# Runs the libFuzzer targets one after another (Docs/Reliability.md).
#
#   Fuzz/run.sh [SECONDS] [-runs=N] [TARGET...]
#
# SECONDS (default 60) is the time each target runs; -runs=N runs N inputs instead; with both, each
# target stops at whichever comes first (`Fuzz/run.sh 3600 -runs=10000000`: the issue's bar). TARGETs are
# names (kryo-typed, kryo-dynamic, property-list, keyed-typed, keyed-unknown, readable,
# schema-files, block-graph, rich-text); all of them by default. For each target it
#   1. writes the seeds (fixtures of the repository, values encoded by the library) to seeds/NAME,
#   2. runs the fuzzer on corpus/NAME, starting from corpus/NAME, seeds/NAME and the replayed
#      corpus Tests/Fixtures/fuzz/NAME; new inputs land in corpus/NAME,
#   3. minimizes corpus/NAME (-merge=1),
#   4. with FUZZ_UPDATE_FIXTURES=1, adds to Tests/Fixtures/fuzz/NAME the inputs that reach
#      coverage it does not yet reach (-merge=1 again), for `swift test` to replay,
#   5. keeps crashes, leaks, timeouts and out-of-memory inputs in artifacts/NAME/, the log in
#      logs/NAME.log, and prints the executions and coverage of the run.
# Runs at nice 19. Environment: FUZZ_MAX_LEN (default 16384), FUZZ_RSS_MB (default 2048),
# FUZZ_TIMEOUT (seconds per input, default 10), FUZZ_DETECT_LEAKS (see below).
#
# Leaks: the targets that decode object graphs (kryo-typed, kryo-dynamic, keyed-typed,
# keyed-unknown, readable, rich-text) run with -detect_leaks=0 unless FUZZ_DETECT_LEAKS=1. Input
# that forms a reference cycle and then fails leaves the half-read cycle to ARC, which never frees
# a cycle (Docs/Reliability.md). The other targets run with leak detection on. The minimizing
# steps never check leaks (ASAN_OPTIONS too: its check at exit would fail the merge and save the
# empty input as a crash). Swift's backtracer is off: under AddressSanitizer it reports a second,
# misleading error after a finding, and can hang.
set -u
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")"
fuzz_dir=$(pwd)
repository=$(cd .. && pwd)

time_limit=""
runs_limit=""
while [ $# -gt 0 ]; do
    case "$1" in
        -runs=*) runs_limit="$1"; shift ;;
        [0-9]*) time_limit="-max_total_time=$1"; shift ;;
        *) break ;;
    esac
done
[ -n "$time_limit$runs_limit" ] || time_limit="-max_total_time=60"
limit="$time_limit${time_limit:+${runs_limit:+ }}$runs_limit"
all_targets="kryo-typed kryo-dynamic property-list keyed-typed keyed-unknown readable schema-files block-graph rich-text"
targets="${*:-$all_targets}"

executable_of() {
    case "$1" in
        kryo-typed) echo FuzzKryoTyped ;;
        kryo-dynamic) echo FuzzKryoDynamic ;;
        property-list) echo FuzzPropertyList ;;
        keyed-typed) echo FuzzKeyedTyped ;;
        keyed-unknown) echo FuzzKeyedUnknown ;;
        readable) echo FuzzReadable ;;
        schema-files) echo FuzzSchemaFiles ;;
        block-graph) echo FuzzBlockGraph ;;
        rich-text) echo FuzzRichText ;;
        *) return 1 ;;
    esac
}

binaries=.build/release
for target in $targets; do
    executable=$(executable_of "$target") || { echo "unknown target $target (known: $all_targets)" >&2; exit 2; }
    [ -x "$binaries/$executable" ] || { echo "no $binaries/$executable: run Fuzz/build.sh first" >&2; exit 2; }
done

status=0
for target in $targets; do
    executable=$(executable_of "$target")
    binary="$binaries/$executable"
    corpus="corpus/$target"
    seeds="seeds/$target"
    fixtures="$repository/Tests/Fixtures/fuzz/$target"
    artifacts="artifacts/$target"
    log="logs/$target.log"
    mkdir -p "$corpus" "$artifacts" logs "$fixtures"
    rm -rf "$seeds"
    FUZZ_WRITE_SEEDS="$seeds" "$binary" > /dev/null 2>&1
    case "$target" in
        property-list | schema-files | block-graph) leaks=1 ;;
        *) leaks="${FUZZ_DETECT_LEAKS:-0}" ;;
    esac
    echo "== $target ($executable, $limit, detect_leaks=$leaks)"
    # libFuzzer's -detect_leaks covers each input; ASAN_OPTIONS covers the check at exit.
    ASAN_OPTIONS="detect_leaks=$leaks${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
        nice -n 19 "$binary" $limit -detect_leaks="$leaks" -max_len="${FUZZ_MAX_LEN:-16384}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
        -timeout="${FUZZ_TIMEOUT:-10}" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "$seeds" "$fixtures" > "$log" 2>&1
    result=$?
    if [ $result -ne 0 ]; then
        status=1
        echo "   FAILED (exit $result): see Fuzz/$log and Fuzz/$artifacts/"
        grep -m 3 -E "ERROR|Fatal error|FINDING|==[0-9]+==" "$log" | sed 's/^/   /'
    fi
    grep -E "^#[0-9]+ +DONE|^Done [0-9]+ runs" "$log" | tail -2 | sed 's/^/   /'
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" | tail -2 | sed 's/^/   /'
    grep -E "^#[0-9]+" "$log" | tail -1 | grep -oE "^#[0-9]+|cov: [0-9]+|ft: [0-9]+|exec/s: [0-9]+" | tr '\n' ' ' \
        | sed 's/^/   last: /; s/$/\n/'
    # Minimize the working corpus.
    rm -rf "$corpus.min" && mkdir -p "$corpus.min"
    if ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" nice -n 19 "$binary" -merge=1 -detect_leaks=0 -max_len="${FUZZ_MAX_LEN:-16384}" -timeout="${FUZZ_TIMEOUT:-10}" \
        -artifact_prefix="$artifacts/" "$corpus.min" "$corpus" > "logs/$target.merge.log" 2>&1; then
        rm -rf "$corpus" && mv "$corpus.min" "$corpus"
    else
        rm -rf "$corpus.min"
    fi
    echo "   corpus: $(ls "$corpus" | wc -l) inputs after minimizing"
    if [ "${FUZZ_UPDATE_FIXTURES:-0}" = 1 ]; then
        # Edges only (no hit counts), greedy set cover; then, of what is new, the smallest inputs
        # up to FUZZ_FIXTURES_MAX (default 40) files in the folder, as the tests replay each.
        before=$(ls "$fixtures" | wc -l)
        cover=$(mktemp -d)
        cp "$fixtures"/. "$cover"/ 2>/dev/null || cp -r "$fixtures"/. "$cover"/
        ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" nice -n 19 "$binary" -merge=1 -set_cover_merge=1 -use_counters=0 -detect_leaks=0 \
            -max_len="${FUZZ_MAX_LEN:-16384}" -timeout="${FUZZ_TIMEOUT:-10}" \
            "$cover" "$corpus" > "logs/$target.fixtures.log" 2>&1
        room=$(( ${FUZZ_FIXTURES_MAX:-40} - before ))
        if [ "$room" -gt 0 ]; then
            for file in $(cd "$cover" && ls -S -r); do
                [ -e "$fixtures/$file" ] && continue
                [ "$room" -le 0 ] && break
                cp "$cover/$file" "$fixtures/$file"
                room=$((room - 1))
            done
        fi
        rm -rf "$cover"
        echo "   Tests/Fixtures/fuzz/$target: $before -> $(ls "$fixtures" | wc -l) inputs"
    fi
done
exit $status
