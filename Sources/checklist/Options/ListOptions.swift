import ArgumentParser
import ChecklistCore
import ChecklistModel

/// `--list` / `-l`: which list; the flag wins over `CHECKLIST_LIST`, then `default`.
struct ListOptions: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The list (default: $CHECKLIST_LIST, else 'default').", valueName: "name"),
        completion: .custom(ListNames.complete))
    var list: String?

    /// The option's value, as the requests carry it.
    var choice: ListChoice { ListChoice(list: list) }

    /// The list a command works on (checked by `validate()`, which ArgumentParser runs
    /// before `run()`).
    var name: ListName {
        get throws { try choice.name }
    }

    /// The list named by the flag or the environment, if any, as a checked name.
    var explicitListName: ListName? {
        get throws { try choice.explicitListName }
    }

    func validate() throws { try choice.validate() }

    /// `--all` with the flag `--list` is a contradiction (the variable only sets a default).
    func requireNoList(with all: Bool) throws { try choice.requireNoList(with: all) }
}

/// `--list`'s value as a plain value (see `Request`), and what it means with the environment.
struct ListChoice: Equatable {
    var list: String?

    /// The list named by the flag or the environment, if any.
    var explicitName: String? { list ?? ListChoice.environmentName }

    /// The list named by `CHECKLIST_LIST`, if set (an empty value is set, and refused by
    /// `validateEnvironment`).
    static var environmentName: String? { Environment.value("CHECKLIST_LIST") }

    /// The list a command works on.
    var name: ListName {
        get throws { try explicitName.map { try ListName($0) } ?? .defaultList }
    }

    /// The list named by the flag or the environment, if any, as a checked name.
    var explicitListName: ListName? {
        get throws { try explicitName.map { try ListName($0) } }
    }

    /// The flag is checked as ArgumentParser reads it; `CHECKLIST_LIST` exactly as the flag,
    /// unless the flag overrides it.
    func validate() throws {
        if let list {
            if list.isEmpty {
                throw ValidationError("--list needs a name; it was given an empty one")
            }
            try ListName.validate(list)
        } else {
            try ListChoice.validateEnvironment()
        }
    }

    /// `CHECKLIST_LIST` is refused exactly as `--list` would refuse its value, empty included.
    static func validateEnvironment() throws {
        guard let name = environmentName else { return }
        guard Platform.environmentValueIsUTF8("CHECKLIST_LIST") else {
            throw ValidationError("$CHECKLIST_LIST is not valid UTF-8 text; give the name in UTF-8")
        }
        if name.isEmpty {
            throw ValidationError(
                "$CHECKLIST_LIST needs a name; it is set but empty (unset it, or name a list)")
        }
        do {
            try ListName.validate(name)
        } catch {
            throw ValidationError("$CHECKLIST_LIST: \(error.description)")
        }
    }

    /// `--all` with the flag `--list` is a contradiction (the variable only sets a default).
    func requireNoList(with all: Bool) throws {
        if all && list != nil { throw ValidationError("give --all or --list, not both") }
    }
}
