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
# fails when DocC warns (an unresolved symbol link, an undocumented parameter…) or when a public
# symbol has no documentation.
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/documentation}"
mkdir -p "$output"
targets=(SwiftKryo KryoCore KryoCodable KryoBinary KryoKeyed KryoReadable KryoPlist KryoRichText KryoSchemaFiles
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

# Every public symbol declared in the sources (extensions and compiler-synthesized members aside),
# per module: documented by a comment of its own, documented by the requirement it implements
# (a serializer's `write(_:to:)`), or not at all. Fails when a symbol is not documented.
python3 - "${targets[@]}" <<'PYTHON'
import glob, json, sys
total = undocumented = 0
for module in sys.argv[1:]:
    symbols = {}
    for path in glob.glob(f".build/*/extracted-symbols/*/{module}/{module}*.symbols.json"):
        for symbol in json.load(open(path))["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open") or "location" not in symbol:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            symbols[symbol["identifier"]["precise"]] = symbol
    own = sum(1 for s in symbols.values()
              if s.get("docComment", {}).get("uri") == s["location"]["uri"])
    missing = [".".join(s["pathComponents"]) for s in symbols.values() if not s.get("docComment")]
    print(f"{module}: {len(symbols)} public symbols, {own} documented in place, "
          f"{len(symbols) - own - len(missing)} by the requirement they implement, {len(missing)} not")
    for name in sorted(missing):
        print(f"  undocumented: {name}")
    total += len(symbols)
    undocumented += len(missing)
print(f"all modules: {total} public symbols, {undocumented} undocumented")
sys.exit(1 if undocumented else 0)
PYTHON
