import ArgumentParser
import ChecklistCore
import ChecklistModel

/// What the hottest command lines ask for (`check`, `uncheck`, `toggle`, `count`, `list`), as
/// plain values; each request, and what it does, lives in its command's file
/// (`SelectionCommand.swift`, `Count.swift`, `List.swift`).
///
/// ArgumentParser's commands make their request from their properties and run it. The fast
/// path (`FastPath`) makes the same request from the words without building a command: a
/// command's option groups and named options instantiate ArgumentParser's generic property
/// wrappers, and each first instantiation scans every conformance record of the statically
/// linked Foundation (0.33 M instructions each; four of them in `check 5`, callgrind).
/// `FastPathTests` checks that both ways make equal requests.
enum Request: Equatable {
    case selection(SelectionRequest)
    case count(CountRequest)
    case list(ListRequest)
    case sync(SyncRequest)

    /// The checks ArgumentParser runs after parsing (`validate()`), beyond each option's own.
    func validate() throws {
        switch self {
        case .selection: break
        case .count(let request): try request.validate()
        case .list(let request): try request.validate()
        case .sync: break
        }
    }

    func run() throws {
        switch self {
        case .selection(let request): try request.run()
        case .count(let request): try request.run()
        case .list(let request): try request.run()
        case .sync(let request): try request.run()
        }
    }
}

/// A command whose whole meaning is a `Request`: ArgumentParser validates and runs it.
protocol RequestCommand: ParsableCommand {
    var request: Request { get }
}

extension RequestCommand {
    func validate() throws { try request.validate() }
    func run() throws { try request.run() }
}

/// What `count` and `list` both refuse: `--all` with `--list`, `--checked` with `--unchecked`.
func validateScope(list: ListChoice, all: Bool, checked: Bool, unchecked: Bool) throws {
    try list.requireNoList(with: all)
    if checked && unchecked {
        throw ValidationError("give --checked or --unchecked, not both")
    }
}
