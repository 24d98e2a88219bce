#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: initdb (as the postgres user when run as root,
# since initdb refuses root) in a new folder under /tmp, listening on a Unix socket in that
# folder only (listen_addresses=''). Local logins are trusted, except the role
# checklist_password, which must give its password ('right-password'), for the tests of a
# refused login.
#
#   .ci/postgres.sh start   prints the URI for CHECKLIST_TEST_POSTGRES (the folder is in it)
#   .ci/postgres.sh stop URI|FOLDER
#   .ci/postgres.sh crash URI|FOLDER    stops the server at once, as a power cut would
#   .ci/postgres.sh restart URI|FOLDER  starts it again on the same folder (after crash)
set -euo pipefail

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "postgres.sh: no PostgreSQL server here (apt-get install postgresql)" >&2; exit 1; }

case ${1:-} in
start)
    dir=$(mktemp -d /tmp/checklist-pg.XXXXXX)
    [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
    # The postgres user must be able to read its working folder (a clone under /root is not).
    cd "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust -E UTF8 \
        --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1; }
    # The first matching line decides: the password role before everyone else.
    { echo "local all checklist_password scram-sha-256"; cat "$dir/data/pg_hba.conf"; } >"$dir/hba"
    as_owner cp "$dir/hba" "$dir/data/pg_hba.conf"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
        -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off" start >&2 ||
        { cat "$dir/server.log" >&2; rm -rf "$dir"; exit 1; }
    # scram-sha-256 as pg_hba asks, whatever the server's default (md5 before PostgreSQL 14).
    psql "postgresql:///postgres?host=$dir&user=postgres" -q -v ON_ERROR_STOP=1 \
        -c "SET password_encryption = 'scram-sha-256'" \
        -c "CREATE ROLE checklist_password LOGIN PASSWORD 'right-password'" >&2 ||
        { as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -s stop >&2; rm -rf "$dir"; exit 1; }
    echo "postgresql:///postgres?host=$dir&user=postgres"
    ;;
stop | crash | restart)
    dir=${2:?usage: postgres.sh stop|crash|restart URI|FOLDER}
    dir=${dir#*host=}
    dir=${dir%%&*}
    cd /
    [[ $dir =~ ^/tmp/checklist-pg\.[A-Za-z0-9]{6}$ ]] || { echo "postgres.sh: not a test server: $dir" >&2; exit 1; }
    case $1 in
    stop)
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -s stop >&2 || true
        rm -rf "$dir"
        ;;
    crash) as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -s stop >&2 ;;
    restart)
        cd "$dir"
        as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
            -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off" start >&2
        ;;
    esac
    ;;
*)
    echo "usage: .ci/postgres.sh start | stop|crash|restart URI" >&2
    exit 64
    ;;
esac
