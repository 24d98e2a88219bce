extension DatabaseOpener {
    /// A PostgreSQL URI. The server is reached first, so a wrong address, login, password or
    /// database is reported with libpq's reason (exit 74); then the command is refused, as
    /// this version keeps lists in SQLite files only: the shared-lists engine is not built
    /// yet. Nothing is written, on the server or in a file named like the URI.
    static func openServer(_ server: ServerURI) throws -> ChecklistStore {
        let connection = try ServerConnection(server)
        _ = try connection.query("SELECT 1")
        throw ChecklistError.databaseUnavailable(
            path: server.shown,
            reason: "the server answered, but this version of checklist keeps lists in SQLite"
                + " files only; nothing changed (pass --db PATH for a file)")
    }
}
