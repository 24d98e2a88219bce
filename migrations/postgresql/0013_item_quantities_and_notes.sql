-- Quantities and notes (contract v5): how many of an item to pack (1 to 9999, 1 unless set)
-- and a word for whoever packs (one line, empty unless set), on the items and in the journal;
-- offline copies merge each as its own field (the stamping trigger reads `merged_fields`).
ALTER TABLE checklist.items
    ADD COLUMN quantity bigint NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 9999),
    ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE checklist.changed_items
    ADD COLUMN quantity bigint NOT NULL DEFAULT 1,
    ADD COLUMN note text NOT NULL DEFAULT '';
INSERT INTO checklist.merged_fields (name, columns) VALUES
    ('quantity', '{quantity}'), ('note', '{note}');
