-- Who made each change: the login name on SQLite (the PostgreSQL role on a server). `history`
-- shows it, and `undo` reverts the newest change by the same author unless told `--anyone`.
-- Changes recorded before this migration have no author (NULL): any author may undo them.
ALTER TABLE changes ADD COLUMN author TEXT;

PRAGMA user_version = 4;
