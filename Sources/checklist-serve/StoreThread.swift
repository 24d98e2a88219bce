import Foundation
import Synchronization

/// The one thread that calls the store, so that no store call ever holds up the server's
/// thread (a busy file waits up to 5 s): the page's requests, one at a time in the order they
/// came, and after them, ten times a second or at once after a change made here, the live
/// updates' look at the store's change signal. Other threads hand it work through `perform`;
/// what it shares with them is behind a `Mutex`.
final class StoreThread: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    /// Signalled for a job and for a change made here; waited on with a 100 ms timeout.
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `job` on the store's thread, after the jobs before it.
    func perform(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        wake.signal()
    }

    /// A change was made here: the live updates look without waiting for their next turn.
    func lookNow() {
        wake.signal()
    }

    /// Starts the thread: jobs as they come, and the live updates' look after them.
    func start(looking live: LiveUpdates) {
        let thread = Thread { [self] in
            var mark = Int64.min
            while true {
                _ = wake.wait(timeout: .now() + .milliseconds(100))
                let taken = jobs.withLock { waiting in
                    defer { waiting.removeAll() }
                    return waiting
                }
                for job in taken { job() }
                mark = live.push(after: mark)
            }
        }
        thread.start()
    }
}
