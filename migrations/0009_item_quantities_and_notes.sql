-- Quantities and notes (contract v5): how many of an item to pack (1 to 9999, 1 unless set)
-- and a word for whoever packs (one line, empty unless set). The journal keeps every stored
-- field of an item, so undo puts both back.
ALTER TABLE items ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1
    CHECK (typeof(quantity) = 'integer' AND quantity BETWEEN 1 AND 9999);
ALTER TABLE items ADD COLUMN note TEXT NOT NULL DEFAULT '' CHECK (typeof(note) = 'text');
ALTER TABLE changedItems ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1;
ALTER TABLE changedItems ADD COLUMN note TEXT NOT NULL DEFAULT '';
-- The items that have either, by list: `list` asks this index whether a list holds any, and
-- reads neither column of a list that holds none (most lists).
CREATE INDEX items_with_shown_fields ON items(listId) WHERE quantity != 1 OR note != '';

PRAGMA user_version = 9;
