// The migrations compiled into the binary. SwiftPM's `.embedInCode` turns each file of
// `migrations/` into a byte array with a mangled name, and gives no way to enumerate them, so
// a new migration file is added here too; `MigrationFileTests` fails while one is missing.
package let embeddedMigrations: [(identifier: String, bytes: [UInt8])] = [
    ("0001_create_lists_and_items", PackageResources._001_create_lists_and_items_sql),
    ("0002_undo_journal", PackageResources._002_undo_journal_sql),
    ("0003_header_version", PackageResources._003_header_version_sql),
    ("0004_change_authors", PackageResources._004_change_authors_sql),
    ("0005_page_links", PackageResources._005_page_links_sql),
    ("0006_offline_copies", PackageResources._006_offline_copies_sql),
    (
        "0007_copy_undos_of_unsent_changes",
        PackageResources._007_copy_undos_of_unsent_changes_sql
    ),
    ("0008_copy_generation", PackageResources._008_copy_generation_sql),
    ("0009_item_quantities_and_notes", PackageResources._009_item_quantities_and_notes_sql),
]

/// The PostgreSQL schema's migrations, `migrations/postgresql/`, registered the same way.
package let embeddedServerMigrations: [(identifier: String, bytes: [UInt8])] = [
    ("0001_checklist_schema", PackageResources._001_checklist_schema_sql),
    ("0002_change_author_policies", PackageResources._002_change_author_policies_sql),
    ("0003_page_links", PackageResources._003_page_links_sql),
    ("0004_offline_copies", PackageResources._004_offline_copies_sql),
    ("0005_copy_revisions", PackageResources._005_copy_revisions_sql),
    ("0006_field_revisions", PackageResources._006_field_revisions_sql),
    ("0007_copy_generations", PackageResources._007_copy_generations_sql),
    ("0008_notices_told", PackageResources._008_notices_told_sql),
    ("0009_times_are_times", PackageResources._009_times_are_times_sql),
    ("0010_journal_rows_by_author", PackageResources._010_journal_rows_by_author_sql),
    ("0011_stamps_by_their_writers", PackageResources._011_stamps_by_their_writers_sql),
    ("0012_stamps_by_field", PackageResources._012_stamps_by_field_sql),
    ("0013_item_quantities_and_notes", PackageResources._013_item_quantities_and_notes_sql),
]
