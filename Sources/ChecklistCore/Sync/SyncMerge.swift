/// When and by whom an edit was made: its time (ISO 8601 UTC with milliseconds, from a hybrid
/// logical clock) and its author, kept as one text, `2026-11-28T10:05:00.000Z bob`, that sorts
/// by time, then by author (bytewise, as the server's `COLLATE "C"`): the order of the merge.
struct Stamp: Comparable, Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    init(time: String, author: String) { self.text = time + " " + author }

    /// The time, `2026-11-28T10:05:00.000Z`.
    var time: String { String(text.prefix { $0 != " " }) }
    /// The author, after the time.
    var author: String { String(text.drop { $0 != " " }.dropFirst()) }

    static func < (left: Stamp, right: Stamp) -> Bool {
        Array(left.text.utf8).lexicographicallyPrecedes(Array(right.text.utf8))
    }

    /// The copy's clock for its changes since its last sync, in order: each change's own time,
    /// but never earlier than what the copy had seen from the server (`seen`) nor than the
    /// change before it (one millisecond later, then), and never later than the server's
    /// clock when it arrives (`arrival`; or a millisecond after the one before, when several
    /// are held to it): a clock running ahead cannot make an edit win over ones made after it
    /// reached the server.
    ///
    /// A text that is not such a time (`05:59:99.999`, month 13) counts as no time at all, and
    /// what the copy had seen never as later than the arrival (a `seen` from the future,
    /// 9999-12-31, stamped every later edit there and past it, where 10000 sorts before 2026).
    static func clock(_ times: [String], seen: String, arrival: String) -> [String] {
        var last = ISOTime.isValid(seen) ? min(seen, arrival) : ""
        return times.map { time in
            var stamp =
                ISOTime.isValid(time) && time > last
                ? time : last.isEmpty ? arrival : ISOTime.adding(milliseconds: 1, to: last)
            // Held to the arrival, but still one after another: two edits must never share a
            // stamp (an equal stamp is the same edit sent again).
            if stamp > arrival { stamp = max(arrival, ISOTime.adding(milliseconds: 1, to: last)) }
            last = stamp
            return stamp
        }
    }
}

/// An item on the server as a merge sees it: its place, the value of each field merged by
/// value, and the stamp of the edit that set each field.
struct ServerItem: Equatable, Sendable {
    var id: ItemID
    var list: String
    var position: Int64
    var values: [MergedField: FieldValue]
    /// Each field's stamp (`MergedField.all`, the place's included); a field missing here was
    /// never stamped (`Stamp("")`).
    var stamps: [MergedField: Stamp]
    /// For each field, whether its last edit reached the server after the syncing copy last
    /// brought the server's items (the server knows by the revision each field was set at):
    /// true, the copy had not seen it, whatever its stamp. A field not here is not known so (a
    /// page's taps, a field last set before the server kept revisions): then an edit stamped
    /// after what the copy had seen was unseen.
    var unseenFields: [MergedField: Bool] = [:]

    init(
        id: ItemID, list: String, position: Int64, values: [MergedField: FieldValue],
        stamps: [MergedField: Stamp]
    ) {
        self.id = id
        self.list = list
        self.position = position
        self.values = values
        self.stamps = stamps
    }

    /// An item with today's two fields merged by value (the tests' and a file's merge view).
    init(
        id: ItemID, list: String, title: String, isSelected: Bool, position: Int64,
        checkedStamp: Stamp, titleStamp: Stamp, placeStamp: Stamp
    ) {
        self.init(
            id: id, list: list, position: position,
            values: [.checked: .bool(isSelected), .title: .text(title)],
            stamps: [.checked: checkedStamp, .title: titleStamp, .place: placeStamp])
    }

    var title: String { values[.title]?.text ?? "" }
    var isSelected: Bool { values[.checked]?.bool ?? false }
    func stamp(_ field: MergedField) -> Stamp { stamps[field] ?? Stamp("") }
    var checkedStamp: Stamp {
        get { stamp(.checked) }
        set { stamps[.checked] = newValue }
    }
}

/// One edit that lost to another author's edit of the same field, made without seeing it: what
/// `sync` tells, one line each.
public struct SyncConflict: Equatable, Sendable {
    /// One side: what it did (`check`, `uncheck`, `rename to 'Tarp'`, `move`, `delete`), by
    /// whom and when (ISO 8601 UTC), and whether it is the syncing copy's.
    public struct Edit: Equatable, Sendable {
        public let what: String
        public let author: String?
        public let time: String?
        public let isYours: Bool

        /// An empty author or time (a stamp written empty outside checklist) is none.
        init(what: String, author: String?, time: String?, isYours: Bool) {
            self.what = what
            self.author = author?.isEmpty == false ? author : nil
            self.time = time?.isEmpty == false ? time : nil
            self.isYours = isYours
        }
    }

    /// The item, or nil for a list's or a change's conflict.
    public let itemID: ItemID?

    /// The same conflict as the other side reads it.
    var mirrored: SyncConflict {
        func flipped(_ edit: Edit) -> Edit {
            Edit(what: edit.what, author: edit.author, time: edit.time, isYours: !edit.isYours)
        }
        return SyncConflict(
            itemID: itemID, title: title, loser: flipped(loser), winner: flipped(winner))
    }
    /// The item's title; for a list, `list 'camping'`; for an undo, `change 7 (…)`.
    public let title: String
    public let loser: Edit
    public let winner: Edit
}

/// Items as a merge of checks reads them, inside the change's transaction: each with the stamp
/// of the edit that set its checked field (on a file, read from the undo journal: see
/// `SQLiteChange.checkMergeView`), the checked items of the same single-choice lists beside
/// them, and who deleted the missing ones, when the journal still says.
struct MergeView {
    var items: [ItemID: ServerItem] = [:]
    /// For an item of a single-choice list: the other items of that list checked now.
    var choices: [ItemID: [ItemID]] = [:]
    var deletedBy: [ItemID: (author: String, time: String)] = [:]
}

/// What a page's tap comes to (`SyncMerge.tap`).
enum TapDecision: Equatable, Sendable {
    /// The tap wins: check or uncheck the item.
    case apply
    /// The item already is as the tap left it.
    case holds
    /// A later edit (or a delete) wins; nothing changes.
    case lost(SyncConflict.Edit)
}

/// What a merge does with one of a copy's changes on the server.
struct MergeDecision: Equatable, Sendable {
    var creates: [CopyEdit] = []
    /// Fields merged by value that take the copy's value.
    var sets: [(id: ItemID, field: MergedField, value: FieldValue)] = []
    var places: [(id: ItemID, list: String, position: Int64)] = []
    /// Fields whose value stays but whose stamp moves to this later edit of the same value.
    var restamped: [(id: ItemID, field: MergedField)] = []
    var deletes: [ItemID] = []
    var conflicts: [SyncConflict] = []

    /// The checks and unchecks among `sets`.
    var checks: [(id: ItemID, value: Bool)] {
        sets.compactMap { set in
            set.field == .checked ? set.value.bool.map { (set.id, $0) } : nil
        }
    }

    static func == (left: MergeDecision, right: MergeDecision) -> Bool {
        left.creates == right.creates && left.sets.map(\.id) == right.sets.map(\.id)
            && left.sets.map(\.field) == right.sets.map(\.field)
            && left.sets.map(\.value) == right.sets.map(\.value)
            && left.places.map(\.id) == right.places.map(\.id)
            && left.places.map(\.position) == right.places.map(\.position)
            && left.restamped.map(\.id) == right.restamped.map(\.id)
            && left.deletes == right.deletes && left.conflicts == right.conflicts
    }
}

/// The merge rules, written once, as plain values: which of a copy's edits the server takes.
/// Each field of an item (checked, title, place) takes the value of its latest edit by stamp
/// (time on its machine, then author); an item deleted anywhere stays deleted; an edit that
/// loses to another author's edit it had not seen, either way, is a conflict to tell.
enum SyncMerge {
    /// Decides one change of a copy: its item edits, stamped `stamp`, against the server's
    /// rows for the items they name (`server`, by ID; a missing one was deleted there, by
    /// `deletedBy` when the server's journal still says). `seen`: the newest stamp the copy
    /// had seen from the server, so an older edit there was one it knew of.
    /// `choices`: for an item of a single-choice list, the other items of that list checked
    /// there (in `server`): a check loses to a later one of them (the list keeps only the latest
    /// check).
    static func decide(
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
    static func tap(
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
    static func singleChoiceKeeper(_ checked: [(id: ItemID, stamp: Stamp)]) -> ItemID? {
        checked.max { ($0.stamp, $0.id) < ($1.stamp, $1.id) }?.id
    }
}

/// ISO 8601 UTC times with milliseconds, as the program writes them.
public enum ISOTime {
    /// Whether `text` is a time as the program writes it, `2026-11-28T10:05:00.123Z`, and a
    /// real one: a month of 1 to 12, a day its month has, hours, minutes and seconds on the
    /// clock, a year from 1.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24 else { return false }
        let shape = Array("0000-00-00T00:00:00.000Z".utf8)
        for (byte, expected) in zip(bytes, shape) {
            if expected == UInt8(ascii: "0") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            } else if byte != expected {
                return false
            }
        }
        func number(_ range: Range<Int>) -> Int {
            bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days && number(11..<13) < 24 && number(14..<16) < 60
            && number(17..<19) < 60
    }

    /// `time` plus `milliseconds` (a clock's tick: past midnight, the next day; a text that is
    /// not such a time comes back as it is).
    static func adding(milliseconds: Int, to time: String) -> String {
        // 2026-11-28T10:05:00.123Z
        let bytes = Array(time.utf8)
        func number(_ range: Range<Int>) -> Int? {
            Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard bytes.count == 24, let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), let milli = number(20..<23)
        else { return time }
        let dayLength = 86_400_000
        let total = ((hour * 60 + minute) * 60 + second) * 1000 + milli + milliseconds
        let days = days(year: year, month: month, day: day) + total.floorDivided(by: dayLength)
        let within = total - total.floorDivided(by: dayLength) * dayLength
        let (y, m, d) = civil(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(within / 3_600_000, 2)):"
            + "\(pad(within / 60_000 % 60, 2)):\(pad(within / 1000 % 60, 2)).\(pad(within % 1000, 3))Z"
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (H. Hinnant's
    /// `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (`civil_from_days`).
    private static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// The quotient rounded down (`-1 / 2` is -1, not 0).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
