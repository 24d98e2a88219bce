-- Setup (not timed): finishes an empty checklist database, after bench/run.sh has applied
-- every migrations/*.sql file and recorded it in grdb_migrations as the program does.
-- Adds the list 'default' with no items and switches the file to WAL, the program's mode.
INSERT INTO lists (name, createdAt, updatedAt)
VALUES ('default', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z');
PRAGMA journal_mode = WAL;
