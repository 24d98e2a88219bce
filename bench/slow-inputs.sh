#!/usr/bin/env bash
# Inputs that once took quadratic time (issue 29, 25), each timed against the same bytes
# shaped as one flat input (for an import: a flat list of one-line tasks), at two sizes: linear time shows as a ratio near 1 at both sizes
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

flat_like() { # $1's bytes, within a line, as one flat list of one-line tasks in $2
    local size
    size=$(stat -c %s "$1")
    awk -v size="$size" 'BEGIN { for (i = 1; ; i++) {
        line = "- [ ] t" i; total += length(line) + 1; if (total > size) break; print line } }' \
        > "$2"
}

row() { # NAME N FILE IMPORT-FLAGS...: an import of FILE into a new database, against flat_like
    local name=$1 n=$2 file=$3 it flat
    shift 3
    flat_like "$file" "$WORK/flat"
    rm -f "$WORK"/import.db*
    it=$(seconds "$file" env CHECKLIST_DB="$WORK/import.db" "$CL" import -q "$@" -)
    rm -f "$WORK"/import.db*
    flat=$(seconds "$WORK/flat" env CHECKLIST_DB="$WORK/import.db" "$CL" import -q "$@" -)
    rm -f "$WORK"/import.db*
    printf '| %s | %d | %.2f s | %.2f s | %.2fx |\n' "$name" "$n" "$it" "$flat" \
        "$(echo "$it / $flat" | bc -l)"
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
    # import --lenient: one task and N continuation lines under it (2.5 MiB at 200,000).
    { echo '- [ ] task'; seq 1 "$n" | sed 's/^/  word/'; } > "$WORK/long"
    row 'import --lenient (one task, N continuation lines)' "$n" "$WORK/long" --lenient
    # import --lenient: tasks nested D deep, each under the one above; the file grows as D
    # squared, so D = sqrt(180 N) doubles the bytes with N (6,000 deep and 36 MB at 200,000).
    depth=$(echo "sqrt(180 * $n)" | bc)
    awk -v d="$depth" 'BEGIN { s = ""; for (i = 0; i < d; i++) { print s "- [ ] t"; s = s "  " } }' \
        > "$WORK/deep"
    row "import --lenient (tasks nested $depth deep)" "$n" "$WORK/deep" --lenient
    # import: N/2 lists of one task each, a '## list' heading over each (100,000 at 200,000).
    seq 1 $((n / 2)) | awk '{ print "## list" $1; print "- [ ] task" }' > "$WORK/lists"
    row 'import (N/2 lists of one task)' "$n" "$WORK/lists"
done
