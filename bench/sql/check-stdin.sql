-- Step `check -`: check N/10 scattered IDs read from stdin (one a line).
-- Fair equivalent of `checklist check - --quiet < ids.txt`: the shell reads the IDs from
-- stdin too (.import into a temp table), then ONE IMMEDIATE transaction updates
-- `id IN (SELECT ...)`, only where unchecked, and - like the program - only if every
-- named ID exists (the guard compares two counts, each evaluated once).
-- Run by hand: sqlite3 -bail -batch DB '.read bench/sql/check-stdin.sql' < ids.txt
.mode ascii
.separator "\037" "\n"
CREATE TEMP TABLE input(id INTEGER);
.import --schema temp /dev/stdin input
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
UPDATE items SET isSelected = 1, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE id IN (SELECT id FROM temp.input) AND isSelected = 0
  AND (SELECT count(*) FROM items WHERE id IN (SELECT id FROM temp.input))
    = (SELECT count(DISTINCT id) FROM temp.input);
COMMIT;
