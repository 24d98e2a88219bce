import Foundation
import Testing

/// The trait of every suite whose tests run the binary, a shell or tmux and wait for them.
///
/// Swift Testing runs every test body on Swift's cooperative thread pool, which has one thread
/// per core: two on this machine. A synchronous body that waits for a child process blocks its
/// thread for the whole wait. Before this trait, two such bodies took both threads, every other
/// test queued behind them, and the time limits of all of them ran meanwhile: a suite that
/// passes alone in seconds failed with "Time limit was exceeded" on a busy machine, and every
/// suite failed at the same moment.
///
/// So each test case of such a suite first waits (asynchronously, holding no thread) for one of
/// a few slots, then runs its body on a thread of its own, outside the cooperative pool
/// (`withTaskExecutorPreference`). The pool stays free for the in-process suites and for
/// Swift Testing itself, and the hang guard counts only the time a test actually runs. The
/// guard is sized for a slow, shared machine: it catches a hang, never a slow run. When it
/// fires, it records an issue and kills the test's processes, so the body ends.
struct ProcessTest: SuiteTrait, TestTrait, TestScoping {
    /// How long one test case may run once it has its thread.
    let hangGuard: Duration

    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> ProcessTest? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing body: @Sendable () async throws -> Void
    ) async throws {
        // Already inside a slot (a test of a suite that also has the trait): one is enough.
        if ChildProcesses.current != nil { return try await body() }
        await ProcessTest.slots.wait()
        do {
            try await runGuarded(body)
        } catch {
            await ProcessTest.slots.signal()
            throw error
        }
        await ProcessTest.slots.signal()
    }

    private func runGuarded(_ body: @Sendable () async throws -> Void) async throws {
        let children = ChildProcesses()
        try await ChildProcesses.$current.withValue(children) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                let limit = hangGuard
                group.addTask {
                    try await Task.sleep(for: limit)
                    Issue.record(
                        "hang guard: the test ran over \(limit); its processes were killed")
                    children.killAll()
                }
                defer { group.cancelAll() }
                try await withTaskExecutorPreference(ProcessTest.threads) { try await body() }
            }
        }
    }

    /// As many slots as threads, so a test that has a slot never waits for a thread.
    static let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
    static let threads = BlockingThreads(count: width, name: "process-test")
    static let slots = Slots(width)
}

extension Trait where Self == ConditionTrait {
    /// A test of the SQLite file itself (its bytes, mode, journal, a `sqlite3` query): it does
    /// not run when the contract suites run against a server (`CLI.usesServer`).
    static var fileOnly: ConditionTrait {
        .enabled(if: !CLI.usesServer, "looks at the SQLite file itself")
    }
}

extension Trait where Self == ProcessTest {
    /// Runs each test case on a thread of its own, off the cooperative pool, a few at a time,
    /// with a hang guard of 10 minutes (see `ProcessTest`).
    static var runsProcesses: ProcessTest { ProcessTest(hangGuard: .seconds(600)) }
}

/// The processes a test case started, killed by its hang guard.
final class ChildProcesses: @unchecked Sendable {
    @TaskLocal static var current: ChildProcesses?

    private let lock = NSLock()
    private var pids: Set<Int32> = []

    func add(_ pid: Int32) { lock.withLock { _ = pids.insert(pid) } }
    func remove(_ pid: Int32) { lock.withLock { _ = pids.remove(pid) } }
    func contains(_ pid: Int32) -> Bool { lock.withLock { pids.contains(pid) } }
    func killAll() { lock.withLock { for pid in pids { kill(pid, SIGKILL) } } }
}

/// A counting semaphore whose waiters suspend instead of blocking a thread, served in order.
actor Slots {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func wait() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func signal() {
        if waiters.isEmpty {
            free += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}

/// A task executor with threads of its own, on which a job may block: jobs wait in one queue and
/// each thread runs one at a time.
final class BlockingThreads: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(count: Int, name: String) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        Thread.current.threadDictionary[BlockingThreads.marker] = true
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Whether the calling code runs on one of these threads.
    static var isCurrent: Bool { Thread.current.threadDictionary[marker] as? Bool == true }
    private static let marker = "checklist.BlockingThreads"
}

/// The trait does what it says: without it, these bodies run on the cooperative pool.
@Suite(.runsProcesses) struct ProcessTestTraitTests {
    @Test func aBodyRunsOnAThreadOfItsOwnOffTheCooperativePool() {
        #expect(BlockingThreads.isCurrent, "on \(Thread.current)")
    }

    @Test(arguments: 0..<2) func eachCaseOfAParameterizedTestToo(_ index: Int) {
        #expect(BlockingThreads.isCurrent, "case \(index) on \(Thread.current)")
    }

    @Test func processesStartedByABodyAreKnownToItsHangGuard() throws {
        let cli = try CLI()
        let running = try cli.startScript("sleep 30")
        let pid = running.child.pid
        #expect(ChildProcesses.current?.contains(pid) == true)
        running.kill()
        _ = try running.finish()
        #expect(ChildProcesses.current?.contains(pid) == false)
    }
}
