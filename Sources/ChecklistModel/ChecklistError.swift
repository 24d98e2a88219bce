/// The one error type of the libraries: each case carries the facts a user needs, and its
/// `description` is one line naming the problem and, where there is one, the fix.
public enum ChecklistError: Error, Equatable, CustomStringConvertible {
    /// Some IDs name no item; nothing changed.
    case itemsNotFound(IDSet)
    /// The one item a command names (rename, move) does not exist; nothing changed.
    case itemNotFound(ItemID)
    /// A command that needs an existing database file (backup) found none.
    case databaseNotFound(path: String)
    /// A list named by the user does not exist; nothing changed.
    case listNotFound(String)
    /// No `-l` was given and there is no list `default`, while other lists are there (a
    /// forgotten `-l`): refused like any missing list, naming them.
    case noDefaultList(lists: [String])
    /// Input that breaks the grammar of IDs or titles.
    case invalidInput(String)
    /// A file the command would create already exists; nothing changed.
    case fileExists(path: String)
    /// The file is not a SQLite database, or is one of another program.
    case notAChecklistDatabase(path: String)
    /// The file is damaged.
    case corruptDatabase(path: String)
    /// `backup` of a damaged database: names the database, not the backup's path.
    case damagedBackupSource(path: String)
    /// The file was written by a newer checklist.
    case schemaTooNew(path: String)
    /// The server's schema lets another role than its owner (or a superuser) put code in it:
    /// an object owned by another role, a grant of CREATE, TRIGGER or REFERENCES, or the
    /// journal's row-level security off (`PostgreSQLTrust`). Exit 65, nothing changed.
    case untrustedServerSchema(path: String, objects: String)
    /// A server's row holds a value its column cannot hold for this program (`value`, where
    /// `expected` belongs): a row edited outside checklist. Exit 65; a write rolls back.
    case malformedServerValue(value: String, expected: String)
    /// The file cannot be opened or written: permissions, a full disk, a held lock.
    case databaseUnavailable(path: String, reason: String)
    /// The server refused this role what the command needs (insufficient privilege, or a
    /// row-level policy): exit 74, as `databaseUnavailable`, but trying again cannot help.
    case serverRefused(path: String, reason: String)
    /// Another process held the write lock for longer than the busy timeout.
    case databaseBusy(path: String)
    /// A list of that name exists already; nothing changed.
    case listExists(String)
    /// A list with items cannot be deleted without `--force`; nothing changed.
    case listNotEmpty(String, itemCount: Int)
    /// A command would check several items of a single-choice list; nothing changed.
    case singleChoiceConflict(list: String, ids: IDSet)
    /// A single-choice list would end up with several checked items; nothing changed.
    case severalChecked(list: String, ids: IDSet)
    /// An item is not in the list a command needs it in; nothing changed.
    case itemNotInList(ItemID, list: String)
    /// A position past the end of a list; nothing changed.
    case positionOutOfRange(Int64, list: String, itemCount: Int)
    /// A guard such as `--expect N` did not hold; nothing changed.
    case unexpectedCount(expected: Int, actual: Int)
    /// The user answered no at a confirmation prompt; nothing changed.
    case declined
    /// A file named on the command line cannot be read.
    case cannotRead(path: String, reason: String)
    /// No change is recorded, so there is nothing to undo.
    case nothingToUndo
    /// Changes are recorded, `others` of them, but none by `author`.
    case nothingToUndoBy(author: String, others: Int)
    /// Undoing `change` would overwrite `laterChange`, another author's; nothing changed.
    /// The editor's `u`: the author's newest change did not touch the list on screen; it is
    /// left alone. `lists`: the lists it touched.
    case newestChangeElsewhere(Change, lists: [String])
    case undoConflict(Change, laterChange: Change, UndoConflictReason)
    /// An import file that does not parse; `line` is the first bad line (1-based).
    case malformedImport(line: Int, reason: String)
    /// An offline copy has given out every item ID the server reserved for it (`reserved` of
    /// them); nothing changed, and the next `sync` reserves more. Exit 75.
    /// `needed`: the IDs the refused add would take; `left`: those the copy has left.
    case copyOutOfIDs(reserved: Int64, needed: Int64, left: Int64)
    /// `sync` on a database that is not an offline copy. Exit 64.
    case notAnOfflineCopy(path: String)
    /// `sync` on a file that does not exist. Exit 66.
    case noOfflineCopy(path: String)
    /// `sync` found that the server no longer holds `lost` changes this copy saw there, the
    /// oldest made at `since` (as given: the CLI shows its local minute); nothing changed on
    /// either side. Exit 75.
    case serverWentBack(lost: Int, since: String)
    /// The server has no item IDs left to set aside (its counter near 2^63). Exit 65.
    case outOfItemIDs
    /// `sync` of a copy retired on its server (`copies forget`), which is `server`. Exit 65.
    case copyRetired(number: Int64, server: String)
    /// `copies forget N` of a number the server has no copy under. Exit 3.
    case copyNotFound(number: Int64)
    /// `copies` on a file: copies are a server's. Exit 64.
    case notAServer(path: String)
    /// A Markdown file the strict import refuses at `line` and `import --lenient` would take.
    case strictImportRefused(line: Int, reason: String)

    public var description: String {
        switch self {
        case .itemsNotFound(let ids):
            let noun = ids.count == 1 ? "ID" : "IDs"
            return "no item with \(noun) \(ids.summary()); nothing changed"
                + " (pass --ignore-missing to skip missing IDs)"
        case .itemNotFound(let id):
            return "no item with ID \(id); nothing changed (see `checklist list --all` for IDs)"
        case .databaseNotFound(let path):
            return "no database at \(path); nothing to back up"
                + " (pass --db or set CHECKLIST_DB to name the database)"
        case .listNotFound(let name):
            return "no list named \(Phrase.quoted(name)); see `checklist lists`,"
                + " or add an item to create it"
        case .noDefaultList(let lists):
            let shown = lists.prefix(5).map(Phrase.quoted).joined(separator: ", ")
            let more = lists.count > 5 ? " and \(lists.count - 5) more" : ""
            return "no list named 'default' (the list without -l); name one of the lists here"
                + " with -l: \(shown)\(more)"
        case .invalidInput(let message):
            return message
        case .fileExists(let path):
            return "\(path) already exists; pass --force to replace it"
        case .notAChecklistDatabase(let path):
            return "\(path) is not a checklist database; left it untouched"
                + " (pass --db or set CHECKLIST_DB to use another file)"
        case .corruptDatabase(let path):
            return "\(path) is damaged (database disk image is malformed); left it untouched"
                + " (restore it from a backup)"
        case .malformedServerValue(let value, let expected):
            return "the server's schema checklist holds \(Phrase.quoted(value)) where \(expected)"
                + " belongs; nothing changed (a row was edited outside checklist: mend it, or"
                + " restore the database)"
        case .untrustedServerSchema(let path, let objects):
            return "\(path): the schema checklist lets another role's code run as you"
                + " (\(objects)); left it untouched (the schema's owner must drop that object"
                + " or revoke that grant, or use another database)"
        case .newestChangeElsewhere(let change, let lists):
            let place =
                lists.isEmpty
                ? "another list" : lists.prefix(2).map { "'\($0)'" }.joined(separator: ", ")
            return "your newest change is in \(place): \(change.description); nothing undone"
                + " (undo it from there, or with checklist undo)"
        case .damagedBackupSource(let path):
            return "\(path) is damaged (database disk image is malformed), so no backup was"
                + " written; 'checklist export' may still save what it holds"
        case .schemaTooNew(let path):
            return "\(path) was written by a newer checklist; left it untouched"
                + " (upgrade checklist to use it)"
        case .databaseUnavailable(let path, let reason), .serverRefused(let path, let reason):
            return "cannot use \(path): \(reason)"
        case .databaseBusy(let path):
            return "\(path) is busy: another process held it locked for too long;"
                + " nothing changed (try again)"
        case .listExists(let name):
            return "a list named \(Phrase.quoted(name)) already exists; nothing changed"
                + " (pick another name, or see `checklist lists`)"
        case .listNotEmpty(let name, let count):
            return "list \(Phrase.quoted(name)) has \(Phrase.items(count));"
                + " nothing changed (pass --force to delete them with it)"
        case .singleChoiceConflict(let list, let ids) where ids.isEmpty:
            return
                "list \(Phrase.quoted(list)) takes one checked item (mode single); nothing changed"
                + " (add one item --checked, or add them unchecked)"
        case .singleChoiceConflict(let list, let ids):
            return
                "list \(Phrase.quoted(list)) takes one checked item (mode single), and this would"
                + " check IDs \(ids.summary()); nothing changed (name one of them)"
        case .severalChecked(let list, let ids) where ids.isEmpty:
            return "this would check several items of list \(Phrase.quoted(list)), which takes one"
                + " (mode single); nothing changed"
        case .severalChecked(let list, let ids):
            return
                "list \(Phrase.quoted(list)) has several checked items (IDs \(ids.summary())), and a"
                + " single-choice list takes one; nothing changed"
                + " (pass --keep ID to keep one checked)"
        case .itemNotInList(let id, let list):
            return "item \(id) is not in list \(Phrase.quoted(list)); nothing changed"
        case .positionOutOfRange(let position, let list, let count):
            return "list \(Phrase.quoted(list)) has no position \(position); give 1 to"
                + " \(max(count, 1)); nothing changed"
        case .unexpectedCount(let expected, let actual):
            return "this would delete \(Phrase.items(actual)), not the"
                + " \(expected) that --expect says; nothing changed"
        case .declined:
            return "not confirmed; nothing changed"
        case .cannotRead(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .nothingToUndo:
            return "nothing to undo: no change is recorded (see `checklist history`)"
        case .nothingToUndoBy(let author, let others):
            let changes =
                others == 1 ? "the change recorded was" : "the \(others) changes recorded were"
            return "nothing to undo by \(author): \(changes) made by someone else"
                + " (`checklist undo --anyone` reverts the newest of all)"
        case .undoConflict(let change, let later, let reason):
            let what =
                switch reason {
                case .sameItems: "has since changed the same items"
                case .sameLists: "has since changed the same lists"
                case .singleChoice: "has since checked another item of the same single-choice list"
                }
            return "cannot undo change \(change.id) (\(change.description)):"
                + " change \(later.id) by \(later.author ?? "an unknown author")"
                + " (\(later.description)) \(what);"
                + " nothing changed (`checklist undo --anyone` reverts the newest change first)"
        case .malformedImport(let line, let reason):
            return "line \(line) of the import file: \(reason); nothing was imported"
        case .copyOutOfIDs(let reserved, let needed, let left):
            return "this offline copy needs \(needed) item \(needed == 1 ? "ID" : "IDs") for this"
                + " add and has \(left) left of the \(reserved) the server reserved for it;"
                + " nothing changed (run `checklist sync` where the server can be reached: it"
                + " reserves more)"
        case .serverWentBack(0, let since):
            return "the server lost what this copy's last sync, at \(since), sent or brought"
                + " (it no longer knows that sync); nothing changed on either side: `checklist"
                + " sync --restore-server` gives back what this copy holds, or `checklist clone`"
                + " into a new file takes the server as it is now"
        case .serverWentBack(let lost, let since):
            return "the server lost \(lost) \(lost == 1 ? "change" : "changes") since \(since)"
                + " that this copy holds; nothing changed on either side: `checklist sync"
                + " --restore-server` gives them back to it, or `checklist clone` into a new file"
                + " takes the server as it is now"
        case .copyRetired(let number, let server):
            return "this offline copy was retired on its server (copy \(number): `checklist copies"
                + " forget \(number)`), so it syncs no more; this file keeps everything it held:"
                + " make a new copy with `checklist clone \(server) NEWFILE`"
        case .copyNotFound(let number):
            return "the server has no copy numbered \(number) (`checklist copies` lists them)"
        case .notAServer(let path):
            return "\(path) is a file: offline copies are kept by a server (give its URI: --db"
                + " postgresql://…)"
        case .outOfItemIDs:
            return "the server has no item IDs left to give (its counter is near 2^63); nothing"
                + " changed (an item ID that large came from outside checklist: delete it)"
        case .noOfflineCopy(let path):
            return "no file at \(path), so there is nothing to sync (give the offline copy's"
                + " file with --db, or make one with `checklist clone postgresql://… FILE`)"
        case .notAnOfflineCopy(let path):
            return "\(path) is not an offline copy of a shared list, so there is nothing to sync"
                + " (make one with `checklist clone postgresql://… FILE`)"
        case .strictImportRefused(let line, let reason):
            return "line \(line) of the import file: \(reason); nothing was imported"
                + " (import --lenient takes the task lines of any Markdown)"
        }
    }
}

/// What a later change did that undoing an earlier one would overwrite.
public enum UndoConflictReason: Sendable, Equatable {
    case sameItems, sameLists, singleChoice
}
