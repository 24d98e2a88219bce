-- Times are ISO 8601 UTC text (issue 48, 14). `history` prints a change's time and `sync` its
-- conflicts' times: a grantee, or a tampered copy, could have stored any text there (an
-- escape sequence for a terminal among them). From now on a change's time, an item's stamps
-- (a time, then a space and the author) and a notice's times must be times: CHECKs on the
-- rows written from now on (NOT VALID: rows stored before are kept, and the program escapes
-- what it prints anyway). A sync holds a copy's times to the same rule before it writes them.
ALTER TABLE checklist.changes ADD CONSTRAINT changes_created_at_is_a_time CHECK (
    created_at OPERATOR(pg_catalog.~) '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,6})?Z$'
) NOT VALID;

ALTER TABLE checklist.items
    ADD CONSTRAINT items_checked_stamp_is_a_time CHECK (
        checked_stamp OPERATOR(pg_catalog.=) ''
        OR checked_stamp OPERATOR(pg_catalog.~) '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,6})?Z( |$)'
    ) NOT VALID,
    ADD CONSTRAINT items_title_stamp_is_a_time CHECK (
        title_stamp OPERATOR(pg_catalog.=) ''
        OR title_stamp OPERATOR(pg_catalog.~) '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,6})?Z( |$)'
    ) NOT VALID,
    ADD CONSTRAINT items_place_stamp_is_a_time CHECK (
        place_stamp OPERATOR(pg_catalog.=) ''
        OR place_stamp OPERATOR(pg_catalog.~) '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,6})?Z( |$)'
    ) NOT VALID;

ALTER TABLE checklist.copy_notices
    ADD CONSTRAINT copy_notices_loser_time_is_a_time CHECK (
        loser_time IS NULL
        OR loser_time OPERATOR(pg_catalog.~) '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,6})?Z$'
    ) NOT VALID,
    ADD CONSTRAINT copy_notices_winner_time_is_a_time CHECK (
        winner_time IS NULL
        OR winner_time OPERATOR(pg_catalog.~) '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,6})?Z$'
    ) NOT VALID;
