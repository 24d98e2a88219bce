-- What a copy is told is kept until the copy is known to have heard it. A notice taken by a
-- sync is marked with the generation that sync gives the copy (told_in); the copy's next sync
-- drops the notices marked with the generation it shows (its file committed that sync, and
-- then printed them), and tells again those marked with another (the sync was cut after the
-- server committed, before the copy did: what it took was never printed). The syncing copy's
-- own conflicts are kept so too, already marked: told again only after such a cut.
ALTER TABLE checklist.copy_notices ADD COLUMN told_in text COLLATE "C";
