-- Step `delete --checked`: delete the N/10 checked items of the list 'default'.
-- Fair equivalent of `checklist delete --checked --quiet`: one IMMEDIATE transaction,
-- foreign keys on as in the program, the list's checked items found through
-- items_by_list_selection. (The program also counts them first for its summary line.)
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
DELETE FROM items
WHERE listId = (SELECT id FROM lists WHERE name = 'default') AND isSelected = 1;
COMMIT;
