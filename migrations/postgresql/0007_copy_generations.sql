-- Offline copies that come back from an older state (issue 47): a copy's file put back from a
-- backup or copied to a second laptop, or the server restored from a dump or failed over to a
-- lagging replica. Numbers cannot tell such a side (a restored server's counters pass the
-- copy's again; a duplicated copy reuses its numbers), so each side carries a generation: a
-- random text that every sync of a copy replaces, on the server (`copies.generation`, and every
-- one it had in `copy_generations`, in the order made) and in the copy. A copy that shows an
-- older generation is the copy again after syncs cut as the server committed (it holds every
-- change those syncs sent), or else an older state of it (a fork: put back from a backup, or a
-- duplicate whose twin synced), which syncs as a new copy. A generation the server never gave,
-- or counters behind the copy's, mean the server went back in time: the sync changes nothing
-- until `sync --restore-server` gives it back what it lost.
ALTER TABLE checklist.copies ADD COLUMN generation text COLLATE "C" NOT NULL DEFAULT '';

-- `checklist copies` lists the copies by a number, with the author their changes carry, when
-- each was made and when it last synced; `copies forget N` retires one: its sync is refused
-- from then on, and the server stops keeping what only it needed (the deletions it had not
-- seen, what it sent).
ALTER TABLE checklist.copies
    ADD COLUMN number bigint GENERATED ALWAYS AS IDENTITY,
    ADD COLUMN author text NOT NULL DEFAULT '',
    ADD COLUMN made_at text NOT NULL DEFAULT '',
    ADD COLUMN synced_at text NOT NULL DEFAULT '',
    ADD COLUMN retired boolean NOT NULL DEFAULT false;

CREATE TABLE checklist.copy_generations (
    copy_id text COLLATE "C" NOT NULL,
    generation text COLLATE "C" NOT NULL,
    made bigint GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (copy_id, generation)
);

-- The item IDs set aside for each copy: a copy's offline add must be at one of its own.
CREATE TABLE checklist.copy_ranges (
    copy_id text COLLATE "C" NOT NULL,
    first_id bigint NOT NULL,
    last_id bigint NOT NULL,
    PRIMARY KEY (copy_id, first_id)
);

-- Every change and undo a copy sent, by its identity (an MD5 of its time, author, command and
-- description), with the copy and the generation of the sync that applied it: a change is sent
-- again only when the server does not hold it, never skipped because its number says so.
-- With the stamp its edits carry (`2026-12-01T18:04:05.123Z ana`): a later edit elsewhere that
-- overrules one of them is told to the copy that made it, at its next sync.
CREATE TABLE checklist.sent_changes (
    key text COLLATE "C" PRIMARY KEY,
    copy_id text COLLATE "C" NOT NULL,
    generation text COLLATE "C" NOT NULL,
    stamp text COLLATE "C" NOT NULL DEFAULT ''
);
CREATE INDEX sent_changes_by_sync ON checklist.sent_changes (copy_id, generation);
CREATE INDEX sent_changes_by_stamp ON checklist.sent_changes (stamp);

-- Every overruled edit is told, whichever copy syncs first: the copy whose edit lost to one a
-- later sync brought, or whose edit won over one a later sync brought in, is told at its next
-- sync, once (a conflict line, from its side).
CREATE TABLE checklist.copy_notices (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    copy_id text COLLATE "C" NOT NULL,
    item_id bigint,
    title text NOT NULL,
    loser_what text NOT NULL,
    loser_author text,
    loser_time text,
    loser_is_yours boolean NOT NULL,
    winner_what text NOT NULL,
    winner_author text,
    winner_time text,
    winner_is_yours boolean NOT NULL
);
CREATE INDEX copy_notices_by_copy ON checklist.copy_notices (copy_id);

-- The new IDs a sync gave a copy's adds (at an ID another item had, or a fork's): a sync cut
-- after the server committed leaves the copy with the old IDs until it syncs again, and its
-- edits of them then go to the new ones. Dropped once the copy shows a later generation.
CREATE TABLE checklist.copy_renumbered (
    copy_id text COLLATE "C" NOT NULL,
    generation text COLLATE "C" NOT NULL,
    from_id bigint NOT NULL,
    to_id bigint NOT NULL,
    PRIMARY KEY (copy_id, from_id)
);
