import ArgumentParser

/// `--color`: whether output for people is coloured.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto
    case always
    case never
}

/// `--color auto|always|never`, for the commands that print items or lists.
struct ColorOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "auto (colour on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.",
            valueName: "when"))
    var color: ColorChoice = .auto

    /// Whether this command colours its output.
    var isColored: Bool { color.isColored }
}

extension ColorChoice {
    /// Whether output for people is coloured under this choice: the one place that decides.
    var isColored: Bool { isColored(onTerminal: Output.isTerminal) }

    /// Whether output drawn on a terminal or not (`onTerminal`: the picker draws on
    /// `/dev/tty` whatever standard output is) is coloured under this choice.
    func isColored(onTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto:
            onTerminal && (Environment.value("NO_COLOR") ?? "").isEmpty
                && Environment.value("TERM") != "dumb"
        }
    }
}

/// The few ANSI sequences the coloured output uses.
enum ANSI {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let green = "\u{1B}[32m"
}
