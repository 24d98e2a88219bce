-- What a change did is its author's to write, as the change's own row is (0002): a role that
-- shares the tables can no longer rewrite the rows of another's change, so that the author's
-- own `undo` would do something else in the author's name (issue 49, 4). Every role reads them
-- (history, `undo --anyone`); a row is added, changed or deleted directly only by the role
-- that wrote its change. Deleting a change deletes its rows through their foreign keys, which
-- row-level security does not stop (the journal keeps only its newest entries, and any role
-- prunes it). The schema's owner and superusers are exempt, as PostgreSQL makes them. The
-- policies read nothing but `checklist.changes` and `current_user`.

ALTER TABLE checklist.changed_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY changed_items_read ON checklist.changed_items FOR SELECT USING (true);
CREATE POLICY changed_items_insert_own ON checklist.changed_items FOR INSERT
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY changed_items_update_own ON checklist.changed_items FOR UPDATE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user))
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY changed_items_delete_own ON checklist.changed_items FOR DELETE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));

ALTER TABLE checklist.changed_selections ENABLE ROW LEVEL SECURITY;
CREATE POLICY changed_selections_read ON checklist.changed_selections FOR SELECT USING (true);
CREATE POLICY changed_selections_insert_own ON checklist.changed_selections FOR INSERT
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY changed_selections_update_own ON checklist.changed_selections FOR UPDATE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user))
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY changed_selections_delete_own ON checklist.changed_selections FOR DELETE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));

ALTER TABLE checklist.added_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY added_items_read ON checklist.added_items FOR SELECT USING (true);
CREATE POLICY added_items_insert_own ON checklist.added_items FOR INSERT
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY added_items_update_own ON checklist.added_items FOR UPDATE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user))
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY added_items_delete_own ON checklist.added_items FOR DELETE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));

ALTER TABLE checklist.changed_lists ENABLE ROW LEVEL SECURITY;
CREATE POLICY changed_lists_read ON checklist.changed_lists FOR SELECT USING (true);
CREATE POLICY changed_lists_insert_own ON checklist.changed_lists FOR INSERT
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY changed_lists_update_own ON checklist.changed_lists FOR UPDATE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user))
    WITH CHECK (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
CREATE POLICY changed_lists_delete_own ON checklist.changed_lists FOR DELETE
    USING (EXISTS (SELECT 1 FROM checklist.changes c
        WHERE c.id = change_id AND c.author = current_user));
