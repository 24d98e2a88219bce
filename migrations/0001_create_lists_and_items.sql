-- The first schema: named lists and their items. Selection is the durable isSelected column,
-- so a checked item stays checked across reloads, restarts and crashes. AUTOINCREMENT keeps
-- item IDs from ever being reused, even after the highest ID is deleted.
CREATE TABLE lists (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    mode TEXT NOT NULL DEFAULT 'multiple' CHECK (mode IN ('multiple', 'single')),
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL
);

CREATE TABLE items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    listId INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    isSelected INTEGER NOT NULL DEFAULT 0 CHECK (isSelected IN (0, 1)),
    position INTEGER NOT NULL,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL
);

-- Listing a list in order, appending at its end, and its checked/total counts all read this
-- index instead of the whole table.
CREATE INDEX items_by_list_position ON items(listId, position);
CREATE INDEX items_by_list_selection ON items(listId, isSelected);
