/// The contract's exit statuses (sysexits.h where one fits), shared by `checklist` and
/// `checklist-serve`.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// `count --all-checked` found unchecked items; a confirmation was answered no.
    case declined = 1
    case notFound = 3
    case usage = 64
    case dataError = 65
    case ioError = 74
    /// `undo` would overwrite another author's later change; an offline copy has used every
    /// ID reserved for it (EX_TEMPFAIL).
    case undoRefused = 75

    public init(_ error: ChecklistError) {
        self = error.answer.exitStatus
    }
}

extension ChecklistError {
    /// The one map from an error to what the programs answer with it: `checklist`'s and
    /// `checklist-serve`'s exit status, and the page server's HTTP status (404 for what is not
    /// there, 409 for what the request's own state refuses, 503 for a database busy or out of
    /// reach, 500 for the rest, which a page cannot mend).
    public var answer: (exitStatus: ExitStatus, httpStatus: Int) {
        switch self {
        case .itemsNotFound, .itemNotFound, .listNotFound, .noDefaultList: (.notFound, 404)
        case .databaseNotFound: (.notFound, 500)
        case .listExists, .listNotEmpty, .severalChecked, .itemNotInList, .positionOutOfRange,
            .unexpectedCount, .nothingToUndo, .nothingToUndoBy:
            (.notFound, 409)
        case .declined: (.declined, 409)
        case .invalidInput, .singleChoiceConflict, .notAnOfflineCopy, .noOfflineCopy:
            (.usage, 409)
        case .fileExists: (.usage, 500)
        case .notAChecklistDatabase, .corruptDatabase, .damagedBackupSource, .schemaTooNew,
            .untrustedServerSchema, .malformedServerValue, .malformedImport, .strictImportRefused:
            (.dataError, 500)
        case .databaseUnavailable, .serverRefused, .databaseBusy, .cannotRead: (.ioError, 503)
        case .undoConflict, .newestChangeElsewhere: (.undoRefused, 409)
        case .copyOutOfIDs, .serverWentBack: (.undoRefused, 503)
        case .outOfItemIDs, .copyRetired: (.dataError, 500)
        case .copyNotFound: (.notFound, 404)
        case .notAServer: (.usage, 409)
        }
    }
}

/// A command that failed, as a program reports it: one line for stderr (after `checklist: `)
/// that names the problem and the fix, and the contract's exit status. `checklist` and
/// `checklist-serve` each report every failure through this one shape, from one place.
public struct CommandFailure: Error, Equatable, Sendable {
    public var line: String
    public var status: ExitStatus

    public init(_ line: String, status: ExitStatus) {
        self.line = line
        self.status = status
    }

    /// An error of the store: its line, and its status by `ChecklistError.answer`.
    public init(_ error: ChecklistError) {
        self.init(error.description, status: ExitStatus(error))
    }
}
