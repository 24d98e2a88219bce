-- Step `check LO-HI`: check N/10 items named as one range.
-- Fair equivalent of `checklist check LO-HI --quiet`: one IMMEDIATE transaction, a range
-- predicate on the primary key, isSelected = 1 and updatedAt = now only where unchecked.
-- Like the program, nothing changes unless every ID of the range exists: the guard is an
-- uncorrelated subquery, evaluated once (the program counts the range the same way).
-- :lo and :hi are rendered as literals by bench/run.sh; by hand: .parameter set :lo 1 ...
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
UPDATE items SET isSelected = 1, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE id BETWEEN :lo AND :hi AND isSelected = 0
  AND (SELECT count(*) FROM items WHERE id BETWEEN :lo AND :hi) = :hi - :lo + 1;
COMMIT;
