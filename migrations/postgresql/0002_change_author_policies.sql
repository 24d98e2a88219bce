-- A change's author is the role that made it, and no other role can write or rewrite it: the
-- rule `undo`'s exit 75 stands on. Row-level security on the journal (the schema's owner, who
-- is trusted with the whole schema anyway, and superusers are exempt, as PostgreSQL makes them):
-- a role inserts changes only under its own name, updates only its own (a change in progress
-- completes its own entry), and may read and delete every entry (`undo --anyone`, and the
-- journal keeps only the newest entries). A row's author defaults to the role itself.
-- The policies call nothing but `current_user`: no function another role could replace.
ALTER TABLE checklist.changes ALTER COLUMN author SET DEFAULT current_user;
ALTER TABLE checklist.changes ENABLE ROW LEVEL SECURITY;
CREATE POLICY changes_read ON checklist.changes FOR SELECT USING (true);
CREATE POLICY changes_insert_own ON checklist.changes FOR INSERT
    WITH CHECK (author = current_user);
CREATE POLICY changes_update_own ON checklist.changes FOR UPDATE
    USING (author = current_user) WITH CHECK (author = current_user);
CREATE POLICY changes_delete ON checklist.changes FOR DELETE USING (true);
