-- Offline copies of a shared list (`checklist clone URI FILE`, `checklist sync`). A plain file
-- leaves these tables empty. A copy holds one row of syncState: the server it syncs with (its
-- URI, password removed), the author its changes carry, its name on the server (copyId), the
-- server's journal entry and revision its last sync ended at, the newest edit time it has
-- seen from the server (its clock's floor), and the item IDs the server set aside for it.
-- The copy's own changes since its last sync are the journal's entries after syncedThrough
-- (kept however many there are: the journal drops only entries already sent), so a command on
-- a copy does no bookkeeping of its own.
CREATE TABLE syncState (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    uri TEXT NOT NULL,
    author TEXT NOT NULL,
    copyId TEXT NOT NULL,
    syncedThrough INTEGER NOT NULL,
    serverRevision INTEGER NOT NULL,
    seen TEXT NOT NULL,
    firstReservedId INTEGER NOT NULL,
    lastReservedId INTEGER NOT NULL,
    syncedAt TEXT NOT NULL
);

-- `undo` on a copy of a change the server already holds (changeId, numbered as on the
-- server), after the copy's journal entry afterChange: the next sync has the server undo that
-- change, by the same rules (exit 75's refusal is told as a conflict). Numbered without reuse:
-- the server remembers the last one it applied.
CREATE TABLE syncUndos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    changeId INTEGER NOT NULL,
    afterChange INTEGER NOT NULL,
    createdAt TEXT NOT NULL,
    author TEXT
);

PRAGMA user_version = 6;
