#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The vault's advisory write lock: `flock(2)` on `.afterflow/lock`.
///
/// Every change afterflow makes to a vault's files happens while holding it, so two afterflow
/// processes take turns instead of losing each other's changes. Waiting gives up after the vault's
/// `lockTimeout`. The lock is re-entrant on one thread; other threads of the same process wait
/// like other processes do (each takes it through its own open file).
enum VaultLock {
    static let fileName = "lock"

    /// Runs `body` holding the lock of the vault at `root`.
    static func withLock<T>(root: String, timeout: TimeInterval, _ body: () throws(VaultError) -> T) throws(VaultError) -> T {
        try withLock(file: root + "/" + Vault.stateFolder + "/" + fileName, name: "the vault's lock (\(Vault.stateFolder)/\(fileName))",
                     timeout: timeout, body)
    }

    /// Runs `body` holding an exclusive `flock` on `file` (created 0600 when missing); `name` says
    /// which lock it is in messages.
    static func withLock<T>(file path: String, name: String, timeout: TimeInterval, _ body: () throws(VaultError) -> T) throws(VaultError) -> T {
        if LockRegistry.shared.reenter(path) {
            defer { LockRegistry.shared.leave(path) }
            return try body()
        }
        let fd = try acquire(path, name: name, timeout: timeout)
        LockRegistry.shared.hold(path, fd: fd)
        defer { LockRegistry.shared.leave(path) }
        return try body()
    }

    private static func acquire(_ path: String, name: String, timeout: TimeInterval) throws(VaultError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, FileIO.fileMode)
        guard fd >= 0 else { throw VaultError.io(path, "open the lock file", errno: errno) }
        // Elapsed time on the monotonic clock, not the time of day.
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
        var pause: useconds_t = 1_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                close(fd)
                throw VaultError.io(path, "lock", errno: code)
            }
            if ContinuousClock.now >= deadline {
                close(fd)
                throw VaultError(.locked,
                    "another afterflow process has held \(name) for \(seconds(timeout)); nothing was written",
                    details: ["Try again when it has finished, or raise AFTERFLOW_LOCK_TIMEOUT (seconds)."])
            }
            usleep(pause)
            pause = min(pause * 2, 25_000)
        }
        return fd
    }

    private static func seconds(_ value: TimeInterval) -> String {
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + (rounded == 1 ? " second" : " seconds")
    }
}

/// The vault locks this process holds: which thread, and how many times it entered.
private final class LockRegistry: @unchecked Sendable {
    static let shared = LockRegistry()

    private struct Holder {
        var fd: Int32
        var thread: ObjectIdentifier
        var depth: Int
    }

    private let mutex = NSLock()
    private var held: [String: Holder] = [:]

    private var thread: ObjectIdentifier { ObjectIdentifier(Thread.current) }

    /// Enters again when this thread already holds the lock of `key`.
    func reenter(_ key: String) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        guard var holder = held[key], holder.thread == thread else { return false }
        holder.depth += 1
        held[key] = holder
        return true
    }

    func hold(_ key: String, fd: Int32) {
        mutex.lock()
        held[key] = Holder(fd: fd, thread: thread, depth: 1)
        mutex.unlock()
    }

    func leave(_ key: String) {
        mutex.lock()
        defer { mutex.unlock() }
        guard var holder = held[key] else { return }
        holder.depth -= 1
        if holder.depth > 0 {
            held[key] = holder
            return
        }
        held[key] = nil
        flock(holder.fd, LOCK_UN)
        close(holder.fd)
    }
}

extension Vault {
    /// Runs `body` holding the vault's write lock (see `VaultLock`); waits at most `lockTimeout`.
    ///
    /// Holding it, first removes the stale temporary files the index's last refresh in this
    /// process noticed (see `TemporaryFiles`), and the folders of killed restores beside the vault,
    /// when the caller gave a `fileClock` to tell their age by; after `body`, the stale ones in
    /// the folders it wrote a temporary file into.
    /// A vault whose `.afterflow` is a link out of it is refused: nothing is written outside.
    public func withLock<T>(_ body: () throws(VaultError) -> T) throws(VaultError) -> T {
        _ = try writablePath(Vault.stateFolder + "/" + VaultLock.fileName)
        return try VaultLock.withLock(root: root, timeout: lockTimeout) { () throws(VaultError) -> T in
            // How old a leftover file is goes by the caller's real clock (as file times do),
            // never the time a command is told it is (see `fileClock`).
            if let fileTime = fileClock?() {
                TemporaryFiles.sweep(self, now: fileTime)
                // A restore killed beside this vault left its private folder there (see RestoreFolder).
                RestoreFolder.sweep(in: (root as NSString).deletingLastPathComponent, now: fileTime)
            }
            // The folders the body wrote into are looked at once it is done (their leftovers are
            // those of a killed write of the same files), still holding the lock.
            defer { if let fileTime = fileClock?() { TemporaryFiles.sweep(self, now: fileTime) } }
            return try body()
        }
    }
}
