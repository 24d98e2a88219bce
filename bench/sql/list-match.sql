-- Step `list --match`: print the items of 'default' whose title contains 'OF THE BENCHMARK',
-- ignoring case, as `[x] 12 Tent` / `[ ] 12 Tent`. Every generated title contains it, so
-- both sides print every row: the worst case for the program, which compares each title in
-- Swift with Unicode case folding and normalization, where SQLite's LIKE folds ASCII only
-- (enough for these ASCII titles, so the output is the same bytes).
-- Run by hand: sqlite3 -readonly -batch DB '.read bench/sql/list-match.sql'
.mode list
.headers off
SELECT CASE isSelected WHEN 1 THEN '[x] ' ELSE '[ ] ' END || id || ' ' || title
FROM items
WHERE listId = (SELECT id FROM lists WHERE name = 'default')
  AND title LIKE '%of the benchmark%'
ORDER BY position, id;
