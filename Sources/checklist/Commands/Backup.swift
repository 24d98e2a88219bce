import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup", _superCommandName: "checklist",
            abstract: "Write a consistent copy of the database to a file.",
            discussion: """
                Safe while other checklist processes write. The copy is a plain SQLite file \
                (mode 0600); use it with --db, or copy it back over the database to restore. \
                An existing file is replaced only with --force.
                Example: checklist backup ~/checklist-backup.db
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Flag(help: "Replace PATH if it exists.")
        var force = false

        @Argument(
            help: ArgumentHelp("Where to write the copy.", valueName: "path"), completion: .file())
        var path: String

        func run() throws {
            try store.openExisting().backup(to: path, overwriting: force)
            Output.summarize("backed up the database to \(path)", quiet: quiet.quiet)
        }
    }
}
