-- Setup (not timed): fills a copy of the empty database with :n unchecked items at
-- positions 1..:n (IDs 1..:n), as :n `checklist add` calls would, in one transaction.
-- bench/run.sh renders :n as a literal; the `add -` input file is these same titles.
BEGIN IMMEDIATE;
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < :n)
INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
SELECT (SELECT id FROM lists WHERE name = 'default'), printf('Item %d of the benchmark list', i),
       0, i, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'
FROM seq;
COMMIT;
