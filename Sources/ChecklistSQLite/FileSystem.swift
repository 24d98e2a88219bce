import ChecklistModel
import Glibc

/// The system calls the store makes itself, beside SQLite's: looking at a database file before
/// SQLite opens it, creating it and its folders, and the backup's temporary file. The only
/// file of this target that imports Glibc (Linux with glibc, the only system this program is
/// built and tested on); the rest of the store sees Swift values.
package enum FileSystem {
    /// A failed system call: its `errno`, and the system's words for it.
    package struct Failure: Error, Equatable {
        let code: Int32

        /// The path does not exist (ENOENT).
        var isMissing: Bool { code == ENOENT }
        /// The path already exists (EEXIST).
        var isExisting: Bool { code == EEXIST }
        /// "No space left on device".
        var reason: String { String(cString: strerror(code)) }

        fileprivate static var last: Failure { Failure(code: errno) }
    }

    package enum Kind: Equatable {
        case regular, directory, symbolicLink, fifo, socket, device, other
    }

    package struct Status: Equatable {
        let kind: Kind
        let size: Int64
        /// The owner's user ID, and the permission bits (`0o644`).
        let owner: UInt32
        let permissions: UInt32
        /// Size, modification time and inode: what changes when another process writes.
        let stamp: [Int]
    }

    /// stat(2); with `ofLinkItself`, lstat(2): a symbolic link is judged as itself.
    package static func status(of path: String, ofLinkItself: Bool = false) -> Result<
        Status, Failure
    > {
        var status = stat()
        guard
            (RawPath.withCString(path) { ofLinkItself ? lstat($0, &status) : stat($0, &status) })
                == 0
        else {
            return .failure(.last)
        }
        return .success(Status(status))
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return RawPath.withCString(path) { stat($0, &status) } == 0
    }

    /// The bytes this user may still write in the file system holding `path` (statvfs(2));
    /// nil when it cannot be told.
    static func availableBytes(_ path: String) -> Int? {
        var status = statvfs()
        guard RawPath.withCString(path, { statvfs($0, &status) }) == 0 else { return nil }
        return Int(clamping: UInt64(status.f_bavail) &* UInt64(status.f_frsize))
    }

    /// access(2) with W_OK: nil when this user may write `path`.
    static func writeRefusal(_ path: String) -> Failure? {
        RawPath.withCString(path) { access($0, W_OK) } == 0 ? nil : .last
    }

    /// Creates a file that must not exist yet, with `mode`.
    static func createNew(_ path: String, mode: UInt32) -> Failure? {
        let descriptor = RawPath.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        }
        guard descriptor >= 0 else { return .last }
        close(descriptor)
        return nil
    }

    static func makeFolder(_ path: String, mode: UInt32) -> Failure? {
        RawPath.withCString(path) { mkdir($0, mode_t(mode)) } == 0 ? nil : .last
    }

    /// Flushes a file's data to the disk (fsync(2)).
    static func flushToDisk(_ path: String) -> Failure? {
        let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .last }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : .last
    }

    /// rename(2): replaces `destination` at once.
    static func move(_ source: String, to destination: String) -> Failure? {
        RawPath.withCString(source) { from in
            RawPath.withCString(destination) { rename(from, $0) }
        } == 0 ? nil : .last
    }

    static func remove(_ path: String) {
        _ = RawPath.withCString(path) { unlink($0) }
    }

    static var processID: Int32 { getpid() }

    /// The user the program runs as (geteuid(2)).
    static var effectiveUser: UInt32 { geteuid() }

    /// An environment variable's value, when set and not empty.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// Writes `bytes` to a file that must not exist yet, made with `mode`.
    static func writeNew(_ path: String, _ bytes: [UInt8], mode: UInt32) -> Failure? {
        let descriptor = RawPath.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        }
        guard descriptor >= 0 else { return .last }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { write(descriptor, $0 + written, bytes.count - written) }
                    ?? 0
            }
            guard count > 0 else { return .last }
            written += count
        }
        return nil
    }

    /// Writes `bytes` into the file at `path`, which this process made (empty): not through a
    /// link.
    static func overwrite(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Failure? {
        let descriptor = RawPath.withCString(path) {
            open($0, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return .last }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            guard let base = bytes.baseAddress else { break }
            let count = Glibc.write(descriptor, base + written, bytes.count - written)
            guard count > 0 else { return .last }
            written += count
        }
        return nil
    }

    /// Who runs the program, as the changes record it on SQLite: `LOGNAME` or `USER` when set
    /// (as POSIX login sets them, and as `su` and `sudo` change them), else the password
    /// entry's name for the effective user, else `uid N`.
    static var loginName: String {
        // A name with a control character (a line break would split `history`'s lines) is
        // passed over, as an empty one is.
        for variable in ["LOGNAME", "USER"] {
            guard let value = getenv(variable), value.pointee != 0 else { continue }
            let name = String(cString: value)
            if !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return name
            }
        }
        let uid = geteuid()
        if let entry = getpwuid(uid), let name = entry.pointee.pw_name, name.pointee != 0 {
            return String(cString: name)
        }
        return "uid \(uid)"
    }

    static func pause(microseconds: UInt32) {
        usleep(microseconds)
    }

    /// A file open for reading, closed when it goes away.
    struct ReadingFile: ~Copyable {
        private let descriptor: Int32

        /// `notFollowing`: a symbolic link is refused (ELOOP) and a FIFO does not block.
        init(_ path: String, notFollowing: Bool = false) throws(Failure) {
            let flags = O_RDONLY | O_CLOEXEC | (notFollowing ? O_NOFOLLOW | O_NONBLOCK : 0)
            descriptor = RawPath.withCString(path) { open($0, flags) }
            guard descriptor >= 0 else { throw .last }
        }

        deinit { close(descriptor) }

        /// Up to `count` bytes from `offset` (pread(2)); fewer at the end of the file.
        func read(_ count: Int, at offset: Int64) throws(Failure) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, count, off_t(offset))
            }
            guard read >= 0 else { throw .last }
            return Array(bytes.prefix(read))
        }

        /// fstat(2) of the open file.
        func status() throws(Failure) -> Status {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw .last }
            return Status(status)
        }
    }
}

extension FileSystem.Status {
    fileprivate init(_ status: stat) {
        kind =
            switch status.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            case S_IFIFO: .fifo
            case S_IFSOCK: .socket
            case S_IFCHR, S_IFBLK: .device
            default: .other
            }
        size = Int64(status.st_size)
        owner = status.st_uid
        permissions = UInt32(status.st_mode & 0o7777)
        stamp = [
            Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
            Int(status.st_ino),
        ]
    }
}
