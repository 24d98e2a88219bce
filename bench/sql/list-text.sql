-- Step `list` (text): print the list 'default' in order as `[x] 12 Tent` / `[ ] 12 Tent`.
-- Fair equivalent of `checklist list` (piped, so no terminal escaping and no summary):
-- same bytes out (the benchmark compares them), read through the same index
-- items_by_list_position, with no sort step. A single SELECT is one read transaction;
-- the benchmark opens the file with -readonly, as the program opens it for reading.
-- Run by hand: sqlite3 -readonly -batch DB '.read bench/sql/list-text.sql'
.mode list
.headers off
SELECT CASE isSelected WHEN 1 THEN '[x] ' ELSE '[ ] ' END || id || ' ' || title
FROM items
WHERE listId = (SELECT id FROM lists WHERE name = 'default')
ORDER BY position, id;
