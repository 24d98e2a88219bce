import ArgumentParser

/// `--quiet` / `-q`: no summary line on stderr.
struct QuietOption: ParsableArguments {
    @Flag(name: [.short, .long], help: "Do not print the summary line on stderr.")
    var quiet = false
}
