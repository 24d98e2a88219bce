import ChecklistCore
import ChecklistModel

/// A usage error found before ArgumentParser reads the command line.
enum UsageError: Error, Equatable {
    case unknownCommand(String, suggestion: String?)
    case titleLooksLikeOption(String, noun: String, fix: String, command: [String])
    /// An option before the subcommand's name that only the subcommand takes (`fix` shows it
    /// after), or that it does not take either (no fix).
    case optionBeforeCommand(String, fix: String?, command: [String])
    /// The argument at this position (1 is the first after `checklist`), shown with its
    /// invalid bytes as `\xFF`.
    case notUTF8(position: Int, shown: String, command: [String])

    var message: String {
        switch self {
        case .unknownCommand(let word, let suggestion):
            "unknown command \(Phrase.quotedInput(word))"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .titleLooksLikeOption(let word, let noun, let fix, _):
            "unknown option \(Phrase.quotedInput(word)); \(noun) that starts with a dash goes"
                + " after --: \(Phrase.quotingInput(in: fix))"
        case .optionBeforeCommand(let option, let fix?, _):
            "\(Phrase.quotedInput(option)) goes after the command's name (only --db and --list"
                + " may come first): \(Phrase.quotingInput(in: fix))"
        case .optionBeforeCommand(let option, nil, let command):
            // Before any subcommand (`-v`, `--help-me`): the root's nearest option.
            "unknown option \(Phrase.quotedInput(option))"
                + ((command.isEmpty ? Invocation.rootSuggestion(for: option) : nil).map {
                    "; did you mean '\($0)'?"
                } ?? "")
        case .notUTF8(let position, let shown, _):
            "argument \(position) is not valid UTF-8 text: '\(shown)'; give it in UTF-8"
        }
    }

    /// The help the message points to.
    var command: [String] {
        switch self {
        case .unknownCommand(let word, _):
            // `lists remove`: the help of `lists`.
            word.split(separator: " ").count > 1 ? [String(word.split(separator: " ")[0])] : []
        case .notUTF8(_, _, let command): command
        case .titleLooksLikeOption(_, _, _, let command): command
        case .optionBeforeCommand(_, _, let command): command
        }
    }
}
