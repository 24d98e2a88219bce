-- The shared lists on a PostgreSQL server: the same lists, items and undo journal as a SQLite
-- file (migrations/0001-0004), in the schema `checklist`, which the migration runner creates.
-- Names sort bytewise (COLLATE "C"), as SQLite sorts them, whatever the server's locale.
-- Timestamps are the same ISO 8601 UTC text a file keeps, so every output is byte for byte
-- the one a file gives.

-- One row: the counters the IDs come from (taken under the write lock, inside the write's
-- transaction, so a write that rolls back gives none away, as SQLite's AUTOINCREMENT) and
-- the revision every write bumps (an open `checklist edit` reloads when it moves).
CREATE TABLE checklist.state (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    revision bigint NOT NULL DEFAULT 0,
    last_list_id bigint NOT NULL DEFAULT 0,
    last_item_id bigint NOT NULL DEFAULT 0,
    last_change_id bigint NOT NULL DEFAULT 0
);
INSERT INTO checklist.state DEFAULT VALUES;

CREATE TABLE checklist.lists (
    id bigint PRIMARY KEY,
    name text COLLATE "C" NOT NULL,
    mode text NOT NULL DEFAULT 'multiple' CHECK (mode IN ('multiple', 'single')),
    created_at text NOT NULL,
    updated_at text NOT NULL
);
-- Names are unique. A B-tree over the names themselves would refuse a name longer than about
-- 2.7 KB (its entries must fit a third of a page), which a file takes; the index holds each
-- name's MD5 instead, and a name is found by comparing the whole text.
CREATE UNIQUE INDEX lists_by_name ON checklist.lists (md5(name));

CREATE TABLE checklist.items (
    id bigint PRIMARY KEY,
    list_id bigint NOT NULL REFERENCES checklist.lists(id) ON DELETE CASCADE,
    title text NOT NULL,
    is_selected boolean NOT NULL DEFAULT false,
    position bigint NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL
);
CREATE INDEX items_by_list_position ON checklist.items(list_id, position);
CREATE INDEX items_by_list_selection ON checklist.items(list_id, is_selected);

-- The undo journal: one row of `changes` a change, with its author (the role that made it),
-- and, written in the same transaction, the rows it touched as they were before it.
CREATE TABLE checklist.changes (
    id bigint PRIMARY KEY,
    command text NOT NULL,
    description text NOT NULL,
    item_count bigint NOT NULL,
    created_at text NOT NULL,
    author text NOT NULL
);

CREATE TABLE checklist.changed_items (
    change_id bigint NOT NULL REFERENCES checklist.changes(id) ON DELETE CASCADE,
    item_id bigint NOT NULL,
    list_id bigint NOT NULL,
    title text NOT NULL,
    is_selected boolean NOT NULL,
    position bigint NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    PRIMARY KEY (change_id, item_id)
);

-- Selection changes (check, uncheck, toggle) keep only what they change: the items whose
-- is_selected and updated_at were the same before share one row, their IDs in an array, so
-- checking 10,000 items records a row or two instead of 10,000 copies.
CREATE TABLE checklist.changed_selections (
    change_id bigint NOT NULL REFERENCES checklist.changes(id) ON DELETE CASCADE,
    is_selected boolean NOT NULL,
    updated_at text NOT NULL,
    item_ids bigint[] NOT NULL
);
CREATE INDEX changed_selections_by_change ON checklist.changed_selections(change_id);

CREATE TABLE checklist.added_items (
    change_id bigint NOT NULL REFERENCES checklist.changes(id) ON DELETE CASCADE,
    first_id bigint NOT NULL,
    last_id bigint NOT NULL
);
CREATE INDEX added_items_by_change ON checklist.added_items(change_id);

-- Lists as they were before the change, the first record of each; `name` NULL for a list the
-- change created.
CREATE TABLE checklist.changed_lists (
    change_id bigint NOT NULL REFERENCES checklist.changes(id) ON DELETE CASCADE,
    list_id bigint NOT NULL,
    name text COLLATE "C",
    mode text,
    created_at text,
    updated_at text,
    PRIMARY KEY (change_id, list_id)
);
