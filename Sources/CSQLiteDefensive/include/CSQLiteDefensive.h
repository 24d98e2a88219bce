#ifndef CSQLITEDEFENSIVE_H
#define CSQLITEDEFENSIVE_H

/// Turns on SQLite's defensive mode on a connection (SQLITE_DBCONFIG_DEFENSIVE: no
/// writable_schema, no direct writes to shadow tables, no corrupting PRAGMAs) and marks its
/// schema untrusted (SQLITE_DBCONFIG_TRUSTED_SCHEMA off: functions with side effects may not
/// run from views, triggers, defaults or CHECK constraints stored in a file). sqlite3_db_config
/// takes variable arguments, which Swift cannot call. `connection` is a `sqlite3 *`.
/// Returns 0 when both were set.
int checklist_sqlite_harden(void *connection);

#endif
