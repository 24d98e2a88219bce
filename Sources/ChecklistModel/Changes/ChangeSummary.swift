/// What a bulk write did, in counts.
public struct ChangeSummary: Hashable, Sendable {
    /// Items whose row changed.
    public var changed: Int
    /// Items the command applied to, changed or not.
    public var matched: Int
    /// IDs that named no item (only with `ignoringMissing`).
    public var missing: IDSet
    /// Other items a single-choice list unchecked because an item of it was checked.
    public var uncheckedOthers: Int

    public init(changed: Int, matched: Int, missing: IDSet = IDSet(), uncheckedOthers: Int = 0) {
        self.changed = changed
        self.matched = matched
        self.missing = missing
        self.uncheckedOthers = uncheckedOthers
    }
}
