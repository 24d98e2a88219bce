import Foundation

/// A child process started with `posix_spawn` and waited for with `waitpid`.
///
/// Not Foundation's `Process`, for two reasons seen here. A child inherits the signal mask of
/// the thread that starts it, and `Process` does not reset it: started from a thread that
/// blocks SIGCHLD (all of libdispatch's do), a shell's `wait` never returns, and a server tmux
/// starts ignores SIGTERM. And `Process.waitUntilExit` learns of the child's end through
/// SIGCHLD and a run loop; `waitpid` just waits, on whatever thread calls it.
struct ChildProcess {
    let pid: pid_t

    /// Starts `executable` with standard input, output and error read from and written to
    /// these files, and no other descriptor of the test process.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        in folder: String? = nil, stdin: String = "/dev/null", stdout: String = "/dev/null",
        stderr: String = "/dev/null"
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // A server a child starts (tmux) lives on: it must keep none of the test's
        // descriptors (the build lock among them), not even one another thread opens now.
        _ = ChildProcess.addCloseFrom(&actions, 3)
        if let folder { _ = ChildProcess.addChangeDirectory(&actions, folder) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var handled = sigset_t()
        sigfillset(&handled)
        posix_spawnattr_setsigdefault(&attributes, &handled)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status: Int32
        if let environment {
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in envp { free(pointer) } }
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        } else {
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else {
            throw HarnessError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// Waits for the process to end: its exit status, or the number of the signal that ended
    /// it (as `Process.terminationStatus` reports it).
    /// `beforeReaping` runs once it has ended but its pid is still its own.
    func wait(beforeReaping: () -> Void = {}) throws -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            guard errno == EINTR else {
                throw HarnessError(
                    "cannot wait for process \(pid): \(String(cString: strerror(errno)))")
            }
        }
        beforeReaping()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw HarnessError(
                    "cannot wait for process \(pid): \(String(cString: strerror(errno)))")
            }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc
    /// module does not declare.
    private static let addChangeDirectory:
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32 = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
                fatalError("glibc 2.29 or later is needed for posix_spawn_file_actions_addchdir_np")
            }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (
                    UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
                ) -> Int32).self)
        }()

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later): closes every
    /// descriptor from the given one up in the child.
    private static let addCloseFrom:
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
        ) -> Int32 = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
                fatalError(
                    "glibc 2.34 or later is needed for posix_spawn_file_actions_addclosefrom_np")
            }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (
                    UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
                ) -> Int32).self)
        }()
}
