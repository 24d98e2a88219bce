import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    /// Runs `checklist-serve`, found beside this binary, as git runs its subcommands: the page's
    /// HTTP server lives in a binary of its own, so no other command loads its libraries.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve", _superCommandName: "checklist",
            abstract: "Serve a list as a page for phones and browsers, live, until Ctrl-C.",
            discussion: """
                Prints the page's link, which carries a random secret (and a QR code of it where \
                qrencode is installed). The link lasts across restarts (the database keeps the \
                secret's hash, so the link is printed only when it is made); --new-link replaces \
                it, and the old link stops working at once. --person NAME (repeatable) prints a \
                link of that person's own: a tap through it is recorded as NAME's change \
                (history, undo), and the page offers Undo of NAME's own newest change. On \
                127.0.0.1 unless --host says otherwise: --host 0.0.0.0 shares it on the home \
                network.
                Example: checklist serve -l camping --host 0.0.0.0
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions

        @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1).", valueName: "addr"))
        var host: String?

        @Option(help: ArgumentHelp("The port (default 8040; 0 picks a free one).", valueName: "n"))
        var port: UInt16?

        @Flag(help: "Replace the page's link with a new one: the old link stops working at once.")
        var newLink = false

        @Option(
            help: ArgumentHelp(
                "A link of this person's own, whose changes are theirs (repeatable).",
                valueName: "name"))
        var person: [String] = []

        func run() throws {
            var arguments: [String] = []
            if let name = list.list { arguments += ["--list", name] }
            // Through the environment, which only this user may read, not the arguments,
            // which every local user may (`ps`): a URI may carry a password.
            if let db = store.db { Platform.setEnvironment("CHECKLIST_DB", db) }
            if let host { arguments += ["--host", host] }
            if let port { arguments += ["--port", String(port)] }
            if newLink { arguments.append("--new-link") }
            for name in person { arguments += ["--person", name] }
            let path = Platform.siblingExecutable("checklist-serve")
            // Only returns when the program could not be started.
            let reason = Platform.execute(path, arguments: ["checklist-serve"] + arguments)
            throw ChecklistError.databaseUnavailable(
                path: path,
                reason: "cannot run it (\(reason)); checklist serve needs checklist-serve installed"
                    + " beside checklist (swift build builds both)")
        }
    }
}
