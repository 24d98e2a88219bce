/// An alias and the command it names: `ls` for `list`, whose parents are `["checklist"]`.
struct CommandAlias {
    /// The names of the commands above it, the root first.
    var parents: [String]
    var name: String
    var alias: String
}
