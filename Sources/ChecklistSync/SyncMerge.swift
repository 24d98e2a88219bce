import ChecklistModel

/// The merge rules, written once, as plain values: which of a copy's edits the server takes.
/// Each field of an item (checked, title, place) takes the value of its latest edit by stamp
/// (time on its machine, then author); an item deleted anywhere stays deleted; an edit that
/// loses to another author's edit it had not seen, either way, is a conflict to tell.
package enum SyncMerge {
    /// Decides one change of a copy: its item edits, stamped `stamp`, against the server's
    /// rows for the items they name (`server`, by ID; a missing one was deleted there, by
    /// `deletedBy` when the server's journal still says). `seen`: the newest stamp the copy
    /// had seen from the server, so an older edit there was one it knew of.
    /// `choices`: for an item of a single-choice list, the other items of that list checked
    /// there (in `server`): a check loses to a later one of them (the list keeps only the latest
    /// check).
    package static func decide(
        _ edits: [CopyEdit], stamp: Stamp, server: [ItemID: ServerItem], seen: Stamp,
        deletedBy: [ItemID: (author: String, time: String)] = [:],
        choices: [ItemID: [ItemID]] = [:]
    ) -> MergeDecision {
        var decision = MergeDecision()
        let me = stamp.author
        func mine(_ what: String) -> SyncConflict.Edit {
            .init(what: what, author: me, time: stamp.time, isYours: true)
        }
        func theirs(_ what: String, _ at: Stamp) -> SyncConflict.Edit {
            .init(what: what, author: at.author, time: at.time, isYours: false)
        }
        /// Whether the server's edit stamped `at` was made without seeing this one, and this
        /// one without seeing it, by another author.
        /// `unseen`: whether the server knows the copy had not seen that edit (an edit made
        /// offline elsewhere long ago, synced since, carries an old stamp all the same).
        func concurrent(_ at: Stamp, unseen: Bool?) -> Bool {
            (unseen ?? (at > seen)) && at.author != me && at != stamp
        }
        func unseen(_ item: ServerItem, _ field: MergedField) -> Bool? {
            item.unseenFields[field]
        }

        /// One field: the later stamp wins (true: apply this edit); a tie is the same edit,
        /// sent again. A later edit of the same value moves the stamp.
        func wins<Value: Equatable>(
            _ id: ItemID, _ title: String, _ name: MergedField, mine: Value,
            theirs: Value, at: Stamp, unseen: Bool?, myEdit: SyncConflict.Edit,
            theirEdit: SyncConflict.Edit
        ) -> Bool {
            if at == stamp { return false }
            if stamp > at {
                if mine == theirs {
                    decision.restamped.append((id, name))
                    return false
                }
                if concurrent(at, unseen: unseen) {
                    decision.conflicts.append(
                        SyncConflict(itemID: id, title: title, loser: theirEdit, winner: myEdit))
                }
                return true
            }
            if mine != theirs, at.author != me {
                decision.conflicts.append(
                    SyncConflict(itemID: id, title: title, loser: myEdit, winner: theirEdit))
            }
            return false
        }

        /// A field merged by value: whether the copy's `value` wins over the server's.
        func wins(_ id: ItemID, _ item: ServerItem, _ field: MergedField, _ value: FieldValue)
            -> Bool
        {
            let at = item.stamp(field)
            let current = item.values[field]
            return wins(
                id, item.title, field, mine: Optional(value), theirs: current, at: at,
                unseen: unseen(item, field), myEdit: mine(field.words(value)),
                theirEdit: theirs(field.words(current ?? .text("")), at))
        }

        for edit in edits {
            switch edit {
            case .create(let id, _, _, _):
                // Sent before (a sync cut after the server committed): there already.
                if server[id] == nil, deletedBy[id] == nil { decision.creates.append(edit) }
            case .delete(let id):
                guard let item = server[id] else { continue }
                decision.deletes.append(id)
                for field in MergedField.all {
                    let at = item.stamp(field)
                    guard concurrent(at, unseen: unseen(item, field)) else { continue }
                    let what = field.words(item.values[field] ?? .text(""))
                    decision.conflicts.append(
                        SyncConflict(
                            itemID: id, title: item.title, loser: theirs(what, at),
                            winner: mine("delete")))
                }
            case .set(let id, let field, let value):
                let what = field.words(value)
                guard let item = server[id] else {
                    decision.conflicts += deleted(id, mine(what), deletedBy, me)
                    continue
                }
                if field.rule == .choice, value == .bool(true) {
                    // A single-choice list's conflict is one line, of choices.
                    func choice(_ item: ServerItem) -> String {
                        "choice of \(Phrase.quoted(item.title))"
                    }
                    let list = "list \(Phrase.quoted(item.list))"
                    if let later = laterChoice(of: id, than: stamp, server, choices) {
                        if later.checkedStamp.author != me {
                            decision.conflicts.append(
                                SyncConflict(
                                    itemID: nil, title: list, loser: mine(choice(item)),
                                    winner: theirs(choice(later), later.checkedStamp)))
                        }
                        continue
                    }
                    guard wins(id, item, field, value) else { continue }
                    decision.sets.append((id, field, value))
                    // Earlier choices there made without seeing this one lose to it: told.
                    for other in (choices[id] ?? []).compactMap({ server[$0] })
                    where other.isSelected && other.checkedStamp < stamp
                        && concurrent(other.checkedStamp, unseen: unseen(other, .checked))
                    {
                        decision.conflicts.append(
                            SyncConflict(
                                itemID: nil, title: list,
                                loser: theirs(choice(other), other.checkedStamp),
                                winner: mine(choice(item))))
                    }
                    continue
                }
                if wins(id, item, field, value) { decision.sets.append((id, field, value)) }
            case .place(let id, let list, let position, let from):
                guard let item = server[id] else {
                    decision.conflicts += deleted(id, mine("move"), deletedBy, me)
                    continue
                }
                // A new order of a list never brings back an item moved out of it elsewhere,
                // whenever that was: the copy's reorder (or the renumbering another item's
                // move made) was of a list the item is no longer in.
                if from == list, item.list != list {
                    if item.stamp(.place).author != me {
                        decision.conflicts.append(
                            SyncConflict(
                                itemID: id, title: item.title, loser: mine("move"),
                                winner: theirs("move", item.stamp(.place))))
                    }
                    continue
                }
                if wins(
                    id, item.title, .place, mine: [list, String(position)],
                    theirs: [item.list, String(item.position)], at: item.stamp(.place),
                    unseen: unseen(item, .place), myEdit: mine("move"),
                    theirEdit: theirs("move", item.stamp(.place)))
                {
                    decision.places.append((id, list, position))
                }
            case .createList, .renameList, .setMode, .deleteList:
                continue
            }
        }
        return decision
    }

    /// The latest of the other items checked in `id`'s single-choice list, when it was checked
    /// after `stamp`.
    private static func laterChoice(
        of id: ItemID, than stamp: Stamp, _ server: [ItemID: ServerItem],
        _ choices: [ItemID: [ItemID]]
    ) -> ServerItem? {
        (choices[id] ?? []).compactMap { server[$0] }.filter { $0.checkedStamp > stamp }
            .max { $0.checkedStamp < $1.checkedStamp }
    }

    /// What became of a page's tap (a check or uncheck of `id` to `value`, stamped `stamp`):
    /// decided by the same rules as a copy's check, then told from the tapper's side: kept
    /// (applied, or the item already so), or lost, with the edit it lost to, whoever's it was
    /// (a person is told of every tap that did not hold, their own later edit too).
    package static func tap(
        _ id: ItemID, _ value: Bool, stamp: Stamp, view: MergeView, seen: Stamp
    ) -> TapDecision {
        let decision = decide(
            [.check(id, value)], stamp: stamp, server: view.items, seen: seen,
            deletedBy: view.deletedBy, choices: view.choices)
        if !decision.checks.isEmpty { return .apply }
        guard let item = view.items[id] else {
            let by = view.deletedBy[id]
            return .lost(
                .init(what: "delete", author: by?.author, time: by?.time, isYours: false))
        }
        if value, let later = laterChoice(of: id, than: stamp, view.items, view.choices) {
            return .lost(
                .init(
                    what: "check \(Phrase.quoted(later.title))",
                    author: later.checkedStamp.author, time: later.checkedStamp.time,
                    isYours: false))
        }
        if item.isSelected == value { return .holds }
        let at = item.checkedStamp
        return .lost(
            .init(
                what: item.isSelected ? "check" : "uncheck",
                author: at.author, time: at.time, isYours: false))
    }

    /// An edit of an item deleted on the server: dropped, and told unless the delete was the
    /// same author's.
    private static func deleted(
        _ id: ItemID, _ edit: SyncConflict.Edit,
        _ deletedBy: [ItemID: (author: String, time: String)], _ me: String
    ) -> [SyncConflict] {
        let by = deletedBy[id]
        if by?.author == me { return [] }
        return [
            SyncConflict(
                itemID: id, title: "", loser: edit,
                winner: .init(what: "delete", author: by?.author, time: by?.time, isYours: false))
        ]
    }

    /// The item a single-choice list keeps checked: the latest check.
    package static func singleChoiceKeeper(_ checked: [(id: ItemID, stamp: Stamp)]) -> ItemID? {
        checked.max { ($0.stamp, $0.id) < ($1.stamp, $1.id) }?.id
    }
}
