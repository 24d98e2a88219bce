-- Step `uncheck --all`: reset the list 'default' (here N/10 of its items are checked).
-- Fair equivalent of `checklist uncheck --all --quiet`: one IMMEDIATE transaction, the
-- list's checked items only (found through items_by_list_selection), isSelected = 0 and
-- updatedAt = now. (The program also counts them first for its summary line.)
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
UPDATE items SET isSelected = 0, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE listId = (SELECT id FROM lists WHERE name = 'default') AND isSelected = 1;
COMMIT;
