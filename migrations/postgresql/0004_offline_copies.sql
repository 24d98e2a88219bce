-- Offline copies (`checklist clone`, `checklist sync`). Each item keeps, for each of its
-- fields a merge compares (checked, title, place: list and position), the stamp of the edit
-- that set it: the edit's time (ISO 8601 UTC with milliseconds) and its author, as one text
-- that sorts by time, then author (COLLATE "C"). A sync applies a copy's edit of a field only
-- when its stamp is later. The trigger stamps every other write: the stamp of the change that
-- makes it (the setting checklist.stamp, set by each change), else the transaction's time and
-- role; a statement that sets a stamp itself (a sync) keeps its own.
ALTER TABLE checklist.items
    ADD COLUMN checked_stamp text COLLATE "C" NOT NULL DEFAULT '',
    ADD COLUMN title_stamp text COLLATE "C" NOT NULL DEFAULT '',
    ADD COLUMN place_stamp text COLLATE "C" NOT NULL DEFAULT '';

CREATE FUNCTION checklist.stamp_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stamp text := pg_catalog.current_setting('checklist.stamp', true);
BEGIN
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

CREATE TRIGGER items_stamps BEFORE INSERT OR UPDATE ON checklist.items
    FOR EACH ROW EXECUTE FUNCTION checklist.stamp_item();

-- The copies that sync with this database: how far each one's journal has been applied, so a
-- sync cut after the server committed applies nothing twice when it runs again.
CREATE TABLE checklist.copies (
    copy_id text COLLATE "C" PRIMARY KEY,
    synced_through bigint NOT NULL DEFAULT 0,
    undos_through bigint NOT NULL DEFAULT 0
);
