import ChecklistCore
import ChecklistModel
import ChecklistStore

/// What `checklist serve` sets up, as values, with no socket, signal or terminal: the list the
/// page opens on and the store, before it listens; the links to show, once it listens (a new
/// link is made only then: a secret is shown once, and a server that cannot listen shows none). Anything that stops
/// it is one `CommandFailure` (one line, the contract's status), reported by the command's one
/// error edge. Tested as values (`ServeSetupTests`).
public struct ServeSetup {
    /// A link: a person's (or the plain one, `person` empty), with its secret when made now
    /// (a secret is kept hashed: it is shown only when made), else when it was made.
    public struct Link: Equatable, Sendable {
        public var person: String
        public var secret: String?
        public var made: String?
    }

    public let list: ListName
    public let store: ChecklistStore
    /// How long a silent web socket waits for its ping, then for its answer (30 s;
    /// `CHECKLIST_SERVE_PING_SECONDS` in the tests).
    public let pingAfter: Double

    /// Opens the database `db` names (else the environment's), which must exist (a typo in
    /// `--db` would serve an empty list nobody else sees); checks the list named (`--list`,
    /// `CHECKLIST_LIST`) exists (the default list may be empty).
    public init(list: String?, db: String?, environment: [String: String])
        throws(CommandFailure)
    {
        let named = list ?? environment["CHECKLIST_LIST"]
        let listName: ListName
        do {
            listName = try ListName(named ?? ListName.defaultList.text)
        } catch {
            throw CommandFailure("--list: \(error.description)", status: .usage)
        }
        do {
            let location = try DatabaseLocation.resolve(explicitPath: db, environment: environment)
            store = try DatabaseOpener.openExistingForWriting(location)
            if named != nil, try !store.lists().contains(where: { $0.name == listName }) {
                throw ChecklistError.listNotFound(listName.text)
            }
        } catch let error as ChecklistError {
            if case .databaseNotFound(let path) = error {
                throw CommandFailure(
                    "no database at \(path); nothing to serve (checklist add creates one, or"
                        + " pass --db or set CHECKLIST_DB to name another)", status: .notFound)
            }
            throw CommandFailure(error)
        } catch {
            throw CommandFailure("\(error)", status: .ioError)
        }
        self.list = listName
        pingAfter =
            environment["CHECKLIST_SERVE_PING_SECONDS"].flatMap(Double.init)
            .flatMap { $0 > 0 ? $0 : nil } ?? 30
    }

    /// The links: one for each person named, else the plain one, each made when new or
    /// `newLink`.
    public func links(for people: [String], newLink: Bool) throws(CommandFailure) -> [Link] {
        do {
            if !people.isEmpty, try !store.mayRecordOtherAuthors() {
                throw CommandFailure(
                    "--person needs a role that owns the schema checklist (or a superuser): on"
                        + " this server a role records changes under its own name only; nothing"
                        + " is served", status: .usage)
            }
            let existing = try store.pageLinks()
            var links: [Link] = []
            for person in people.isEmpty ? [""] : Array(Set(people)).sorted() {
                let made = existing.first { $0.person == person }?.createdAt
                let secret = newLink || made == nil ? try store.makePageLink(for: person) : nil
                links.append(Link(person: person, secret: secret, made: made))
            }
            return links
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as ChecklistError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure("\(error)", status: .ioError)
        }
    }

    /// What is printed for each link once the server listens at `address`
    /// (`http://host:port`): a new link's URL (a person's line starts with their name:
    /// `ana: http://…`), or a line saying the link made before still works.
    public static func lines(for links: [Link], address: String) -> [(line: String, url: String?)] {
        links.map { link in
            let name = link.person.isEmpty ? "" : link.person + ": "
            if let secret = link.secret {
                let url = "\(address)/\(secret)/"
                return (name + url, url)
            }
            let when = link.made.map { made in
                " (made \(made.prefix(16).split(separator: "T").joined(separator: " ")) UTC)"
            }
            let again = link.person.isEmpty ? "" : " --person '\(link.person)'"
            return (
                "\(name)\(address)/: the page's link\(when ?? "") still works; it is shown only"
                    + " when it is made: checklist serve --new-link\(again) makes a new one", nil
            )
        }
    }

    /// The line for a server reachable beyond this machine: plain HTTP crosses in the clear.
    public static func plainHTTPNotice(host: String) -> String? {
        host.hasPrefix("127.")
            ? nil
            : "the link is plain HTTP: on the network it crosses in the clear, token and taps;"
                + " put HTTPS in front (the manual's page for phones shows Caddy)"
    }

    public static func notAnAddress(host: String) -> CommandFailure {
        CommandFailure(
            "--host \(host) is not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)", status: .usage)
    }

    public static func cannotListen(host: String, port: Int, reason: String) -> CommandFailure {
        CommandFailure(
            "cannot listen on \(host):\(port): \(reason); nothing is served", status: .ioError)
    }
}
