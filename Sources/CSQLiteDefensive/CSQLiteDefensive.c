#include <sqlite3.h>
#include "CSQLiteDefensive.h"

int checklist_sqlite_harden(void *connection) {
    sqlite3 *db = connection;
    int defensive = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    int untrusted = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    return defensive != SQLITE_OK ? defensive : untrusted;
}
