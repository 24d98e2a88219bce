-- Which edits a syncing copy had not seen. Each field a merge compares (checked, title, place)
-- records the database revision of its last edit (`*_revision`, 0 for edits before this
-- migration): an edit that reached the server after the copy last brought the server's items
-- (`copies.synced_revision`) is one the copy never saw, whatever time it was stamped with (an
-- edit made offline long ago and synced since carries an old stamp), so the copy's later edit
-- that overwrites it is told as a conflict.
ALTER TABLE checklist.items
    ADD COLUMN checked_revision bigint NOT NULL DEFAULT 0,
    ADD COLUMN title_revision bigint NOT NULL DEFAULT 0,
    ADD COLUMN place_revision bigint NOT NULL DEFAULT 0;

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
        NEW.checked_revision := made::bigint;
        NEW.title_revision := made::bigint;
        NEW.place_revision := made::bigint;
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
    -- An edit moves its field's stamp (a later edit of the same value too): its revision.
    IF NEW.checked_stamp IS DISTINCT FROM OLD.checked_stamp THEN
        NEW.checked_revision := made::bigint;
    END IF;
    IF NEW.title_stamp IS DISTINCT FROM OLD.title_stamp THEN
        NEW.title_revision := made::bigint;
    END IF;
    IF NEW.place_stamp IS DISTINCT FROM OLD.place_stamp THEN
        NEW.place_revision := made::bigint;
    END IF;
    RETURN NEW;
END
$$;
