import Foundation
import Testing

/// The bash completion script ArgumentParser generates, sourced in a real bash, with the
/// binary on PATH as `checklist`: `-l <TAB>` offers the database's list names.
@Suite(.timeLimit(.minutes(2))) final class CompletionTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func bashCompletesListNamesFromTheDatabase() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        try cli.run("add", "-q", "-l", "garage", "Box")
        #expect(try complete("checklist list -l ") == "[camping garage]")
        #expect(try complete("checklist count --list ga") == "[garage]")
        #expect(try complete("checklist import x.md -l c") == "[camping]")
    }

    @Test func withoutADatabaseNothingIsOfferedAndNothingIsCreated() throws {
        #expect(try complete("checklist list -l ") == "[]")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    /// What bash offers for the last word of `line` (the cursor at its end).
    private func complete(_ line: String) throws -> String {
        let bin = cli.folder.appendingPathComponent("bin")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: bin.appendingPathComponent("checklist"), withDestinationURL: CLI.binary)
        }
        var words = line.split(separator: " ").map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try cli.pipeline(
            """
            PATH="\(bin.path):$PATH"
            checklist --generate-completion-script bash > completion.bash
            bash -c 'source ./completion.bash
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            _checklist checklist "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            echo "[${COMPREPLY[*]}]"' bash '\(line)' \(quoted)
            """)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }
}
