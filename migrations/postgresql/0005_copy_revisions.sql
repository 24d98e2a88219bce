-- Offline copies sync what changed, not the whole database. Every write to an item records the
-- database revision it makes (`revision`: the state's revision, plus one, when the
-- transaction first wrote an item; checklist writers hold the write lock, so a later
-- transaction's writes carry a larger one), and while copies exist, every deleted item leaves
-- its ID and the revision of its deletion in `deleted_items`. A sync brings the items and
-- deletions past the revision its copy last saw (`copies.synced_revision`), and drops the
-- deletions every copy has seen. `state.pull_from`: a copy that last synced before it (before
-- this migration, or before deletions it needs were dropped) brings everything.
ALTER TABLE checklist.items ADD COLUMN revision bigint NOT NULL DEFAULT 0;
ALTER TABLE checklist.state ADD COLUMN pull_from bigint NOT NULL DEFAULT 0;
UPDATE checklist.state SET pull_from = revision;
ALTER TABLE checklist.copies ADD COLUMN synced_revision bigint NOT NULL DEFAULT 0;

CREATE TABLE checklist.deleted_items (
    id bigint NOT NULL,
    revision bigint NOT NULL
);
CREATE INDEX deleted_items_by_revision ON checklist.deleted_items (revision);

-- The revision a transaction's writes carry, kept in the setting checklist.revision.
CREATE OR REPLACE FUNCTION checklist.stamp_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stamp text := pg_catalog.current_setting('checklist.stamp', true);
    made text := pg_catalog.current_setting('checklist.revision', true);
BEGIN
    IF made IS NULL OR made = '' THEN
        SELECT (s.revision + 1)::pg_catalog.text INTO made FROM checklist.state s;
        PERFORM pg_catalog.set_config('checklist.revision'::pg_catalog.text, made, true);
    END IF;
    NEW.revision := made::bigint;
    IF stamp IS NULL OR stamp = '' THEN
        stamp := pg_catalog.to_char(pg_catalog.now() AT TIME ZONE 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ' ' || current_user;
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.checked_stamp = '' THEN NEW.checked_stamp := stamp; END IF;
        IF NEW.title_stamp = '' THEN NEW.title_stamp := stamp; END IF;
        IF NEW.place_stamp = '' THEN NEW.place_stamp := stamp; END IF;
        RETURN NEW;
    END IF;
    IF NEW.is_selected IS DISTINCT FROM OLD.is_selected
        AND NEW.checked_stamp IS NOT DISTINCT FROM OLD.checked_stamp THEN
        NEW.checked_stamp := stamp;
    END IF;
    IF NEW.title IS DISTINCT FROM OLD.title
        AND NEW.title_stamp IS NOT DISTINCT FROM OLD.title_stamp THEN
        NEW.title_stamp := stamp;
    END IF;
    IF (NEW.list_id IS DISTINCT FROM OLD.list_id OR NEW.position IS DISTINCT FROM OLD.position)
        AND NEW.place_stamp IS NOT DISTINCT FROM OLD.place_stamp THEN
        NEW.place_stamp := stamp;
    END IF;
    RETURN NEW;
END
$$;

-- The deletions, written with the schema owner's rights (a role granted the tables before
-- this migration deletes items as before) and a pinned search_path; a statement's deleted rows
-- in one INSERT (a transition table), and none while no copy exists.
CREATE FUNCTION checklist.bury_items() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    made text := pg_catalog.current_setting('checklist.revision', true);
BEGIN
    IF EXISTS (SELECT 1 FROM checklist.copies) THEN
        IF made IS NULL OR made = '' THEN
            SELECT (s.revision + 1)::pg_catalog.text INTO made FROM checklist.state s;
        END IF;
        INSERT INTO checklist.deleted_items (id, revision)
        SELECT gone.id, made::bigint FROM gone;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER items_deletions AFTER DELETE ON checklist.items
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION checklist.bury_items();
