-- An item's merge stamps by field (issue 50): one column, `stamps`, holds for each field a merge
-- compares the stamp of the edit that set it and the revision it was set at,
-- `{"checked": {"stamp": "2026-12-01T10:05:00.000Z ana", "revision": 17}, "title": …}`, in
-- place of a stamp column and a revision column a field. The fields, and the columns each
-- covers, are rows of `merged_fields` (the program's `MergedField` declares the same), read
-- by the one loop of the stamping trigger: a new field is a row there and its columns on the
-- items, never a new stamp column nor a new branch of the trigger.
CREATE TABLE checklist.merged_fields (
    name text COLLATE "C" PRIMARY KEY,
    columns text[] NOT NULL
);
INSERT INTO checklist.merged_fields (name, columns) VALUES
    ('checked', '{is_selected}'), ('title', '{title}'), ('place', '{list_id,position}');
-- Every role that writes items runs the trigger that reads it (a grant made before this
-- migration names only the tables there then).
GRANT SELECT ON checklist.merged_fields TO PUBLIC;

-- The stamps carried over as they are: no write of a field, so no revision moves (the trigger
-- is off while they are).
ALTER TABLE checklist.items DISABLE TRIGGER items_stamps;
ALTER TABLE checklist.items ADD COLUMN stamps jsonb NOT NULL DEFAULT '{}';
UPDATE checklist.items SET stamps = pg_catalog.jsonb_build_object(
    'checked', pg_catalog.jsonb_build_object('stamp', checked_stamp, 'revision', checked_revision),
    'title', pg_catalog.jsonb_build_object('stamp', title_stamp, 'revision', title_revision),
    'place', pg_catalog.jsonb_build_object('stamp', place_stamp, 'revision', place_revision));
ALTER TABLE checklist.items
    DROP COLUMN checked_stamp, DROP COLUMN title_stamp, DROP COLUMN place_stamp,
    DROP COLUMN checked_revision, DROP COLUMN title_revision, DROP COLUMN place_revision;
ALTER TABLE checklist.items ENABLE TRIGGER items_stamps;
-- A stamp is a time as the program writes it, then its author, or empty (0009's rule, for
-- every field).
ALTER TABLE checklist.items ADD CONSTRAINT items_stamps_are_times CHECK (
    NOT pg_catalog.jsonb_path_exists(stamps, '$.*.stamp ? (@ != "" && !(@ like_regex "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,6})?Z( |$)"))'));

-- The stamping trigger, as 0011 wrote it, over the declared fields: a field whose stamp the
-- statement did not set takes the change's (`checklist.stamp`, else the transaction's time and
-- role) when one of its columns changed; a field whose stamp moved takes this write's revision;
-- a stamp written by a role that is not the owner's must name that role and be no later than
-- the server's clock and a minute.
CREATE OR REPLACE FUNCTION checklist.stamp_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stamp text := pg_catalog.current_setting('checklist.stamp', true);
    made text := pg_catalog.current_setting('checklist.revision', true);
    written text[] := ARRAY[]::text[];
    now_row jsonb;
    old_row jsonb;
    field record;
    given text;
    name text;
    changed boolean;
    latest text;
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
    now_row := pg_catalog.to_jsonb(NEW);
    IF TG_OP = 'UPDATE' THEN old_row := pg_catalog.to_jsonb(OLD); END IF;
    FOR field IN SELECT f.name, f.columns FROM checklist.merged_fields f LOOP
        given := NEW.stamps OPERATOR(pg_catalog.->) field.name OPERATOR(pg_catalog.->>) 'stamp';
        IF TG_OP = 'INSERT' THEN
            IF given IS NULL OR given = '' THEN given := stamp; END IF;
        ELSIF given IS NOT DISTINCT FROM
                (OLD.stamps OPERATOR(pg_catalog.->) field.name OPERATOR(pg_catalog.->>) 'stamp') THEN
            changed := false;
            FOREACH name IN ARRAY field.columns LOOP
                IF (now_row OPERATOR(pg_catalog.->) name)
                        IS DISTINCT FROM (old_row OPERATOR(pg_catalog.->) name) THEN
                    changed := true;
                    EXIT;
                END IF;
            END LOOP;
            CONTINUE WHEN NOT changed;
            given := stamp;
        END IF;
        NEW.stamps := NEW.stamps OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object(field.name,
            pg_catalog.jsonb_build_object('stamp', given, 'revision', made::bigint));
        written := written || given;
    END LOOP;
    IF pg_catalog.cardinality(written) > 0 AND NOT pg_catalog.pg_has_role(current_user,
            (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = TG_RELID), 'MEMBER') THEN
        latest := pg_catalog.to_char((pg_catalog.now() + interval '1 minute') AT TIME ZONE 'UTC',
                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
        FOREACH given IN ARRAY written LOOP
            IF pg_catalog.substr(given, pg_catalog.strpos(given, ' ') + 1)
                    <> current_user::pg_catalog.text THEN
                RAISE EXCEPTION 'an item''s stamp names another author than the role writing it, %',
                    current_user USING ERRCODE = '42501';
            END IF;
            IF pg_catalog.split_part(given, ' ', 1) > latest THEN
                RAISE EXCEPTION 'an item''s stamp is later than the server''s clock and a minute, %',
                    latest USING ERRCODE = '22008';
            END IF;
        END LOOP;
    END IF;
    RETURN NEW;
END
$$;
