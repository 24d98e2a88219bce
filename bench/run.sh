#!/usr/bin/env bash
# Benchmarks checklist against the floor of its storage engine: SQLite's own command-line
# shell (sqlite3) running the equivalent SQL (bench/sql/*.sql) on the same schema, timed by
# hyperfine in the same invocation. Optionally adds Taskwarrior and todo.txt-cli at N = 10,000.
# A benchmark, not a test: it never fails on a timing. See bench/README.md.
#
#   bench/run.sh                      build, N = 1,000 / 100,000 / 1,000,000, peers at 10,000
#   bench/run.sh --sizes 1000         smoke run (no peers unless 10000 is a size or --peers)
#   bench/run.sh --no-build ...       use .build/release/checklist as it is
#   CHECKLIST_BIN=path bench/run.sh   use that binary (no build)
set -euo pipefail

BENCH_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH_SRC")
SQL_SRC=$BENCH_SRC/sql
PEER_N=10000

usage() {
    cat <<'EOF'
usage: bench/run.sh [options]
  --sizes LIST     item counts, comma or space separated (default: 1000 100000 1000000);
                   each a multiple of 10, at least 10
  --no-build       do not build; use .build/release/checklist (or $CHECKLIST_BIN)
  --bin PATH       use this checklist binary (implies --no-build); same as CHECKLIST_BIN
  --peers          add the Taskwarrior / todo.txt-cli table at N = 10,000
  --no-peers       skip it (default: run it when 10000 is a size or --sizes is not given)
  --runs R         hyperfine runs per command (default: 20 / 10 / 5 by N)
  --warmup W       hyperfine warmup runs (default: 3 / 2 / 1 by N)
  --out DIR        results folder (default: $BENCH_DIR, else bench/results)
  --keep-work      keep the work databases (they are deleted after a successful run)
  --no-install     never apt-get install missing tools
EOF
}

die() { echo "bench: error: $*" >&2; exit 1; }
say() { echo "bench: $*" >&2; }

SIZES="" BUILD=1 PEERS=auto RUNS="" WARMUP="" KEEP=0 INSTALL=1
BIN=${CHECKLIST_BIN:-}
OUT=${BENCH_DIR:-$BENCH_SRC/results}
while [ $# -gt 0 ]; do
    case $1 in
        --sizes) [ $# -ge 2 ] || die "--sizes needs a value"; SIZES="$SIZES ${2//,/ }"; shift 2 ;;
        --sizes=*) SIZES="$SIZES ${1#--sizes=}"; SIZES=${SIZES//,/ }; shift ;;
        --no-build) BUILD=0; shift ;;
        --bin) [ $# -ge 2 ] || die "--bin needs a path"; BIN=$2; shift 2 ;;
        --peers) PEERS=1; shift ;;
        --no-peers) PEERS=0; shift ;;
        --runs) [ $# -ge 2 ] || die "--runs needs a value"; RUNS=$2; shift 2 ;;
        --warmup) [ $# -ge 2 ] || die "--warmup needs a value"; WARMUP=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || die "--out needs a folder"; OUT=$2; shift 2 ;;
        --keep-work) KEEP=1; shift ;;
        --no-install) INSTALL=0; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
[ -n "$BIN" ] && BUILD=0
if [ -z "${SIZES// /}" ]; then
    SIZES="1000 100000 1000000"
    [ "$PEERS" = auto ] && PEERS=1
fi
read -r -a SIZES <<<"$SIZES"
for n in "${SIZES[@]}"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] && [ $((n % 10)) -eq 0 ] || die "bad size '$n': give multiples of 10"
done
if [ "$PEERS" = auto ]; then
    PEERS=0
    for n in "${SIZES[@]}"; do [ "$n" -eq $PEER_N ] && PEERS=1; done
fi
for v in "$RUNS" "$WARMUP"; do [[ -z $v || $v =~ ^[0-9]+$ ]] || die "--runs/--warmup take a number"; done

# --- Tools ---------------------------------------------------------------------------------

APT_UPDATED=0
install_packages() { # packages...; returns 1 when they cannot be installed here
    [ $# -gt 0 ] || return 0
    if [ "$INSTALL" = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "installing $*"
        if [ $APT_UPDATED = 0 ]; then apt-get update -qq >&2 && APT_UPDATED=1; fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
    else
        return 1
    fi
}

missing=()
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v hyperfine >/dev/null || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
install_packages "${missing[@]}" \
    || die "missing ${missing[*]}; install them (apt-get install ${missing[*]}) or run as root"
hyperfine -N --runs 1 true >/dev/null 2>&1 || die "hyperfine is too old (needs -N, 1.13+)"

TODO=""
if [ "$PEERS" = 1 ]; then
    missing=()
    command -v task >/dev/null || missing+=(taskwarrior)
    command -v todo-txt >/dev/null || command -v todo.sh >/dev/null || missing+=(todotxt-cli)
    if ! install_packages "${missing[@]}"; then
        say "warning: no ${missing[*]} (install as root); skipping the peer table"
        PEERS=0
    fi
    TODO=$(command -v todo-txt || command -v todo.sh || true)
fi

# --- The binary ----------------------------------------------------------------------------

if [ "$BUILD" = 1 ]; then
    command -v swift >/dev/null || die "no swift to build with; pass --no-build or --bin PATH"
    # Only the command-line program: the page's server (checklist-serve) is not benchmarked here.
    say "building: swift build -c release --static-swift-stdlib --product checklist"
    (cd "$REPO" && swift build -c release --static-swift-stdlib --product checklist >&2)
    BIN="$(cd "$REPO" && swift build -c release --static-swift-stdlib --show-bin-path)/checklist"
fi
BIN=${BIN:-$REPO/.build/release/checklist}
[ -x "$BIN" ] || die "no checklist binary at $BIN (build it, or pass --bin PATH)"

# --- Folders -------------------------------------------------------------------------------

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$OUT/work
JSON=$OUT/json
RESULTS=$OUT/results.db
rm -rf "$WORK" "$JSON" "$RESULTS"
mkdir -p "$WORK" "$JSON"
# A copy, so a rebuild while the benchmark runs cannot mix two versions in one table.
cp "$BIN" "$WORK/checklist"
CL=$WORK/checklist

SQLITE=(sqlite3 -init /dev/null -bail -batch)    # -init /dev/null: no ~/.sqliterc
sq() { "${SQLITE[@]}" "$@"; }
q() { printf '%q' "$1"; }                          # one word, quoted for sh -c / hyperfine -N
qcmd() { local out="" w; for w in "$@"; do out+="$(q "$w") "; done; printf '%s' "${out% }"; }
rd() { printf ".read '%s'" "$1"; }                 # .read a file, its path quoted
lit() { printf "'%s'" "${1//\'/\'\'}"; }           # an SQL string literal

# Restores a database (and drops its -wal/-shm) or a folder before each timed run.
cat >"$WORK/restore" <<'EOF'
#!/bin/sh
# restore SRC DST: a fresh copy of a database file (no -wal/-shm) or of a folder, flushed to
# disk: otherwise the first fsync of a timed command would also write out the whole copy
# (100 MB at N = 1,000,000), and which side pays for that is chance.
if [ -d "$1" ]; then rm -rf "$2" && cp -R "$1" "$2" && exec sync; fi
rm -f "$2-wal" "$2-shm" && cp -f "$1" "$2" && exec sync "$2"
EOF
chmod +x "$WORK/restore"
restore() { "$WORK/restore" "$@"; }
restore_cmd() { qcmd "$WORK/restore" "$@"; }

# Renders a bench/sql file for the sqlite3 shell: named parameters become literals, so the
# shell pays no .parameter table; the repo files stay runnable by hand with .parameter set.
render() { # src dst [name=value...]
    local src=$1 dst=$2 expr=() kv
    shift 2
    for kv in "$@"; do expr+=(-e "s/:${kv%%=*}\\b/${kv#*=}/g"); done
    if [ ${#expr[@]} -gt 0 ]; then sed "${expr[@]}" "$src" >"$dst"; else cp "$src" "$dst"; fi
}

sq "$RESULTS" <<'EOF'
CREATE TABLE steps(step TEXT PRIMARY KEY, ord INTEGER, label TEXT);
INSERT INTO steps VALUES
    ('add', 1, 'add - (N titles on stdin, empty list)'),
    ('list-text', 2, 'list (text, to /dev/null)'),
    ('list-match', 3, 'list --match (every title matches, to /dev/null)'),
    ('list-match-accented', 4, 'list --match, titles with e + U+0301 (every title matches)'),
    ('list-json', 5, 'list --format json (to /dev/null)'),
    ('count', 6, 'count'),
    ('check-one', 7, 'check ID (one item)'),
    ('check-range', 8, 'check LO-HI (N/10 IDs, one range)'),
    ('check-stdin', 9, 'check - (N/10 scattered IDs on stdin)'),
    ('uncheck-all', 10, 'uncheck --all (N/10 checked)'),
    ('delete-checked', 11, 'delete --checked (N/10 items)'),
    ('peer-list', 12, 'list (10,000 items, to /dev/null)'),
    ('peer-check-one', 13, 'check one item'),
    ('peer-check-many', 14, 'check many (1,000 items)'),
    ('peer-delete-many', 15, 'delete many (1,000 items)');
CREATE TABLE timing(step TEXT, n INTEGER, tool TEXT, median REAL, mean REAL, stddev REAL,
                    min REAL, max REAL, runs INTEGER);
CREATE TABLE memory(step TEXT, n INTEGER, tool TEXT, kb INTEGER);
CREATE TABLE warnings(text TEXT);
EOF

warn() {
    say "WARNING: $*"
    sq "$RESULTS" "INSERT INTO warnings VALUES ($(lit "$*"));"
}

runs_for() { if [ -n "$RUNS" ]; then echo "$RUNS"; elif [ "$1" -le 10000 ]; then echo 20; elif [ "$1" -le 100000 ]; then echo 10; else echo 5; fi; }
warmup_for() { if [ -n "$WARMUP" ]; then echo "$WARMUP"; elif [ "$1" -le 10000 ]; then echo 3; elif [ "$1" -le 100000 ]; then echo 2; else echo 1; fi; }

import_json() { # step n file
    sq "$RESULTS" "INSERT INTO timing
        SELECT $(lit "$1"), $2, json_extract(value, '\$.command'), json_extract(value, '\$.median'),
               json_extract(value, '\$.mean'), json_extract(value, '\$.stddev'),
               json_extract(value, '\$.min'), json_extract(value, '\$.max'),
               json_array_length(value, '\$.times')
        FROM json_each(readfile($(lit "$3")), '\$.results');"
}

peak_kb() { # command... (stdout to /dev/null); prints the peak RSS in KiB
    local f=$WORK/time.txt
    /usr/bin/time -v -o "$f" "$@" >/dev/null
    sed -n 's/.*Maximum resident set size (kbytes): *//p' "$f"
}

# --- Base databases --------------------------------------------------------------------------

EMPTY=$WORK/empty.db
make_empty() {
    local args=() m id
    for m in "$REPO"/migrations/*.sql; do
        id=$(basename "$m" .sql)
        args+=("$(rd "$m")" "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ($(lit "$id"));")
    done
    sq "$EMPTY" "${args[@]}" "$(rd "$SQL_SRC/setup/empty.sql")" >/dev/null
}

prepare_size() { # n: base databases, input files and rendered SQL under $WORK/$n
    local n=$1 d=$WORK/$1
    mkdir -p "$d/sql" "$d/run"
    say "N=$n: building databases"
    restore "$EMPTY" "$d/base.db"
    render "$SQL_SRC/setup/populate.sql" "$d/sql/populate.sql" "n=$n"
    sq "$d/base.db" "$(rd "$d/sql/populate.sql")"
    restore "$d/base.db" "$d/checked.db"
    sq "$d/checked.db" "$(rd "$SQL_SRC/setup/check-every-tenth.sql")"
    restore "$d/checked.db" "$d/read.db"
    # The same items titled with decomposed accents (`Élément 17 of the benchmark list`, each
    # É and é as a letter and U+0301), for `list --match` on titles that are not ASCII.
    restore "$EMPTY" "$d/accented.db"
    render "$SQL_SRC/setup/populate-accented.sql" "$d/sql/populate-accented.sql" "n=$n"
    sq "$d/accented.db" "$(rd "$d/sql/populate-accented.sql")" "$(rd "$SQL_SRC/setup/check-every-tenth.sql")"
    sq -readonly "$d/base.db" "SELECT title FROM items ORDER BY position;" >"$d/titles.txt"
    seq 10 10 "$n" >"$d/ids.txt"
    local counts
    counts=$("$CL" count --db "$d/read.db") || die "checklist count failed on the generated database"
    [ "$counts" = "$((n / 10)) $n" ] || die "checklist reads the generated database as '$counts', not '$((n / 10)) $n'"
    local s
    for s in add list-text list-match list-json count uncheck-all delete-checked check-stdin; do
        render "$SQL_SRC/$s.sql" "$d/sql/$s.sql"
    done
    render "$SQL_SRC/check-one.sql" "$d/sql/check-one.sql" "id=$((n / 2))"
    render "$SQL_SRC/check-range.sql" "$d/sql/check-range.sql" "lo=$((n / 2 - n / 10 + 1))" "hi=$((n / 2))"
}

# --- One step: a fairness check, then both sides in one hyperfine run -----------------------

dump_db() { # what a step may change, without the clock
    sq -readonly "$1" "SELECT id, listId, title, isSelected, position, updatedAt <> createdAt FROM items ORDER BY id;
        SELECT name, seq FROM sqlite_sequence WHERE name = 'items'; SELECT id, name, mode, updatedAt <> createdAt FROM lists ORDER BY id;"
}

same_json() { # program-json sqlite3-json: same objects in the same order (0/1 = false/true)
    local cols="key, json_extract(value, '\$.id'), json_extract(value, '\$.list'),
        json_extract(value, '\$.title'), json_extract(value, '\$.isSelected'),
        json_extract(value, '\$.position'), json_extract(value, '\$.createdAt'),
        json_extract(value, '\$.updatedAt')"
    [ "$(sq :memory: "SELECT json_valid(readfile($(lit "$1")))
        AND (SELECT count(*) FROM json_each(readfile($(lit "$1"))))
          = (SELECT count(*) FROM json_each(readfile($(lit "$2"))))
        AND NOT EXISTS (SELECT $cols FROM json_each(readfile($(lit "$1")))
                        EXCEPT SELECT $cols FROM json_each(readfile($(lit "$2"))));")" = 1 ]
}

# Runs both sides once on fresh copies and compares what they printed and left behind.
verify() { # step n kind(db|text|json) src-db prog-cmd sql-cmd
    local step=$1 n=$2 kind=$3 src=$4 pcmd=$5 scmd=$6 d=$WORK/$2/run
    if [ "$kind" = db ]; then restore "$src" "$d/prog.db" && restore "$src" "$d/sql.db"; fi
    bash -c "$pcmd" >"$d/prog.out" 2>"$d/prog.err" || { warn "$step N=$n: checklist failed: $(head -c 300 "$d/prog.err")"; return 0; }
    bash -c "$scmd" >"$d/sql.out" 2>"$d/sql.err" || { warn "$step N=$n: sqlite3 failed: $(head -c 300 "$d/sql.err")"; return 0; }
    case $kind in
        db)
            cmp -s <(dump_db "$d/prog.db") <(dump_db "$d/sql.db") \
                || warn "$step N=$n: the program and sqlite3 left different databases"
            if [ "$step" = add ]; then
                cmp -s <(sort -n "$d/prog.out") <(sort -n "$d/sql.out") \
                    || warn "$step N=$n: the program and sqlite3 printed different IDs"
            fi ;;
        text)
            cmp -s "$d/prog.out" "$d/sql.out" || warn "$step N=$n: the program and sqlite3 printed different text" ;;
        json)
            if [ "$n" -le 100000 ]; then
                same_json "$d/prog.out" "$d/sql.out" || warn "$step N=$n: the program and sqlite3 printed different JSON"
            fi ;;
    esac
}

STEP_NO=0
bench_pair() { # step n kind src-db(or "") shell(none|sh) prog-cmd sql-cmd
    local step=$1 n=$2 kind=$3 src=$4 shell=$5 pcmd=$6 scmd=$7 d=$WORK/$2/run
    verify "$step" "$n" "$kind" "$src" "$pcmd" "$scmd"
    local args=(--style basic --warmup "$(warmup_for "$n")" --runs "$(runs_for "$n")"
        --export-json "$JSON/$step-$n.json")
    [ "$shell" = none ] && args+=(-N)
    local names=(checklist sqlite3) cmds=("$pcmd" "$scmd")
    local preps=("$(restore_cmd "$src" "$d/prog.db")" "$(restore_cmd "$src" "$d/sql.db")")
    # hyperfine runs one command's runs, then the other's: swap who goes first every step.
    if [ $((STEP_NO++ % 2)) = 1 ]; then
        names=(sqlite3 checklist) cmds=("$scmd" "$pcmd") preps=("${preps[1]}" "${preps[0]}")
    fi
    [ "$kind" = db ] && args+=(--prepare "${preps[0]}" --prepare "${preps[1]}")
    say "N=$n: $step"
    hyperfine "${args[@]}" -n "${names[0]}" -n "${names[1]}" "${cmds[@]}" >&2
    import_json "$step" "$n" "$JSON/$step-$n.json"
}

# list --match: the match, the plain list of the same database and the shell's ASCII LIKE,
# all three in one hyperfine run, so the cost of matching is read against both.
bench_match() { # step n db pattern
    local step=$1 n=$2 db=$3 pattern=$4 d=$WORK/$2
    local ro=(sqlite3 -init /dev/null -bail -batch -readonly)
    local match plain shell
    match=$(qcmd "$CL" list --match "$pattern" --db "$db")
    plain=$(qcmd "$CL" list --db "$db")
    shell=$(qcmd "${ro[@]}" "$db" "$(rd "$d/sql/list-match.sql")")
    verify "$step" "$n" text "" "$match" "$shell"
    verify "$step" "$n" text "" "$plain" "$shell"
    say "N=$n: $step"
    hyperfine --style basic -N --warmup "$(warmup_for "$n")" --runs "$(runs_for "$n")" \
        --export-json "$JSON/$step-$n.json" \
        -n checklist -n 'plain list' -n sqlite3 "$match" "$plain" "$shell" >&2
    import_json "$step" "$n" "$JSON/$step-$n.json"
}

run_size() {
    local n=$1 d=$WORK/$1 r=$WORK/$1/run
    local p=$r/prog.db s=$r/sql.db
    local sql=(sqlite3 -init /dev/null -bail -batch) ro=(sqlite3 -init /dev/null -bail -batch -readonly)
    local lo=$((n / 2 - n / 10 + 1)) hi=$((n / 2))

    bench_pair add "$n" db "$EMPTY" sh \
        "$(qcmd "$CL" add - --db "$p" --quiet) < $(q "$d/titles.txt")" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/add.sql")") < $(q "$d/titles.txt")"
    bench_pair list-text "$n" text "" none \
        "$(qcmd "$CL" list --db "$d/read.db")" \
        "$(qcmd "${ro[@]}" "$d/read.db" "$(rd "$d/sql/list-text.sql")")"
    bench_match list-match "$n" "$d/read.db" 'OF THE BENCHMARK'
    # Typed as people type it, precomposed; the titles hold the decomposed forms.
    bench_match list-match-accented "$n" "$d/accented.db" 'ÉLÉMENT'
    bench_pair list-json "$n" json "" none \
        "$(qcmd "$CL" list --format json --db "$d/read.db")" \
        "$(qcmd "${ro[@]}" "$d/read.db" "$(rd "$d/sql/list-json.sql")")"
    bench_pair count "$n" text "" none \
        "$(qcmd "$CL" count --db "$d/read.db")" \
        "$(qcmd "${ro[@]}" "$d/read.db" "$(rd "$d/sql/count.sql")")"
    bench_pair check-one "$n" db "$d/base.db" none \
        "$(qcmd "$CL" check "$hi" --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/check-one.sql")")"
    bench_pair check-range "$n" db "$d/base.db" none \
        "$(qcmd "$CL" check "$lo-$hi" --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/check-range.sql")")"
    bench_pair check-stdin "$n" db "$d/base.db" sh \
        "$(qcmd "$CL" check - --db "$p" --quiet) < $(q "$d/ids.txt")" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/check-stdin.sql")") < $(q "$d/ids.txt")"
    bench_pair uncheck-all "$n" db "$d/checked.db" none \
        "$(qcmd "$CL" uncheck --all --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/uncheck-all.sql")")"
    bench_pair delete-checked "$n" db "$d/checked.db" none \
        "$(qcmd "$CL" delete --checked --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/delete-checked.sql")")"

    say "N=$n: peak memory of the list steps"
    local kb
    kb=$(peak_kb "$CL" list --db "$d/read.db")
    sq "$RESULTS" "INSERT INTO memory VALUES ('list-text', $n, 'checklist', $kb);"
    kb=$(peak_kb "${ro[@]}" "$d/read.db" "$(rd "$d/sql/list-text.sql")")
    sq "$RESULTS" "INSERT INTO memory VALUES ('list-text', $n, 'sqlite3', $kb);"
    kb=$(peak_kb "$CL" list --format json --db "$d/read.db")
    sq "$RESULTS" "INSERT INTO memory VALUES ('list-json', $n, 'checklist', $kb);"
    kb=$(peak_kb "${ro[@]}" "$d/read.db" "$(rd "$d/sql/list-json.sql")")
    sq "$RESULTS" "INSERT INTO memory VALUES ('list-json', $n, 'sqlite3', $kb);"
}

# --- Peers at N = 10,000: Taskwarrior and todo.txt-cli ------------------------------------

run_peers() {
    local n=$PEER_N d=$WORK/$PEER_N pd=$WORK/peers
    local r=$pd/run
    mkdir -p "$r" "$pd/task-base" "$pd/todo-pending" "$pd/todo-done"
    [ -f "$d/base.db" ] || prepare_size "$n"
    say "peers: loading $n tasks into Taskwarrior and todo.txt"

    # Taskwarrior: its own rc and data folder; every command non-interactive.
    local taskrc=$pd/taskrc
    printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nhooks=off\n' "$r/task" >"$taskrc"
    local trc=(rc.confirmation=off rc.verbose=nothing rc.hooks=off rc.bulk=0)
    sq -readonly "$d/base.db" "SELECT json_object('description', title, 'status', 'pending',
        'entry', '20240101T000000Z') FROM items ORDER BY position;" >"$pd/tasks.json"
    TASKRC=$taskrc TASKDATA=$pd/task-base task "${trc[@]}" import "$pd/tasks.json" </dev/null >/dev/null
    local got
    got=$(TASKRC=$taskrc TASKDATA=$pd/task-base task "${trc[@]}" count status:pending </dev/null)
    [ "$got" = "$n" ] || die "Taskwarrior imported $got tasks, not $n"

    # todo.txt: its own config; -p plain, -f no prompts, -a no auto-archive on `do`.
    local cfg=$pd/todo.cfg
    printf 'export TODO_DIR=%s\nexport TODO_FILE="$TODO_DIR/todo.txt"\nexport DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\n' "$(q "$r/todo")" >"$cfg"
    cp "$d/titles.txt" "$pd/todo-pending/todo.txt"
    sq -readonly "$d/checked.db" "SELECT CASE isSelected WHEN 1 THEN 'x 2024-01-01 ' ELSE '' END || title
        FROM items ORDER BY position;" >"$pd/todo-done/todo.txt"
    local todo=("$TODO" -d "$cfg" -p -f -a)

    local sqd=$pd/sql
    mkdir -p "$sqd"
    render "$SQL_SRC/check-one.sql" "$sqd/check-one.sql" "id=$((n / 2))"
    render "$SQL_SRC/check-range.sql" "$sqd/check-range.sql" "lo=1" "hi=1000"
    local sql=(sqlite3 -init /dev/null -bail -batch) ro=(sqlite3 -init /dev/null -bail -batch -readonly)
    local p=$r/prog.db s=$r/sql.db
    local ids
    ids=$(seq -s ' ' 1 1000)

    peer_step() { # step warmup runs prog-src prog-cmd sql-cmd task-src task-cmd todo-src todo-cmd
        local step=$1 args=(--style basic -N --warmup "$2" --runs "$3" --export-json "$JSON/$1.json")
        local preps=() i srcs=("$4" "$4" "$7" "$9") dsts=("$p" "$s" "$r/task" "$r/todo")
        for i in 0 1 2 3; do
            if [ -n "${srcs[i]}" ]; then
                preps+=(--prepare "$(restore_cmd "${srcs[i]}" "${dsts[i]}")")
            else
                preps+=(--prepare true)
            fi
        done
        say "peers: $step"
        TASKRC=$taskrc TASKDATA=$r/task hyperfine "${args[@]}" "${preps[@]}" \
            -n checklist -n sqlite3 -n task -n todo.txt "$5" "$6" "$8" "${10}" >&2
        import_json "$step" "$n" "$JSON/$step.json"
    }
    # list: checklist and sqlite3 print 10,000 items (1,000 checked), the peers 10,000 pending.
    restore "$pd/task-base" "$r/task"
    restore "$pd/todo-pending" "$r/todo"
    peer_step peer-list 1 10 \
        "" "$(qcmd "$CL" list --db "$d/read.db")" \
        "$(qcmd "${ro[@]}" "$d/read.db" "$(rd "$d/sql/list-text.sql")")" \
        "$pd/task-base" "$(qcmd task "${trc[@]}" list)" \
        "$pd/todo-pending" "$(qcmd "${todo[@]}" ls)"
    peer_step peer-check-one 1 10 \
        "$d/base.db" "$(qcmd "$CL" check $((n / 2)) --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$sqd/check-one.sql")")" \
        "$pd/task-base" "$(qcmd task "${trc[@]}" $((n / 2)) done)" \
        "$pd/todo-pending" "$(qcmd "${todo[@]}" do $((n / 2)))"
    peer_step peer-check-many 0 3 \
        "$d/base.db" "$(qcmd "$CL" check 1-1000 --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$sqd/check-range.sql")")" \
        "$pd/task-base" "$(qcmd task "${trc[@]}" 1-1000 done)" \
        "$pd/todo-pending" "$(qcmd "${todo[@]}" do) $ids"
    peer_step peer-delete-many 0 3 \
        "$d/checked.db" "$(qcmd "$CL" delete --checked --db "$p" --quiet)" \
        "$(qcmd "${sql[@]}" "$s" "$(rd "$d/sql/delete-checked.sql")")" \
        "$pd/task-base" "$(qcmd task "${trc[@]}" 1-1000 delete)" \
        "$pd/todo-done" "$(qcmd "${todo[@]}" archive)"

    local kb
    restore "$pd/task-base" "$r/task"
    restore "$pd/todo-pending" "$r/todo"
    kb=$(peak_kb "$CL" list --db "$d/read.db")
    sq "$RESULTS" "INSERT INTO memory VALUES ('peer-list', $n, 'checklist', $kb);"
    kb=$(peak_kb "${ro[@]}" "$d/read.db" "$(rd "$d/sql/list-text.sql")")
    sq "$RESULTS" "INSERT INTO memory VALUES ('peer-list', $n, 'sqlite3', $kb);"
    kb=$(TASKRC=$taskrc TASKDATA=$r/task peak_kb task "${trc[@]}" list </dev/null)
    sq "$RESULTS" "INSERT INTO memory VALUES ('peer-list', $n, 'task', $kb);"
    kb=$(peak_kb "${todo[@]}" ls </dev/null)
    sq "$RESULTS" "INSERT INTO memory VALUES ('peer-list', $n, 'todo.txt', $kb);"
}

# --- Run -------------------------------------------------------------------------------------

STARTED=$(date -u '+%Y-%m-%d %H:%M UTC')
say "checklist: $BIN ($("$CL" --version)); sizes: ${SIZES[*]}; peers: $([ "$PEERS" = 1 ] && echo yes || echo no)"
make_empty
for n in "${SIZES[@]}"; do
    prepare_size "$n"
    run_size "$n"
done
[ "$PEERS" = 1 ] && run_peers

# --- Report ----------------------------------------------------------------------------------

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
libsqlite=$(ldd "$CL" 2>/dev/null | sed -n 's/.*\(libsqlite3[^ ]*\) => \([^ ]*\).*/\2/p' | head -n 1)
runs_note=""
for n in "${SIZES[@]}"; do runs_note+="N=$n: $(warmup_for "$n") warmup + $(runs_for "$n") runs; "; done

report() {
    echo "# checklist vs the sqlite3 shell"
    echo
    echo "$STARTED; ${cpu:-unknown CPU}, $(nproc) cores, $(uname -sr)."
    echo "checklist $("$CL" --version) ($BIN$([ -n "$libsqlite" ] && echo ", SQLite from $libsqlite"));" \
        "$(sqlite3 --version | cut -d ' ' -f 1) sqlite3 shell; $(hyperfine --version)."
    echo "Each step: both commands in one hyperfine run; ${runs_note%; }."
    echo
    echo "## Time (median; ratio = checklist / sqlite3, lower is better)"
    echo
    sq -readonly "$RESULTS" ".mode markdown" "
        SELECT s.label AS step, printf('%,d', p.n) AS N,
               printf('%.1f ms', 1000 * p.median) AS checklist,
               printf('%.1f ms', 1000 * q.median) AS sqlite3,
               printf('%.2fx', p.median / q.median) AS ratio
        FROM steps s
        JOIN timing p ON p.step = s.step AND p.tool = 'checklist'
        JOIN timing q ON q.step = s.step AND q.n = p.n AND q.tool = 'sqlite3'
        WHERE s.step NOT LIKE 'peer-%' ORDER BY s.ord, p.n;"
    echo
    echo "## list --match against the plain list (one hyperfine run each: match, list, shell LIKE)"
    echo
    sq -readonly "$RESULTS" ".mode markdown" "
        SELECT s.label AS step, printf('%,d', m.n) AS N,
               printf('%.1f ms', 1000 * m.median) AS 'list --match',
               printf('%.1f ms', 1000 * p.median) AS 'plain list',
               printf('%.1f ms', 1000 * q.median) AS 'sqlite3 LIKE',
               printf('%.2fx', m.median / p.median) AS 'match / list',
               printf('%.2fx', m.median / q.median) AS 'match / sqlite3'
        FROM steps s
        JOIN timing m ON m.step = s.step AND m.tool = 'checklist'
        JOIN timing p ON p.step = s.step AND p.n = m.n AND p.tool = 'plain list'
        JOIN timing q ON q.step = s.step AND q.n = m.n AND q.tool = 'sqlite3'
        ORDER BY s.ord, m.n;"
    echo
    echo "## Peak memory of the list steps (maximum resident set size, /usr/bin/time -v)"
    echo
    sq -readonly "$RESULTS" ".mode markdown" "
        SELECT s.label AS step, printf('%,d', p.n) AS N,
               printf('%.1f MiB', p.kb / 1024.0) AS checklist,
               printf('%.1f MiB', q.kb / 1024.0) AS sqlite3,
               printf('%.2fx', 1.0 * p.kb / q.kb) AS ratio
        FROM steps s
        JOIN memory p ON p.step = s.step AND p.tool = 'checklist'
        JOIN memory q ON q.step = s.step AND q.n = p.n AND q.tool = 'sqlite3'
        WHERE s.step NOT LIKE 'peer-%' ORDER BY s.ord, p.n;"
    if [ "$PEERS" = 1 ]; then
        echo
        echo "## Peers at N = 10,000 (median)"
        echo
        sq -readonly "$RESULTS" ".mode markdown" "
            WITH t(step, tool, v) AS (
                SELECT step, tool, printf('%.1f ms', 1000 * median) FROM timing WHERE step LIKE 'peer-%'
                UNION ALL
                SELECT 'peer-list-memory', tool, printf('%.1f MiB', kb / 1024.0) FROM memory WHERE step = 'peer-list'),
            l(step, ord, label) AS (
                SELECT step, ord, label FROM steps WHERE step LIKE 'peer-%'
                UNION ALL SELECT 'peer-list-memory', 99, 'list: peak memory')
            SELECT l.label AS step,
                   max(CASE tool WHEN 'checklist' THEN v END) AS checklist,
                   max(CASE tool WHEN 'sqlite3' THEN v END) AS sqlite3,
                   max(CASE tool WHEN 'task' THEN v END) AS \"task (Taskwarrior)\",
                   max(CASE tool WHEN 'todo.txt' THEN v END) AS \"todo.txt-cli\"
            FROM l JOIN t USING (step) GROUP BY l.step ORDER BY l.ord;"
        echo
        echo "Commands: list = \`checklist list\` / list-text.sql / \`task list\` / \`todo-txt ls\`;" \
            "check one = \`check 5000\` / check-one.sql / \`task 5000 done\` / \`todo-txt do 5000\`;" \
            "check many = \`check 1-1000\` / check-range.sql / \`task 1-1000 done\` / \`todo-txt do 1 2 … 1000\`;" \
            "delete many = \`delete --checked\` / delete-checked.sql (1,000 checked) / \`task 1-1000 delete\` /" \
            "\`todo-txt archive\` (1,000 done). Warmup 1 + 10 runs, or 0 + 3 for the many-item steps."
    fi
    local warnings
    warnings=$(sq -readonly "$RESULTS" "SELECT '- ' || text FROM warnings;")
    if [ -n "$warnings" ]; then
        echo
        echo "## Warnings (the two sides did not do the same work)"
        echo
        echo "$warnings"
    fi
}
report | tee "$OUT/latest.md"
say "wrote $OUT/latest.md (raw numbers: $JSON/*.json, $RESULTS)"
if [ "$KEEP" = 0 ]; then rm -rf "$WORK"; fi
