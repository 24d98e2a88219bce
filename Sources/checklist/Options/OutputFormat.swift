import ArgumentParser

/// `--format`: how `list` and `lists` print.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    case ids
}
