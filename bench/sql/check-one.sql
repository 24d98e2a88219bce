-- Step `check ID`: check one item (the everyday command).
-- Fair equivalent of `checklist check ID --quiet`: one IMMEDIATE transaction, foreign keys
-- on (the program turns them on), isSelected = 1 and updatedAt = now only where the item
-- is not checked yet. For one ID no existence guard is needed: a missing ID changes
-- nothing here and nothing in the program (which also exits 3).
-- :id is rendered as a literal by bench/run.sh; by hand: .parameter set :id 500
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
UPDATE items SET isSelected = 1, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE id = :id AND isSelected = 0;
COMMIT;
