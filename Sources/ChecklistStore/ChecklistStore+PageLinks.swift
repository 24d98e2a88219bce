import ChecklistModel

/// The page's links (`checklist serve`): kept in the database so that a link lasts across
/// restarts, each as its secret's SHA-256. Not changes to the lists: no history, no undo.
extension ChecklistStore {
    // MARK: - Reads

    /// Every link the page answers to, by person ("" first: the plain link).
    public func pageLinks() throws -> [PageLink] {
        try read { try $0.pageLinks() }
    }

    /// Whether changes made through this store may carry another author's name (a person's
    /// link): always on a file; on a server, only for a role the journal's row-level security
    /// exempts (the owner of its tables, a superuser, or a role that bypasses it), since every
    /// other role records changes under its own name alone.
    public func mayRecordOtherAuthors() throws -> Bool {
        try engine.mayRecordOtherAuthors()
    }

    // MARK: - Writes

    /// Makes a new link for `person` ("" the plain link), replacing that person's link at
    /// once, and returns its secret: the only time the secret is seen (the database keeps its
    /// SHA-256).
    public func makePageLink(for person: String = "") throws -> String {
        let secret = PageLink.makeSecret()
        let hash = PageLink.hash(ofSecret: secret)
        try engine.replacePageLink(person: person, secretSHA256: hash)
        return secret
    }
}
