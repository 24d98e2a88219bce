import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistServeOptions

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

        @OptionGroup var serve: ServeOptions

        func run() throws {
            var arguments: [String] = []
            if let name = list.list { arguments += ["--list", name] }
            // Through the environment, which only this user may read, not the arguments,
            // which every local user may (`ps`): a URI may carry a password.
            if let db = store.db { Platform.setEnvironment("CHECKLIST_DB", db) }
            arguments += serve.arguments
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
