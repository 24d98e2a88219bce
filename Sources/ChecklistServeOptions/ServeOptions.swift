import ArgumentParser

/// `checklist serve`'s own options, declared once: `checklist` parses them (its help, its
/// completions and its man page come from here) and hands them on to `checklist-serve`, which
/// parses them again with the same declaration.
public struct ServeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The address to listen on (0.0.0.0: the home network).", valueName: "addr"))
    public var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0 picks a free one).", valueName: "n"))
    public var port: UInt16 = 8040

    @Flag(help: "Replace the page's link with a new one: the old link stops working at once.")
    public var newLink = false

    @Option(
        help: ArgumentHelp(
            "A link of this person's own, whose changes are theirs (repeatable).",
            valueName: "name"))
    public var person: [String] = []

    public init() {}

    public func validate() throws {
        for name in person
        where name.isEmpty || name.utf8.count > 64
            || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw ValidationError("--person: a name of 1 to 64 bytes without control characters")
        }
    }

    /// The options as `checklist-serve`'s arguments.
    public var arguments: [String] {
        ["--host", host, "--port", String(port)] + (newLink ? ["--new-link"] : [])
            + person.flatMap { ["--person", $0] }
    }
}
