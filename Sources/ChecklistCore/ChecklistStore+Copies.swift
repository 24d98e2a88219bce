import ChecklistModel
import ChecklistPostgres
import ChecklistSQLite
import ChecklistStore
import ChecklistSync

extension ChecklistStore {
    /// `checklist copies`: the offline copies the server keeps, oldest first (none on a server
    /// without the schema yet).
    public func copies() throws -> [ServerCopy] {
        try server().read { connection in try PostgreSQLSync(connection: connection).copies() }
            ?? []
    }

    /// `checklist copies forget N`: retires copy `number`; its sync is refused from then on,
    /// and the server stops keeping what only it needed.
    public func forgetCopy(number: Int64) throws -> ServerCopy {
        try server().write { connection in
            try PostgreSQLSync(connection: connection).forget(number)
        }
    }

    private func server() throws -> PostgreSQLStore {
        guard let server = engine as? PostgreSQLStore else {
            throw ChecklistError.notAServer(path: engine.filePath ?? "")
        }
        return server
    }
}
