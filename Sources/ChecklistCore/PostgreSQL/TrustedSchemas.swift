/// The servers' schemas this user's program looked at and found carrying only its own code
/// (`PostgreSQLSchema.checkTrust`), each known by its fingerprint: an MD5 of the identity and
/// row version (`oid`, `xmin`) of every trigger, trigger function, policy, default, constraint
/// and index on the schema's tables, each column's type, and the tables' OIDs. A command reads
/// the fingerprint (a fraction of the full look's cost on a new connection) and looks in full
/// only when it is not here.
///
/// Why a fingerprint stands for the look: any change to code on the tables writes a new row
/// version in the catalogs (`CREATE TRIGGER`, `CREATE OR REPLACE FUNCTION`, `ALTER POLICY`, a
/// default or a constraint added, a table made again), whose transaction ID no role chooses, so
/// the next command looks in full. A transaction ID comes round again 2^32 transactions later:
/// a row version older than 2^30 gives no fingerprint (`PostgreSQLSchema.young`). The file is
/// this user's own (`$XDG_CACHE_HOME/checklist/trusted-schemas`, else `~/.cache/checklist/…`,
/// mode 0600 in a folder of mode 0700): a folder or file that another user owns, or that
/// others may write, a symbolic link or anything but a plain file is not read.
struct TrustedSchemas: Sendable {
    /// The file; nil: no place for one (no cache folder and no home), every command looks.
    let path: String?

    /// How many fingerprints the file keeps, newest first.
    static let capacity = 32

    /// The file in the user's cache folder.
    static let standard = TrustedSchemas(path: standardPath())

    static func standardPath() -> String? {
        if let cache = FileSystem.environment("XDG_CACHE_HOME"), cache.hasPrefix("/") {
            return cache + "/checklist/trusted-schemas"
        }
        if let home = FileSystem.environment("HOME"), home.hasPrefix("/") {
            return home + "/.cache/checklist/trusted-schemas"
        }
        return nil
    }

    func contains(_ fingerprint: String) -> Bool {
        fingerprints().contains(fingerprint)
    }

    /// Remembers a fingerprint the full look found clean; a file that cannot be written is
    /// left as it is (every command then looks in full).
    func add(_ fingerprint: String) {
        guard let path, !fingerprint.contains("\n") else { return }
        let kept = [fingerprint] + fingerprints().filter { $0 != fingerprint }
        let folders = [Self.parent(of: Self.parent(of: path)), Self.parent(of: path)]
        for folder in folders where !FileSystem.exists(folder) {
            guard FileSystem.makeFolder(folder, mode: 0o700) == nil else { return }
        }
        guard Self.isOwnFolder(Self.parent(of: path)) else { return }
        let temporary = "\(path).partial-\(FileSystem.processID)-\(FileSystem.randomHex(4))"
        let text = kept.prefix(Self.capacity).joined(separator: "\n") + "\n"
        guard FileSystem.writeNew(temporary, Array(text.utf8), mode: 0o600) == nil else {
            return
        }
        if FileSystem.move(temporary, to: path) != nil { FileSystem.remove(temporary) }
    }

    /// The fingerprints in the file, when it and its folder are this user's own and only they
    /// may write them.
    private func fingerprints() -> [String] {
        guard let path, Self.isOwnFolder(Self.parent(of: path)),
            let file = try? FileSystem.ReadingFile(path, notFollowing: true),
            let status = try? file.status(), status.kind == .regular,
            status.owner == FileSystem.effectiveUser, status.permissions & 0o022 == 0,
            status.size <= 1 << 20, let bytes = try? file.read(Int(status.size), at: 0)
        else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Whether `folder` is a folder (not a link to one) of this user's that no one else may
    /// write.
    private static func isOwnFolder(_ folder: String) -> Bool {
        guard case .success(let status) = FileSystem.status(of: folder, ofLinkItself: true)
        else { return false }
        return status.kind == .directory && status.owner == FileSystem.effectiveUser
            && status.permissions & 0o022 == 0
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
