-- An `undo` on an offline copy of a change the copy had not sent yet is kept too, with what
-- names that change on the server: its journal ID on the copy (copyChange, with changeId 0) and
-- its time, author, command and description, which the server's journal entry for it repeats.
-- Mostly the server never had that change, and the next sync sends neither. But a sync cut
-- right as the server committed leaves the copy counting as unsent changes the server took
-- (the server remembers how far it applied the copy's journal): then the next sync has the
-- server undo the change it applied, found by those four, by undo's rules, so the copy's undo
-- is not reverted by what the sync brings back.
ALTER TABLE syncUndos ADD COLUMN copyChange INTEGER;
ALTER TABLE syncUndos ADD COLUMN changeCreatedAt TEXT;
ALTER TABLE syncUndos ADD COLUMN changeAuthor TEXT;
ALTER TABLE syncUndos ADD COLUMN changeCommand TEXT;
ALTER TABLE syncUndos ADD COLUMN changeDescription TEXT;

PRAGMA user_version = 7;
