-- Undo. Every command that changes the lists writes one row into `changes`, in the same
-- transaction as the change itself, together with the state before it of every row it
-- touched. `checklist undo` writes those rows back and removes the entry, so a crash can never
-- leave a change without its undo record, and an undone change restores items with their
-- original IDs, titles, positions, selection and timestamps. The program keeps the newest 50
-- changes and drops older ones.
CREATE TABLE changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    command TEXT NOT NULL,        -- the subcommand, e.g. 'delete' or 'lists rename'
    description TEXT NOT NULL,    -- one line for `checklist history`, e.g. 'deleted 26 items'
    itemCount INTEGER NOT NULL,   -- how many items the change added, changed or deleted
    createdAt TEXT NOT NULL
);

-- Items as they were before the change (changed or deleted ones), one row an item: undo
-- writes them back. Keyed by change, so a bulk change appends its rows in one run of the
-- B-tree and needs no second index.
CREATE TABLE changedItems (
    changeId INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
    itemId INTEGER NOT NULL,
    listId INTEGER NOT NULL,
    title TEXT NOT NULL,
    isSelected INTEGER NOT NULL,
    position INTEGER NOT NULL,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL,
    PRIMARY KEY (changeId, itemId)
) WITHOUT ROWID;

-- Selection changes (check, uncheck, toggle) keep only what they change: the items whose
-- isSelected and updatedAt were the same before the change share one row, their IDs in a JSON
-- array, so checking 100,000 items records a row or two instead of 100,000 copies.
CREATE TABLE changedSelections (
    changeId INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
    isSelected INTEGER NOT NULL,
    updatedAt TEXT NOT NULL,
    itemIds TEXT NOT NULL
);
CREATE INDEX changedSelections_by_change ON changedSelections(changeId);

-- Items the change created, as ranges of IDs (one INSERT takes consecutive IDs, so adding a
-- million items is one row): undo deletes them. Their IDs are never given out again.
CREATE TABLE addedItems (
    changeId INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
    firstId INTEGER NOT NULL,
    lastId INTEGER NOT NULL
);
CREATE INDEX addedItems_by_change ON addedItems(changeId);

-- Lists as they were before the change, with `name` NULL for a list the change created (undo
-- deletes it).
CREATE TABLE changedLists (
    changeId INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
    listId INTEGER NOT NULL,
    name TEXT,
    mode TEXT,
    createdAt TEXT,
    updatedAt TEXT
);
CREATE INDEX changedLists_by_change ON changedLists(changeId);
