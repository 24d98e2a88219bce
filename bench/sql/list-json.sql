-- Step `list --format json`: the list 'default' as one JSON array, one object a line.
-- Fair equivalent of `checklist list --format json`: the same seven keys in the same
-- (sorted) order, the list name joined in as the program does, in position order through
-- items_by_list_position (no sort step). The shell's own JSON writer (.mode json) does
-- the formatting. One difference: the shell prints isSelected as 0/1 where the program
-- prints false/true (the shell has no boolean output); the benchmark compares the rest.
-- A single SELECT is one read transaction; the benchmark opens the file with -readonly.
-- Run by hand: sqlite3 -readonly -batch DB '.read bench/sql/list-json.sql'
.mode json
SELECT items.createdAt, items.id, items.isSelected, lists.name AS list, items.position,
       items.title, items.updatedAt
FROM items JOIN lists ON lists.id = items.listId
WHERE lists.name = 'default'
ORDER BY items.position, items.id;
