-- Step `count`: print `CHECKED TOTAL` for the list 'default'.
-- Fair equivalent of `checklist count`: the same aggregate over the same covering index
-- (items_by_list_selection), same output line. One SELECT is one read transaction; the
-- benchmark opens the file with -readonly, as the program opens it for reading.
-- Run by hand: sqlite3 -readonly -batch DB '.read bench/sql/count.sql'
.mode list
.separator " "
SELECT coalesce(sum(isSelected), 0), count(*)
FROM items
WHERE listId = (SELECT id FROM lists WHERE name = 'default');
