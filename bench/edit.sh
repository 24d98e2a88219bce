#!/usr/bin/env bash
# Benchmarks the edit mode on a pseudo-terminal: first screen, keypress to screen (space with
# its write, j, G) and peak memory, at 1,000 and 1,000,000 items. Targets (issue 9): first
# screen <= 150 ms and <= 40 MiB at 1,000,000 items; a key to its screen <= 16 ms median;
# a key typed in the filter redrawn within 50 ms at 1,000,000 items (the count follows). And
# `checklist pick` opens as fast as edit (issue 33): bench/pick.py times both in turn.
#
#   bench/edit.sh                    build a release binary, then run both sizes
#   bench/edit.sh --no-build 1000    use .build/release/checklist as it is, these sizes
#   CHECKLIST_BIN=path bench/edit.sh use that binary
set -euo pipefail
BENCH_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH_SRC")
BUILD=1
if [ "${1:-}" = "--no-build" ]; then BUILD=0; shift; fi
SIZES=${*:-1000 1000000}
BIN=${CHECKLIST_BIN:-}
if [ -z "$BIN" ]; then
    BIN=$REPO/.build/release/checklist
    if [ $BUILD = 1 ]; then
        (cd "$REPO" && flock /tmp/checklist-swift.lock swift build -c release >&2)
    fi
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for n in $SIZES; do
    db=$WORK/edit-$n.db
    seq "$n" | sed 's/^/Item /' | CHECKLIST_DB=$db "$BIN" add - -q >/dev/null
    python3 "$BENCH_SRC/edit.py" "$BIN" "$db" "$n" 50
    python3 "$BENCH_SRC/pick.py" "$BIN" "$db" "$n"
done
