#!/usr/bin/env bash
# Benchmarks checklist on a PostgreSQL server against psql running the same SQL on the same
# server, timed by hyperfine in the same invocation: one-item `check`, `check -` of 10,000
# IDs, and `list` of N items (default 100,000); and offline copies: `clone` against pg_dump,
# `sync` with nothing to do, `sync` of 10,000 offline checks made by one command, and `sync`
# of 1,000 and of 10,000 one-item checks made by as many commands (N must be 20,000 or more
# for the 10,000 IDs to exist). A benchmark, not a test: it never fails on a
# timing. Prints a table of medians and ratios, and keeps hyperfine's JSON in the results
# folder.
#
#   bench/server.sh                   a server of its own (.ci/postgres.sh), N = 100,000
#   bench/server.sh --uri URI         an existing server (a database bench_N is made in it)
#   bench/server.sh --n 1000 --runs 3 a quick run
#   bench/server.sh --only sync-taps  the rows named (commas between), the others skipped
#   bench/server.sh --delay 5         check-one, check-many and list over a network whose round
#                                     trip is 10 ms (bench/delay_proxy.py), psql sending each
#                                     transaction as one message (-c), as checklist does
#   CHECKLIST_BIN=path bench/server.sh   that binary (default .build/release/checklist)
set -euo pipefail

BENCH_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH_SRC")
BIN=${CHECKLIST_BIN:-$REPO/.build/release/checklist}
OUT=${BENCH_DIR:-$BENCH_SRC/results}
URI="" N=100000 RUNS=20 OWN="" ONLY="" DELAY=""
while [ $# -gt 0 ]; do
    case $1 in
        --uri) URI=$2; shift 2 ;;
        --n) N=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --only) ONLY=,$2,; shift 2 ;;
        --delay) DELAY=$2; ONLY=${ONLY:-,check-one,check-many,list,}; shift 2 ;;
        -h | --help) sed -n 2,16p "$0"; exit 0 ;;
        *) echo "bench/server.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
[ -x "$BIN" ] || { echo "bench/server.sh: no binary at $BIN (swift build -c release)" >&2; exit 1; }
# The binary as the README installs it (`install -s`):
# stripped, so the run starts the program people run, not its 30 MB of symbols.
INSTALLED=$(mktemp -d)
install -s "$BIN" "$INSTALLED/checklist"
BIN=$INSTALLED/checklist
# The real psql binary: Debian's /usr/bin/psql is a Perl wrapper (pg_wrapper) whose own
# start-up would be timed with it.
PSQL_BIN=$( (pg_config --bindir 2>/dev/null || ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1) | head -n 1)/psql
command -v hyperfine >/dev/null && [ -x "$PSQL_BIN" ] ||
    { echo "bench/server.sh: needs hyperfine and psql (apt-get install hyperfine postgresql-client)" >&2; exit 1; }
head -c 2 "$PSQL_BIN" | grep -q '#!' && { echo "bench/server.sh: $PSQL_BIN is a script, not psql's binary" >&2; exit 1; }

if [ -z "$URI" ]; then
    OWN=$(bash "$REPO/.ci/postgres.sh" start)
    URI=$OWN
    trap 'bash "$REPO/.ci/postgres.sh" stop "$OWN"' EXIT
fi
DB=bench_$N
psql "$URI" -X -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null 2>&1
TARGET=${URI/\/postgres\?/\/$DB?}
WORK=$(mktemp -d)
mkdir -p "$OUT"

echo "bench/server.sh: $N items in $DB; $(psql "$URI" -X -A -t -c 'SHOW server_version') on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
seq 1 "$N" | sed 's/^/item /' | CHECKLIST_DB=$TARGET "$BIN" add - -q >/dev/null
seq 1 2 20000 | head -n 10000 >"$WORK/ids"
ONE=$((N / 2))
IDS=$(paste -sd, "$WORK/ids")
NOW="to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
LOCK="SET LOCAL lock_timeout = '5s'; SELECT revision FROM checklist.state FOR UPDATE;"
cat >"$WORK/check-one.sql" <<EOF
BEGIN; $LOCK
UPDATE checklist.items SET is_selected = true, updated_at = $NOW WHERE id = $ONE AND NOT is_selected;
COMMIT;
EOF
cat >"$WORK/check-many.sql" <<EOF
BEGIN; $LOCK
UPDATE checklist.items SET is_selected = true, updated_at = $NOW
WHERE id = ANY('{$IDS}') AND NOT is_selected;
COMMIT;
EOF
cat >"$WORK/list.sql" <<EOF
SELECT CASE WHEN i.is_selected THEN '[x] ' ELSE '[ ] ' END || i.id || ' ' || i.title
FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
WHERE l.name = 'default' ORDER BY l.name, i.position, i.id;
EOF
RESET_ONE="psql '$TARGET' -X -q -c 'UPDATE checklist.items SET is_selected = false WHERE id = $ONE'"
RESET_MANY="psql '$TARGET' -X -q -c 'UPDATE checklist.items SET is_selected = false WHERE is_selected'"
PSQL="'$PSQL_BIN' '$TARGET' -X -q -A -t"
PG_DUMP=$(dirname "$PSQL_BIN")/pg_dump
# A copy in step, and one holding 10,000 offline checks, made from it before every run (with
# the server's side of the last run undone: the checks, their stamps, the copy's progress and
# the revision it synced at, so that the server answers it with what changed since).
"$BIN" clone "$TARGET" "$WORK/copy.db" -q
"$BIN" clone "$TARGET" "$WORK/pending.db" -q
CHECKLIST_DB="$WORK/pending.db" "$BIN" check - -q < "$WORK/ids"
# A day of taps (issue 47): 1,000 one-item checks on a copy, one command each, and 10,000,
# against psql applying the same one-row updates in one transaction. (Making the 10,000 takes
# a minute or two: skipped unless its row is to run.)
taps() { # count, the copy's file
    "$BIN" clone "$TARGET" "$WORK/$2" -q
    head -n "$1" "$WORK/ids" | while read -r id; do CHECKLIST_DB="$WORK/$2" "$BIN" check "$id" -q; done
    {
        echo "BEGIN; $LOCK"
        head -n "$1" "$WORK/ids" | sed "s/.*/UPDATE checklist.items SET is_selected = true, updated_at = $NOW WHERE id = & AND NOT is_selected;/"
        echo "COMMIT;"
    } >"$WORK/check-$2.sql"
}
taps 1000 taps.db
[ -z "$ONLY" ] || [[ $ONLY == *,sync-taps-10000,* ]] && taps 10000 taps10k.db
# The server's side of a sync undone before each run: the checks, their stamps (the field
# revisions go back to 0 in a second statement: the trigger sets a field's revision whenever
# its stamp moves, and an unchecking the copy never saw would make each check a conflict,
# told on stdout), the copies' progress and the revision they synced at (so that the server
# answers with what changed since), what they sent (kept by what it is: it would not be sent
# again), and the copy's generation, as the file put back has it.
reset_sync() { # the copy's file (pending.db, taps.db), the file that syncs
    local generation
    generation=$(sqlite3 "$WORK/$1" 'SELECT generation FROM syncState')
    echo "cp '$WORK/$1' '$WORK/$2'; psql '$TARGET' -X -q -c \"UPDATE checklist.items SET is_selected = false, stamps = stamps || jsonb_build_object('checked', jsonb_build_object('stamp', '')) WHERE is_selected\" -c \"UPDATE checklist.items SET stamps = jsonb_set(stamps, '{checked,revision}', '0') WHERE stamps -> 'checked' ->> 'stamp' = ''\" -c 'UPDATE checklist.copies SET synced_through = 0, synced_revision = 0' -c 'UPDATE checklist.state SET pull_from = 0' -c 'DELETE FROM checklist.sent_changes' -c 'DELETE FROM checklist.copy_notices' -c \"UPDATE checklist.copies SET generation = '$generation' WHERE copy_id = (SELECT copyId FROM (VALUES ('$(sqlite3 "$WORK/$1" 'SELECT copyId FROM syncState')')) AS c(copyId))\""
}
RESET_SYNC=$(reset_sync pending.db sending.db)
RESET_TAPS=$(reset_sync taps.db tapping.db)
[ -f "$WORK/taps10k.db" ] && RESET_TAPS10K=$(reset_sync taps10k.db tapping10k.db)
CL="CHECKLIST_DB='$TARGET' '$BIN'"
SQL=-f  # psql reads the file: a statement, a round trip
if [ -n "$DELAY" ]; then
    # The timed commands reach the server through the delaying proxy, over TCP; the resets and
    # the set-up do not. psql sends each transaction's statements as one message (-c): one
    # round trip, its best.
    SOCKET=$(echo "$TARGET" | sed -n 's/.*host=\([^&]*\).*/\1/p')/.s.PGSQL.5432
    python3 "$BENCH_SRC/delay_proxy.py" "$SOCKET" "$WORK/port" "$DELAY" &
    PROXY=$!
    trap 'kill $PROXY 2>/dev/null; [ -z "$OWN" ] || bash "$REPO/.ci/postgres.sh" stop "$OWN"' EXIT
    while [ ! -f "$WORK/port" ]; do sleep 0.1; done
    USER_NAME=$(echo "$TARGET" | sed -n 's/.*user=\([^&]*\).*/\1/p')
    THROUGH="postgresql://${USER_NAME:-$USER}@127.0.0.1:$(cat "$WORK/port")/$DB"
    CL="CHECKLIST_DB='$THROUGH' '$BIN'"
    PSQL="'$PSQL_BIN' '$THROUGH' -X -q -A -t"
    SQL=-c
    echo "bench/server.sh: through a network of ${DELAY} ms each way ($THROUGH)" >&2
fi
sql() { # the psql arguments that run a file of SQL: -f FILE, or -c with its text
    if [ "$SQL" = -f ]; then echo "-f '$WORK/$1'"; else echo "-c \"\$(cat '$WORK/$1')\""; fi
}

row() { # name, prepare, checklist command, psql command
    [ -z "$ONLY" ] || [[ $ONLY == *,$1,* ]] || return 0
    local json=$OUT/server-$1-$N.json
    hyperfine -S bash --runs "$RUNS" --warmup 2 --prepare "$2" --export-json "$json" \
        -n checklist "$3" -n psql "$4" >&2
    python3 - "$json" "$1" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
c, p = results["checklist"], results["psql"]
print(f"| {sys.argv[2]} | {c['median']*1000:.1f} ms (max {c['max']*1000:.1f}) "
      f"| {p['median']*1000:.1f} ms (max {p['max']*1000:.1f}) | {c['median']/p['median']:.2f}x |")
PY
}

{
    echo "| step at $N items | checklist | psql, same SQL | ratio |"
    echo "| --- | --- | --- | --- |"
    row check-one "$RESET_ONE" "$CL check $ONE -q" "$PSQL $(sql check-one.sql)"
    row check-many "$RESET_MANY" "$CL check - -q < '$WORK/ids'" "$PSQL $(sql check-many.sql)"
    # A compact table for the reads: check-many's runs leave 200,000 dead rows behind, and
    # how far autovacuum had got through them swung list's times (both programs') by 3x
    # between runs, and its plans with them.
    psql "$TARGET" -X -q -c 'VACUUM FULL ANALYZE checklist.items' >/dev/null
    row list true "$CL list > /dev/null" "$PSQL $(sql list.sql) > /dev/null"
    # Offline copies (issue 31): clone against pg_dump of the schema's data; a sync with
    # nothing to do against psql's one-row write transaction; a sync sending 10,000 offline
    # checks (one `check -` of 10,000 IDs on the copy) against psql's same update.
    row clone "rm -f '$WORK/clone.db'" "'$BIN' clone '$TARGET' '$WORK/clone.db' -q" \
        "'$PG_DUMP' --data-only --schema=checklist '$TARGET' > /dev/null"
    row sync-nothing true "CHECKLIST_DB='$WORK/copy.db' '$BIN' sync -q" \
        "$PSQL -c 'BEGIN; SELECT revision FROM checklist.state FOR UPDATE; COMMIT;'"
    row sync-checks "$RESET_SYNC" "CHECKLIST_DB='$WORK/sending.db' '$BIN' sync -q" \
        "$PSQL -f '$WORK/check-many.sql'"
    row sync-taps "$RESET_TAPS" "CHECKLIST_DB='$WORK/tapping.db' '$BIN' sync -q" \
        "$PSQL -f '$WORK/check-taps.db.sql'"
    [ ! -f "$WORK/taps10k.db" ] ||
        row sync-taps-10000 "$RESET_TAPS10K" "CHECKLIST_DB='$WORK/tapping10k.db' '$BIN' sync -q" \
            "$PSQL -f '$WORK/check-taps10k.db.sql'"
} | tee "$OUT/server-$N${DELAY:+-delay$DELAY}.md"
rm -rf "$WORK" "$INSTALLED"
