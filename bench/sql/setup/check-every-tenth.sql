-- Setup (not timed): checks every tenth item (IDs 10, 20, ...): N/10 scattered checked
-- items, the starting point of `uncheck --all`, `delete --checked` and the list steps.
BEGIN IMMEDIATE;
UPDATE items SET isSelected = 1 WHERE id % 10 = 0;
COMMIT;
