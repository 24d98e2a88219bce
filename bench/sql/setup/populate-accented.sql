-- Setup (not timed): like populate.sql, but each title starts with a word whose accents are
-- decomposed, as some keyboards and macOS file names write them: `Élément 17 of the
-- benchmark list`, with É and é each written as a letter followed by U+0301 (char(769)).
-- Titles that are not ASCII take the program's general matching path; the shell's LIKE
-- still finds 'of the benchmark' in every one.
BEGIN IMMEDIATE;
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < :n)
INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
SELECT (SELECT id FROM lists WHERE name = 'default'),
       'E' || char(769) || 'le' || char(769) || printf('ment %d of the benchmark list', i),
       0, i, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'
FROM seq;
COMMIT;
