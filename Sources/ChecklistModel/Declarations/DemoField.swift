/// A field declared only in a build with `-DCHECKLIST_DEMO_FIELD` (CI makes one), through the
/// same steps as every stored field of items (docs/internals/development.md, "Adding a stored
/// field to items"): its two migrations and its declaration, nothing else. `DemoFieldTests`
/// checks it is stored, shown, set, undone, copied and merged like the quantity and the note,
/// so the recipe cannot drift from the code. A normal build declares nothing here. Its
/// migrations are numbered 9990, after any real one.
#if CHECKLIST_DEMO_FIELD
    package enum DemoField {
        package static let packedBy = StoredColumn.shownField(
            "packedBy", "packed_by",
            ShownField(
                name: "packedBy", kind: .text(maxCharacters: 40), look: .remark, editKey: "P",
                label: "Packed by"))
        package static let columns = [packedBy]
        package static let sqliteMigrations: [(identifier: String, bytes: [UInt8])] = [
            (
                "9990_demo_packed_by",
                Array(
                    """
                    ALTER TABLE items ADD COLUMN packedBy TEXT NOT NULL DEFAULT '';
                    ALTER TABLE changedItems ADD COLUMN packedBy TEXT NOT NULL DEFAULT '';
                    PRAGMA user_version = 9990;
                    """.utf8)
            )
        ]
        package static let serverMigrations: [(identifier: String, bytes: [UInt8])] = [
            (
                "9990_demo_packed_by",
                Array(
                    """
                    ALTER TABLE checklist.items ADD COLUMN packed_by text NOT NULL DEFAULT '';
                    ALTER TABLE checklist.changed_items
                        ADD COLUMN packed_by text NOT NULL DEFAULT '';
                    INSERT INTO checklist.merged_fields (name, columns)
                        VALUES ('packedBy', '{packed_by}');
                    """.utf8)
            )
        ]
    }
#else
    package enum DemoField {
        package static let columns: [StoredColumn] = []
        package static let sqliteMigrations: [(identifier: String, bytes: [UInt8])] = []
        package static let serverMigrations: [(identifier: String, bytes: [UInt8])] = []
    }
#endif
