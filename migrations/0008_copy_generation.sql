-- An offline copy's generation (issue 47): a random text its server replaces at every sync and
-- the copy keeps here. A copy file put back from a backup, or copied to a second machine, holds
-- an older generation than the server's, and syncs as a new copy, losing nothing, and a server that
-- went back in time holds one older than the copy's. '' before the first sync that set one.
ALTER TABLE syncState ADD COLUMN generation TEXT NOT NULL DEFAULT '';

PRAGMA user_version = 8;
