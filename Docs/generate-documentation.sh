#!/usr/bin/env bash
# Builds the DocC documentation of every module a user imports, as one combined archive:
#
#   bash Docs/generate-documentation.sh [OUTPUT-DIRECTORY]     (default .build/documentation)
#
# The archive is OUTPUT-DIRECTORY/SwiftKryo.doccarchive (open it in Xcode, or serve it with
# `docc preview`); with DOCS_HOSTING_BASE_PATH=path it is transformed for static hosting under that
# path (GitHub Pages: the repository's name). The landing page is the umbrella module's catalog,
# Sources/SwiftKryo/SwiftKryo.docc, whose articles are the files of Docs/ (symbolic links); each
# module has its own catalog with its topics. Prints the documentation coverage of each module and
# fails when DocC warns (an unresolved symbol link, an undocumented parameter…).
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/documentation}"
mkdir -p "$output"
targets=(SwiftKryo KryoCore KryoBinary KryoKeyed KryoReadable KryoPlist KryoRichText KryoSchemaFiles
    KryoBlockGraph KryoNetProtocol KryoNet)
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done
if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then
    arguments+=(--transform-for-static-hosting --hosting-base-path "$DOCS_HOSTING_BASE_PATH")
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package --allow-writing-to-directory "$output" generate-documentation "${arguments[@]}" \
    --enable-experimental-combined-documentation --output-path "$output/SwiftKryo.doccarchive" \
    --experimental-documentation-coverage --coverage-summary-level brief 2>&1 | tee "$log"
warnings=$(grep -c '^warning:' "$log" || true)
if [ "$warnings" -gt 0 ]; then
    echo "DocC warned $warnings times (above)." >&2
    exit 1
fi
echo "Documentation without warnings: $output/SwiftKryo.doccarchive"
