import ChecklistModel
import ChecklistStore

/// Opens a PostgreSQL server for a command (`DatabaseOpener` chooses it for a URI).
package enum PostgreSQLOpener {
    /// A PostgreSQL URI: one connection for the command, made as `psql` makes it. A wrong
    /// address, login, password or database is reported with libpq's reason (exit 74).
    ///
    /// As with a file: a database without the `checklist` schema reads as an empty checklist
    /// and gets none, unless the command may create one (`creating`: the first write creates
    /// it, inside its own transaction), or is missing for a command that needs lists there
    /// (`requiringSchema`: `backup`, exit 3); a schema of a newer program is refused (65).
    /// Nil for a database without the schema that reads as an empty checklist.
    package static func openServer(
        _ uri: PostgreSQLURI, creating: Bool, requiringSchema: Bool = false
    ) throws -> ChecklistStore? {
        let (server, state) = try serverStore(uri)
        switch state {
        case .missing where requiringSchema: throw ChecklistError.databaseNotFound(path: uri.shown)
        case .missing where !creating: return nil
        default: return ChecklistStore(engine: server)
        }
    }

    /// A connection to the server at `uri`, and the state of its schema, which the store then
    /// knows (refused when it lets another role's code in, `PostgreSQLTrust`, or is of a newer
    /// program: 65). For an offline copy's sync (`copy`), the generation the server holds for
    /// it is read in the same round trip.
    package static func serverStore(_ uri: PostgreSQLURI, copy: String? = nil) throws -> (
        PostgreSQLStore, PostgreSQLSchema.State
    ) {
        let server = PostgreSQLStore(try PostgreSQLConnection(uri))
        let opening = try PostgreSQLSchema.opening(server.connection, copy: copy)
        if let role = opening.role { server.role = role }
        switch opening.state {
        case .tooNew: throw ChecklistError.schemaTooNew(path: uri.shown)
        case .missing: break
        case .current, .pending:
            server.hasSchema = true
            server.schemaIsCurrent = opening.state == .current
            server.revisionAtOpening = opening.revision
            server.singleChoiceAtOpening = opening.singleChoice
            server.copyGenerationAtOpening = opening.generation
        }
        return (server, opening.state)
    }
}
