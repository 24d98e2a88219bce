-- An item's stamp is its writer's, at most a minute ahead of the server (issue 49, 4). A role
-- that shares the tables could write any author and any time into a stamp (`2099-01-01…
-- ana`), and every later edit by anyone then lost to it. A stamp written by such a role
-- (not the schema's owner, a member of the owner's role or a superuser, who may restore
-- anyone's stamps from an offline copy) must name that role, and its time must not be later
-- than the server's clock and a minute. The stamping trigger refuses anything else; the rest
-- of it is as 0006 wrote it.
CREATE OR REPLACE FUNCTION checklist.stamp_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stamp text := pg_catalog.current_setting('checklist.stamp', true);
    made text := pg_catalog.current_setting('checklist.revision', true);
    written text[] := ARRAY[]::text[];
    given text;
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
    IF TG_OP = 'INSERT' THEN
        IF NEW.checked_stamp = '' THEN NEW.checked_stamp := stamp; END IF;
        IF NEW.title_stamp = '' THEN NEW.title_stamp := stamp; END IF;
        IF NEW.place_stamp = '' THEN NEW.place_stamp := stamp; END IF;
        NEW.checked_revision := made::bigint;
        NEW.title_revision := made::bigint;
        NEW.place_revision := made::bigint;
        written := ARRAY[NEW.checked_stamp, NEW.title_stamp, NEW.place_stamp];
    ELSE
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
            written := written || NEW.checked_stamp;
        END IF;
        IF NEW.title_stamp IS DISTINCT FROM OLD.title_stamp THEN
            NEW.title_revision := made::bigint;
            written := written || NEW.title_stamp;
        END IF;
        IF NEW.place_stamp IS DISTINCT FROM OLD.place_stamp THEN
            NEW.place_revision := made::bigint;
            written := written || NEW.place_stamp;
        END IF;
    END IF;
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
