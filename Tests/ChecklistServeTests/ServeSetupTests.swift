import ChecklistCore
import ChecklistModel
import ChecklistServe
import Foundation
import Testing

/// `checklist serve`'s set-up as values, without a process or a socket: what it opens, what it
/// refuses (one line, the contract's status), and the links it makes and shows.
@Suite struct ServeSetupTests {
    let folder: String
    let path: String

    /// A file with camping: 1 Tent.
    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "serve-setup-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/lists.db"
        let store = try DatabaseOpener.openForWriting(
            DatabaseLocation.resolve(explicitPath: path, environment: [:]))
        try store.add([try Title("Tent")], to: "camping")
    }

    private func setup(
        list: String? = nil, db: String? = nil, _ environment: [String: String] = [:]
    )
        throws(CommandFailure) -> ServeSetup
    {
        try ServeSetup(list: list, db: db ?? path, environment: environment)
    }

    private func failure(_ body: () throws(CommandFailure) -> ServeSetup) -> CommandFailure? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingDatabaseIsNotFoundAndNotMade() {
        let missing = folder + "/typo.db"
        #expect(
            failure { () throws(CommandFailure) in try setup(db: missing) }
                == CommandFailure(
                    "no database at \(missing); nothing to serve (checklist add creates one, or"
                        + " pass --db or set CHECKLIST_DB to name another)", status: .notFound))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func aListNamedMustExistTheDefaultMayBeEmpty() throws {
        #expect(
            failure { () throws(CommandFailure) in try setup(list: "travel") }
                == CommandFailure(ChecklistError.listNotFound("travel")))
        #expect(
            failure { () throws(CommandFailure) in try setup(["CHECKLIST_LIST": "travel"]) }?
                .status == .notFound)
        #expect(try setup(list: "camping").list == ListName(lookingUp: "camping"))
        #expect(try setup().list == ListName.defaultList)
    }

    @Test func aBadListNameIsAUsageError() {
        let refused = failure { () throws(CommandFailure) in try setup(list: "") }
        #expect(refused?.status == .usage)
        #expect(refused?.line.hasPrefix("--list: ") == true)
    }

    @Test func thePingWaitsThirtySecondsUnlessTheTestsSayOtherwise() throws {
        #expect(try setup().pingAfter == 30)
        #expect(try setup(["CHECKLIST_SERVE_PING_SECONDS": "0.5"]).pingAfter == 0.5)
        #expect(try setup(["CHECKLIST_SERVE_PING_SECONDS": "-1"]).pingAfter == 30)
        #expect(try setup(["CHECKLIST_SERVE_PING_SECONDS": "soon"]).pingAfter == 30)
    }

    /// The set-up alone makes no link: a server that then cannot listen must not leave a new
    /// secret behind that nobody was shown.
    @Test func aLinkIsMadeOnlyWhenAskedAndShownOnlyWhenMade() throws {
        let setup = try setup()
        #expect(try setup.store.pageLinks().isEmpty)
        let first = try setup.links(for: [], newLink: false)
        #expect(first.count == 1 && first[0].person == "" && first[0].secret != nil)
        let lines = ServeSetup.lines(for: first, address: "http://h:8040")
        #expect(lines.map(\.line) == ["http://h:8040/\(first[0].secret ?? "")/"])
        #expect(lines.map(\.url) == ["http://h:8040/\(first[0].secret ?? "")/"])

        let again = try setup.links(for: [], newLink: false)
        #expect(again.count == 1 && again[0].secret == nil && again[0].made != nil)
        let line = try #require(ServeSetup.lines(for: again, address: "http://h:8040").first)
        #expect(line.url == nil)
        #expect(line.line.hasPrefix("http://h:8040/: the page's link (made "))
        #expect(
            line.line.hasSuffix(
                " UTC) still works; it is shown only when it is made: checklist serve"
                    + " --new-link makes a new one"))

        let renewed = try setup.links(for: [], newLink: true)
        #expect(renewed[0].secret != nil && renewed[0].secret != first[0].secret)
    }

    @Test func eachPersonNamedHasALinkOnceInNameOrder() throws {
        let links = try setup().links(for: ["ben", "ana", "ben"], newLink: false)
        #expect(links.map(\.person) == ["ana", "ben"])
        let lines = ServeSetup.lines(for: links, address: "http://h:1").map(\.line)
        #expect(lines[0].hasPrefix("ana: http://h:1/") && lines[1].hasPrefix("ben: http://h:1/"))
        let again = ServeSetup.lines(
            for: try setup().links(for: ["ana"], newLink: false), address: "http://h:1")
        #expect(
            again[0].line.hasSuffix("checklist serve --new-link --person 'ana' makes a new one"))
    }

    @Test func onlyALoopbackServerIsToldNothingOfPlainHTTP() {
        #expect(ServeSetup.plainHTTPNotice(host: "127.0.0.1") == nil)
        #expect(
            ServeSetup.plainHTTPNotice(host: "0.0.0.0")
                == "the link is plain HTTP: on the network it crosses in the clear, token and"
                + " taps; put HTTPS in front (the manual's page for phones shows Caddy)")
    }

    @Test func theFailuresOfListeningAreOneLineWithTheContractsStatus() {
        #expect(
            ServeSetup.notAnAddress(host: "localhost")
                == CommandFailure(
                    "--host localhost is not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)",
                    status: .usage))
        #expect(
            ServeSetup.cannotListen(host: "0.0.0.0", port: 80, reason: "denied").status == .ioError)
    }
}
