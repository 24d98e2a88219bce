-- Step `add -`: append the titles read from stdin, one a line, to the list 'default'.
-- Fair equivalent of `checklist add - --quiet < titles.txt`: like the program, the shell
-- reads stdin first, then writes in ONE IMMEDIATE transaction: create/touch the list,
-- append at max(position)+1.. in input order with one timestamp, skip blank lines, and
-- print the new IDs on stdout (RETURNING id), as the program does.
-- Not mirrored (the generated input never needs it): stripping a trailing CR, refusing
-- invalid UTF-8, and blank = any Unicode white space (trim() here drops spaces only).
-- Run by hand: sqlite3 -bail -batch DB '.read bench/sql/add.sql' < titles.txt
.mode ascii
.separator "\037" "\n"
CREATE TEMP TABLE input(title TEXT);
.import --schema temp /dev/stdin input
.mode list
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
INSERT INTO lists (name, createdAt, updatedAt)
VALUES ('default', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
ON CONFLICT (name) DO UPDATE SET updatedAt = excluded.updatedAt;
WITH target(listId, top) AS MATERIALIZED (
    SELECT id, (SELECT coalesce(max(position), 0) FROM items WHERE listId = lists.id)
    FROM lists WHERE name = 'default'
)
INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
SELECT target.listId, input.title, 0, target.top + row_number() OVER (ORDER BY input.rowid),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM target, temp.input AS input
WHERE trim(input.title) <> ''
ORDER BY input.rowid
RETURNING id;
COMMIT;
