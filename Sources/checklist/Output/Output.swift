import ChecklistCore
import ChecklistModel

/// stdout carries data, stderr carries summaries and errors; nothing else in the executable
/// writes.
enum Output {
    /// Buffered standard output: a million-line list is a few hundred `write` calls.
    nonisolated(unsafe) static var standardOutput = FileOutput(descriptor: Platform.standardOutput)

    /// Whether standard output is a terminal (a person reads it).
    static var isTerminal: Bool { Platform.isTerminal(Platform.standardOutput) }

    /// Flushes standard output; a write that failed (full disk, I/O error, closed descriptor)
    /// is an error of the command, not a silent loss.
    static func finishStandardOutput() throws(OutputFailure) {
        standardOutput.flush()
        if let failure = standardOutput.failure { throw OutputFailure(errno: failure) }
    }

    /// Writes a completion script on stdout, and on stderr why it lacks the aliases, if it does.
    static func write(_ script: CompletionScript) {
        if let problem = script.problem { reportError(problem) }
        standardOutput.write(script.text + "\n")
    }

    /// Writes one error line on stderr.
    static func reportError(_ message: String) {
        writeLine("checklist: " + message, to: Platform.standardError)
    }

    /// Writes a command's summary line on stderr, unless `quiet`.
    static func summarize(_ message: String, quiet: Bool) {
        guard !quiet else { return }
        standardOutput.flush()  // keep the summary after the data on a shared terminal
        writeLine(message, to: Platform.standardError)
    }

    /// Writes a question on stderr, without a line break, before reading the answer.
    static func ask(_ question: String) {
        standardOutput.flush()
        var output = FileOutput(descriptor: Platform.standardError)
        output.write(forStderr(question))
        output.flush()
    }

    /// Whether standard error is a terminal: then the titles and list names that messages
    /// quote are shown with their control characters escaped, as `list` shows them, so a title
    /// cannot retitle the window or clear the screen.
    private static let stderrIsTerminal = Platform.isTerminal(Platform.standardError)

    private static func writeLine(_ line: String, to descriptor: Int32) {
        var output = FileOutput(descriptor: descriptor)
        // A path that is not UTF-8 is shown with its bytes as \xE9 (`RawPath`).
        output.write(forStderr(RawPath.shown(line)) + "\n")
        output.flush()
    }

    /// On a terminal, every control character escaped; elsewhere the line breaks, so that a
    /// message stays one line (issue 48).
    private static func forStderr(_ text: String) -> String {
        stderrIsTerminal
            ? TerminalText.escapingControls(text) : TerminalText.escapingLineBreaks(text)
    }
}
