#!/usr/bin/env bash
# Inputs that once took quadratic time (issue 29, 25), each timed against the same bytes
# shaped as one flat input, at two sizes: linear time shows as a ratio near 1 at both sizes
# and a time that doubles with the size. A benchmark, not a test: it never fails on a timing.
#   bench/slow-inputs.sh [SIZE...]          (default 200000 400000; CHECKLIST_BIN=binary)
set -euo pipefail
CL=${CHECKLIST_BIN:-$(cd "$(dirname "$0")/.." && pwd)/.build/release/checklist}
[ -x "$CL" ] || { echo "no $CL: build it, or set CHECKLIST_BIN" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200000 400000)

seconds() { # the wall time of a command, stdin from $1
    local input=$1; shift
    /usr/bin/time -f %e -o "$WORK/t" "$@" < "$input" > /dev/null 2>&1 || true
    cat "$WORK/t"
}

printf '| input | N | it | flat | ratio |\n| --- | --- | --- | --- | --- |\n'
for n in "${sizes[@]}"; do
    # check -: N comma-joined IDs and a trailing newline, against the same without it.
    seq -s, 1 "$n" > "$WORK/ids"
    head -c -1 "$WORK/ids" > "$WORK/flat"
    it=$(seconds "$WORK/ids" env CHECKLIST_DB="$WORK/db" "$CL" check -q --ignore-missing -)
    flat=$(seconds "$WORK/flat" env CHECKLIST_DB="$WORK/db" "$CL" check -q --ignore-missing -)
    printf '| check - (comma-joined IDs, trailing newline) | %d | %.2f s | %.2f s | %.2fx |\n' \
        "$n" "$it" "$flat" "$(echo "$it / $flat" | bc -l)"
done
