import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM while a restore unpacks: the handler only stops the programs it runs (tar,
/// age) and notes the signal; the restore then removes its private folder and ends with the
/// signal's status. (SIGKILL cannot be caught: the next restore, or the next command that writes
/// to a vault beside it, removes the folder; see `RestoreFolder.sweep`.)
enum Interruption {
    /// The programs to stop, as process ids (0 for none); written before each starts.
    nonisolated(unsafe) static let children: UnsafeMutablePointer<pid_t> = {
        let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
        return pointer
    }()
    static let capacity = 4
    /// The signal caught, or 0.
    nonisolated(unsafe) static var caught: Int32 = 0

    /// Catches SIGINT and SIGTERM from now on.
    static func catchSignals() {
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { Interruption.handle($0) }
            #else
            action.__sigaction_handler.sa_handler = { Interruption.handle($0) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        // A mask inherited blocked (from the program that started afterflow) would hold them back.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Async-signal-safe: notes the signal and kills the children.
    static func handle(_ number: Int32) {
        caught = number
        for index in 0..<capacity where children[index] > 0 { kill(children[index], SIGKILL) }
    }

    /// Notes a started child, so that a signal stops it.
    static func started(_ pid: pid_t) {
        for index in 0..<capacity where children[index] == 0 {
            children[index] = pid
            if caught != 0 { kill(pid, SIGKILL) }
            return
        }
    }

    /// Forgets the children (once they have ended).
    static func forgetChildren() {
        for index in 0..<capacity { children[index] = 0 }
    }
}
